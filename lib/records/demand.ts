import { z } from "zod";
import { IsoTime, Reason, Urn } from "@/lib/primitives";
import { DemandStatus, DemandType } from "@/lib/vocabulary";

export { DEMAND_STATUSES, DEMAND_TYPES, DemandStatus, DemandType } from "@/lib/vocabulary";

// the type's meaning, where the API documents a demand
const DemandTypeField = DemandType.meta({
  description: "INITIAL: the first demand of a case, the baseline; INCREMENTAL: extra rooms on top of the approved baseline, never reducing or invalidating existing reservations",
});

/** The most rooms one demand may ask for: the size of the largest manifest a case may hold. */
export const MAX_ROOMS_PER_DEMAND = 5000;

export const DemandInput = z
  .object({
    type: DemandTypeField,
    roomsRequested: z
      .number()
      .int()
      .min(1)
      .max(MAX_ROOMS_PER_DEMAND)
      .optional()
      .meta({
        description:
          `rooms, 1–${MAX_ROOMS_PER_DEMAND}. Optional for an INITIAL demand: absent, the rooms the allocation would place — ` +
          "under a tier policy with care.requestRoomsFromCare the rooms of the groups the right to care owes a hotel, " +
          "for other tiers every waiting group's rooms (the case's roomsNeeded). Required for an INCREMENTAL demand.",
      }),
  })
  .meta({ id: "NewDemand" });
export type DemandInput = z.infer<typeof DemandInput>;
/** A demand once its rooms are known (given, or decided from the right to care). */
export type ResolvedDemandInput = DemandInput & { roomsRequested: number };

export const DemandDecisionBody = z.object({ reason: Reason }).meta({ id: "DemandDecision" });

// What the verbs take: the request plus the path's identifiers
export const CreateDemandInput = DemandInput.extend({ caseUrn: Urn("case") });
export type CreateDemandInput = z.input<typeof CreateDemandInput>;
export const DemandRef = z.object({ demandUrn: Urn("demand") });
export const DemandDecisionInput = DemandRef.extend({ reason: Reason });
export type DemandDecisionInput = z.input<typeof DemandDecisionInput>;
export const CaseRef = z.object({ caseUrn: Urn("case") });

export const DemandApproval = z
  .object({
    decidedBy: z.string().meta({ description: "sub of the supervisor, or system:auto-approval" }),
    decidedAt: IsoTime,
    reason: z.string(),
    policyUrn: z.string().nullable().meta({ description: "the policy the decision was made against; null when no ACTIVE policy matched (and for a rejection)" }),
    policyVersion: z.number().int().nullable(),
  })
  .meta({ id: "DemandApproval", description: "the decision record: who approved (or rejected), when, why, against which policy version" });

export const Demand = z
  .object({
    urn: z.string(),
    caseUrn: z.string(),
    type: DemandTypeField,
    roomsRequested: z.number().int(),
    status: DemandStatus,
    automatic: z.boolean().meta({ description: "approved by the automatic rule (spec 3.1)" }),
    approval: DemandApproval.nullable().meta({ description: "null while REQUESTED" }),
    roomsAllocated: z.number().int().meta({ description: "rooms the demand's allocation waves placed and still hold (pending and booked included; cancelled, failed and held groups not), derived when read" }),
    roomsBooked: z.number().int().meta({ description: "rooms of the demand's CONFIRMED or CHECKED_OUT reservations, each group's rooms once (a re-accommodation's continuation adds nights, not rooms), derived when read" }),
    createdBy: z.string(),
    createdAt: IsoTime,
    updatedAt: IsoTime,
    heldForLater: z
      .number()
      .int()
      .optional()
      .meta({
        description:
          "only on the answer of an approval (POST approve, or a create approved automatically): rooms the case's approvals now cover beyond every group " +
          "that needs one, held as a block for passengers added later (the next group added is placed there first); 0 when every approved room has a group",
      }),
  })
  .meta({ id: "Demand" });
export type Demand = z.infer<typeof Demand>;

/**
 * A demand as the case record lists it: the Demand record without what the case already says
 * (caseUrn) and with its decision flattened (decidedBy, decidedAt, decisionReason, policyUrn,
 * policyVersion), as the case record has always answered it.
 */
export const CaseDemand = Demand.omit({ caseUrn: true, approval: true, updatedAt: true, heldForLater: true })
  .extend({
    decidedBy: z.string().nullable(),
    decidedAt: IsoTime.nullable(),
    decisionReason: z.string().nullable(),
    policyUrn: DemandApproval.shape.policyUrn,
    policyVersion: DemandApproval.shape.policyVersion,
  })
  .meta({ id: "CaseDemand" });
export type CaseDemand = z.infer<typeof CaseDemand>;

export const ShortfallReason = z
  .object({
    category: z.string().meta({ description: "review item category, e.g. ALLOCATION_FAILED, BOOKING_FAILED" }),
    groups: z.array(z.string()).meta({ description: "group ids affected by the open items of this category" }),
    rooms: z.number().int().meta({ description: "rooms those groups need" }),
  })
  .meta({ id: "ShortfallReason" });

export const DemandSummary = z
  .object({
    caseUrn: z.string(),
    totalRequested: z.number().int().meta({ description: "rooms of every demand not REJECTED" }),
    totalApproved: z.number().int().meta({ description: "rooms of APPROVED, FULFILLED and PARTIAL demands" }),
    totalAllocated: z.number().int().meta({ description: "rooms the allocation waves assigned" }),
    totalBooked: z.number().int().meta({ description: "rooms of CONFIRMED and CHECKED_OUT reservations of the case" }),
    shortfall: z.number().int().meta({ description: "max(0, totalApproved − totalBooked)" }),
    heldForLater: z.number().int().meta({
      description: "the part of the shortfall no group waits for: approved rooms beyond every group that needs a room, held as a block for passengers added later",
    }),
    shortfallReasons: z.array(ShortfallReason).meta({ description: "one entry per category of the case's open (OPEN or CLAIMED) review items" }),
  })
  .meta({ id: "DemandSummary" });
export type DemandSummary = z.infer<typeof DemandSummary>;

/** Statuses whose rooms count as approved: the baseline an INCREMENTAL demand adds to. */
export const APPROVED_STATUSES: readonly DemandStatus[] = ["APPROVED", "FULFILLED", "PARTIAL"];

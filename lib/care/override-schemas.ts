import { z } from "zod";
import { IsoTime, Reason, Urn } from "@/lib/primitives";
import { CareKind } from "@/lib/vocabulary";
import { PassengerCare } from "./types";

/** The kinds a supervisor's override owes: a room and the rides to and from it. */
export const OVERRIDE_KINDS = ["HOTEL", "TRANSPORT"] as const;

export const CareOverrideBody = z
  .object({
    groupId: z.string().trim().min(1).max(100).meta({ description: "the group of the case to house (the PNR unless set or split)" }),
    reason: Reason,
  })
  .meta({ id: "NewCareOverride" });

export const CareOverrideInput = CareOverrideBody.extend({ caseUrn: Urn("case") });
export type CareOverrideInput = z.input<typeof CareOverrideInput>;

export const CareOverride = z
  .object({
    caseUrn: z.string(),
    groupId: z.string(),
    kinds: z.array(CareKind).meta({ description: "the kinds now owed by the override: HOTEL and TRANSPORT" }),
    reason: z.string(),
    createdBy: z.string(),
    createdAt: IsoTime,
    assessmentVersion: z.number().int().meta({ description: "the care assessment (trigger OVERRIDE) that now owes them" }),
    passengers: z.array(PassengerCare).meta({ description: "the group's passengers with their new entitlements" }),
    next: z.string().meta({ description: "what to do next: rooms are requested as an INCREMENTAL demand (or the INITIAL one) as usual" }),
  })
  .meta({ id: "CareOverride" });
export type CareOverride = z.infer<typeof CareOverride>;

import { z } from "zod";
import { Disruption } from "@/lib/cases/disruption";
import { CareRegime } from "@/lib/vocabulary";
import { Entitlement } from "./types";

/** GET /cases/{caseUrn}/care: the newest assessment of a case, in the shape the console and the API read. */

export const CareFactsRecord = z
  .object({
    origin: z.string().meta({ example: "CDG" }),
    destination: z.string().meta({ example: "JFK" }),
    originCountry: z.string().meta({ example: "FR" }),
    destinationCountry: z.string().meta({ example: "US" }),
    carrierCountry: z.string().nullable().meta({ description: "the tenant setting `carrierCountry`; null: not set" }),
    distanceKm: z.number().int().meta({ description: "great-circle km origin → destination" }),
    blockMinutes: z.number().int().meta({ description: "the estimated block time (DGCA's bands)" }),
    nextDeparture: z.string().nullable().meta({ description: "the departure the passengers wait for; null: not known yet" }),
    waitMinutes: z.number().int().nullable().meta({ description: "scheduled departure → nextDeparture" }),
    overnight: z.boolean().nullable().meta({ description: "an overnight stay is needed; null while the next departure is not known" }),
  })
  .meta({ id: "CareFacts" });

export const CarePassengerRecord = z
  .object({
    passengerId: z.string(),
    groupId: z.string().meta({ description: "the passenger's group now (groups may be split or merged after the assessment)" }),
    name: z.string().nullable().meta({ example: "Marie D.", description: "first name and initial; null when erased or not on the manifest" }),
    priority: z.boolean().meta({ description: "reduced mobility or an unaccompanied child (EU261 Art. 11)" }),
    entitlements: z.array(Entitlement),
  })
  .meta({ id: "CarePassenger" });

export const CareSummary = z
  .object({
    MEAL: z.number().int(),
    HOTEL: z.number().int(),
    TRANSPORT: z.number().int(),
    COMMUNICATION: z.number().int(),
    priority: z.number().int().meta({ description: "priority passengers (EU261 Art. 11)" }),
  })
  .meta({ id: "CareSummary", description: "passengers owed each kind of care, and the priority passengers" });

export const CareVersion = z.object({
  version: z.number().int().min(1),
  trigger: z.string().meta({ example: "REACCOMMODATED", description: "what moved the facts: CASE_CREATED, REACCOMMODATED, PASSENGERS_ADDED, POLICY, OVERRIDE" }),
  assessedAt: z.string().meta({ description: "UTC timestamp" }),
});

/** The trigger of an answer decided on the read, not stored yet (no version): the assessment job stores it. */
export const PENDING_TRIGGER = "PENDING";

export const CaseCare = z.object({
  version: z.number().int().min(1).nullable().meta({ description: "the stored version answered; null while none is stored yet (trigger PENDING): the answer is decided now from the case's facts, and the assessment job stores it as version 1" }),
  trigger: z.string().meta({ example: "REACCOMMODATED", description: "what moved the facts: CASE_CREATED, REACCOMMODATED, PASSENGERS_ADDED, POLICY, OVERRIDE; PENDING when no version is stored yet (decided on this read, nothing written)" }),
  assessedAt: z.string().meta({ description: "UTC timestamp of the version; for a PENDING answer, when it was decided (now)" }),
  caseUrn: z.string(),
  disruption: Disruption,
  facts: CareFactsRecord,
  regimes: z.array(CareRegime).meta({ description: "the passenger-rights regimes that cover the flight (empty: none; the airline's own policy is not listed)" }),
  summary: CareSummary,
  passengers: z.array(CarePassengerRecord),
  history: z.array(CareVersion).meta({ description: "every version, newest first" }),
}).meta({ id: "CaseCare" });
export type CaseCare = z.infer<typeof CaseCare>;

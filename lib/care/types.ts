import { z } from "zod";
import type { Disruption } from "@/lib/cases/disruption";
import type { CarePolicy } from "@/lib/policies/care";
import { CareKind, CareRegime, type SpecialNeed, type Tier } from "@/lib/vocabulary";

/**
 * The right-to-care shapes, for any importer (the engine, the API, the console): no database here.
 * The engine (./decide.ts) is pure: the facts of a case and its passengers in, entitlements out.
 */

export { DEFAULT_DISRUPTION, Disruption } from "@/lib/cases/disruption";

export { CarePolicy } from "@/lib/policies/care";

/** The case-level facts every regime decides from; stored with each assessment as its inputs. */
export type CareFacts = {
  flight: { number: string; origin: string; destination: string; scheduledDeparture: string };
  /** ISO 3166-1 alpha-2 of the origin and destination airports */
  originCountry: string;
  destinationCountry: string;
  /** the operating carrier's country (tenant setting `carrierCountry`); null: not set */
  carrierCountry: string | null;
  /** great-circle km origin → destination */
  distanceKm: number;
  /** the flight's estimated block time (DGCA's bands), minutes */
  blockMinutes: number;
  disruption: Disruption;
  /** the departure the passengers now wait for (the next flight, or the delayed flight's new time); null: not known yet */
  nextDeparture: string | null;
  /** minutes from the scheduled departure to nextDeparture; null while it is not known */
  waitMinutes: number | null;
  /** an overnight stay is needed (lib/cases/stay.ts computeStay); null while the next departure is not known */
  overnight: boolean | null;
  /** the scheduled departure's local hour at the origin, 0–23 (DGCA's 20:00–03:00 window) */
  localDepartureHour: number;
};

/** One passenger as the engine sees them. */
export type CarePassenger = {
  passengerId: string;
  groupId: string;
  tier: Tier | null;
  specialNeeds: readonly SpecialNeed[];
  /** the care section of the policy matched for the passenger's tier; null: none */
  airlineCare: CarePolicy | null;
  /** a supervisor's override for the passenger's group (care_overrides); absent: none */
  override?: CareOverride | null;
};

/** A supervisor's decision that the group is owed these kinds of care whatever the regimes say. */
export type CareOverride = { kinds: readonly CareKind[]; reason: string; by: string };

/** Why one regime owes (or does not owe) one kind of care. */
export const CareBasis = z
  .object({
    regime: CareRegime,
    article: z.string().meta({ example: "Art. 5(1)(b), 9(1)(a)" }),
    rule: z.string().meta({ description: "the rule in words", example: "cancellation: meals and refreshments at once" }),
    owed: z.boolean(),
    fromMinutes: z.number().int().optional().meta({ description: "minutes after the scheduled departure from which this regime owes it" }),
    inputs: z.record(z.string(), z.unknown()).meta({ description: "the facts the rule read" }),
  })
  .meta({ id: "CareBasis" });
export type CareBasis = z.infer<typeof CareBasis>;

export const Entitlement = z
  .object({
    kind: CareKind,
    owed: z.boolean().meta({ description: "the most generous of the bases: owed when any of them owes it" }),
    fromMinutes: z.number().int().optional().meta({ description: "the earliest minute (after the scheduled departure) any basis owes it from" }),
    basis: z.array(CareBasis).meta({ description: "every regime's verdict on this kind, the owing ones first" }),
  })
  .meta({ id: "CareEntitlement" });
export type Entitlement = z.infer<typeof Entitlement>;

export const PassengerCare = z
  .object({
    passengerId: z.string(),
    groupId: z.string(),
    priority: z.boolean().meta({ description: "reduced mobility or an unaccompanied child (EU261 Art. 11): placed first in the tier's pass" }),
    entitlements: z.array(Entitlement).meta({ description: "one per kind: MEAL, HOTEL, TRANSPORT, COMMUNICATION" }),
  })
  .meta({ id: "PassengerCare" });
export type PassengerCare = z.infer<typeof PassengerCare>;

/** Needs that make a passenger a priority under EU261 Art. 11 (reduced mobility, unaccompanied children). */
export const PRIORITY_NEEDS: readonly SpecialNeed[] = ["WHEELCHAIR", "VISUAL_IMPAIRMENT", "HEARING_IMPAIRMENT", "MEDICAL", "UNACCOMPANIED_MINOR"];


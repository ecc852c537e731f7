import type { z } from "zod";
import { DEFAULT_CARE } from "@/lib/policies/care";
import { DEFAULT_CAPACITY_CALL, DEFAULT_RECONFIRMATION } from "@/lib/policies/hotel-word";
import { DEFAULT_WEIGHTS, type Policy, PolicyInput, PROVIDERS } from "@/lib/policies/schemas";

/** What the policy form holds: the API's PolicyInput before parsing (its defaults not yet applied). */
export type PolicyFormValues = z.input<typeof PolicyInput>;

export function blankPolicy(): PolicyFormValues {
  return {
    name: "",
    context: { airport: null, airline: null, country: null },
    tiers: ["ECONOMY"],
    constraints: {
      minStars: 3,
      maxDistanceKm: 25,
      maxNightlyRate: null,
      requiredAmenities: [],
      excludedChains: [],
      allowProviders: [...PROVIDERS],
      minQuality: null,
    },
    buffers: { lateCheckoutMinutes: 0, earlyCheckInMinutes: 0 },
    mode: "ON_DEMAND",
    autoApproveDemand: false,
    incrementalRequiresApproval: true,
    maxAutomaticRoomsPerWave: 50,
    allocationWeights: { ...DEFAULT_WEIGHTS },
    transport: { mode: "SHUTTLE", perTier: { FIRST: "PRIVATE_CAR", BUSINESS: "PRIVATE_CAR" }, minutesBeforePickup: 180, shuttleCapacity: 16 },
    acceptedPayments: ["GUARANTEE"],
    cardToken: null,
    currency: undefined,
    care: { ...DEFAULT_CARE },
    reconfirmation: { ...DEFAULT_RECONFIRMATION },
    capacityCall: { ...DEFAULT_CAPACITY_CALL },
  };
}

/** A stored policy as form values: the starting point to edit a draft or to write its next version. */
export function policyToForm(p: Policy): PolicyFormValues {
  const { acceptedPayments: _inner, ...constraints } = p.constraints;
  return {
    name: p.name,
    context: { ...p.context },
    tiers: [...p.tiers],
    constraints: { ...constraints, requiredAmenities: [...constraints.requiredAmenities], excludedChains: [...constraints.excludedChains], allowProviders: [...constraints.allowProviders] },
    buffers: { ...p.buffers },
    mode: p.mode,
    autoApproveDemand: p.autoApproveDemand,
    incrementalRequiresApproval: p.incrementalRequiresApproval,
    maxAutomaticRoomsPerWave: p.maxAutomaticRoomsPerWave,
    allocationWeights: { ...p.allocationWeights },
    transport: { ...p.transport, perTier: { ...p.transport.perTier } },
    acceptedPayments: [...p.acceptedPayments],
    cardToken: p.cardToken,
    care: { ...p.care },
    reconfirmation: { ...p.reconfirmation },
    capacityCall: { ...p.capacityCall },
    // the currency is derived from an airport or country context and may not be restated
    currency: p.context.airport || p.context.country ? undefined : p.currency,
    provenance: p.provenance,
  };
}

import type { z } from "zod";
import type { Db } from "@/db/client";
import { activatePolicy } from "@/lib/policies/activate";
import { createPolicy } from "@/lib/policies/create";
import { type Policy, PolicyInput } from "@/lib/policies/schemas";
import { ctxFor, principal } from "./factories";

export type PolicyDraft = z.input<typeof PolicyInput>;

/** A valid policy payload: CDG economy cabins unless overridden. */
export function policyPayload(over: Partial<PolicyDraft> = {}): PolicyDraft {
  return {
    name: "CDG economy",
    context: { airport: "CDG" },
    tiers: ["ECONOMY", "PREMIUM_ECONOMY"],
    constraints: { minStars: 3, maxDistanceKm: 25, maxNightlyRate: 160, requiredAmenities: ["WIFI"] },
    autoApproveDemand: true,
    maxAutomaticRoomsPerWave: 50,
    ...over,
  };
}

/** A policy created and activated through the services, as a supervisor of the tenant would. */
export async function activePolicy(db: Db, tenant: string, over: Partial<PolicyDraft> = {}): Promise<Policy> {
  const ctx = ctxFor(db, principal({ tenant, roles: ["OPS_SUPERVISOR"] }));
  const draft = await createPolicy({ ctx, input: PolicyInput.parse(policyPayload(over)) });
  return activatePolicy({ ctx, input: { policyUrn: draft.urn } });
}

import { z } from "zod";
import { PolicyConstraints } from "./schemas";

const C = PolicyConstraints.shape;
/**
 * The constraints a relax may change, each with the policy schema's own rule (lib/policies),
 * every one optional and no other key allowed: an unknown constraint is a 422, not ignored.
 */
export const RelaxFields = z
  .strictObject({
    minStars: C.minStars.unwrap().optional(),
    maxDistanceKm: C.maxDistanceKm.unwrap().optional(),
    maxNightlyRate: C.maxNightlyRate.unwrap().optional(),
    requiredAmenities: C.requiredAmenities.unwrap().optional(),
    excludedChains: C.excludedChains.unwrap().optional(),
    acceptedPayments: C.acceptedPayments.unwrap().optional(),
    allowProviders: C.allowProviders.unwrap().optional(),
  })
  .refine((f) => Object.keys(f).length > 0, { message: "name at least one constraint" })
  .meta({ id: "RelaxFields", description: "constraint name → new value for this case only (PolicyConstraints, partial)" });
export type RelaxFields = z.infer<typeof RelaxFields>;

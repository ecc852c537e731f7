import type { EnginePolicy, EngineWeights } from "./types";

/** Spec 4.8 step 5 and part 8. */
export const DEFAULT_WEIGHTS: EngineWeights = { cost: 0.6, distance: 0.25, consolidation: 0.15 };

/** The policy's allocationWeights, else the defaults with consolidationWeight (when set) for consolidation. */
export function weightsOf(policy: EnginePolicy): EngineWeights {
  if (policy.allocationWeights) return policy.allocationWeights;
  return { ...DEFAULT_WEIGHTS, consolidation: policy.consolidationWeight ?? DEFAULT_WEIGHTS.consolidation };
}

/**
 * Min–max normalisation over the tier's compliant hotels, higher is better: the cheapest rate and
 * the nearest hotel score 1, the dearest and the farthest 0; all equal scores 1. Cost is nightly
 * rate × rooms × nights, and rooms × nights is the same for every hotel a group is scored on, so
 * normalising the nightly rate normalises the cost.
 */
export function lowerIsBetter(value: number, min: number, max: number): number {
  return max > min ? (max - value) / (max - min) : 1;
}

/**
 * Consolidation, more groups in one hotel is better: 0 for an empty hotel, n/(n+1) for a hotel
 * that already holds n groups of this wave (any tier). Bounded by 1, so a branch-and-bound scan
 * may stop once even a full consolidation score cannot beat the best found.
 */
export function consolidationScore(groupsInHotel: number): number {
  return groupsInHotel / (groupsInHotel + 1);
}

/** Weighted score, 0–1: Σ weight × normalised score ÷ Σ weights. */
export function weightedScore(w: EngineWeights, cost: number, distance: number, consolidation: number): number {
  const sum = w.cost + w.distance + w.consolidation;
  return (w.cost * cost + w.distance * distance + w.consolidation * consolidation) / sum;
}

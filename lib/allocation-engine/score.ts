import type { EnginePolicy, EngineQuality, EngineWeights } from "./types";

/** Decimals of a score as the engine's output gives it. */
export const SCORE_DIGITS = 6;

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

/** Σ weights, the divisor of every weighted score. */
export function weightSum(w: EngineWeights): number {
  return w.cost + w.distance + w.consolidation + (w.quality ?? 0);
}

/**
 * Stay quality, higher is better: a score of 1–5 maps to 0–1 on a fixed scale (not min–max, so one
 * well-rated hotel among unrated ones is not pushed to the top by normalisation alone); a hotel
 * without a score (too few ratings) is neutral, 0.5, neither rewarded nor punished.
 */
export function qualityScore(q: EngineQuality | undefined): number {
  return q && q.score !== null ? Math.min(1, Math.max(0, (q.score - 1) / 4)) : 0.5;
}

/** Weighted score, 0–1: Σ weight × normalised score ÷ Σ weights. With quality's weight 0 (the default) the result is the same number as without the term. */
export function weightedScore(w: EngineWeights, cost: number, distance: number, consolidation: number, quality = 0): number {
  return (w.cost * cost + w.distance * distance + w.consolidation * consolidation + (w.quality ?? 0) * quality) / weightSum(w);
}

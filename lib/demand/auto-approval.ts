import { inPassOrder } from "@/lib/policies/schemas";
import type { ResolvedDemandInput } from "@/lib/records/demand";

type PolicyFlags = {
  urn: string;
  version: number;
  autoApproveDemand: boolean;
  maxAutomaticRoomsPerWave: number;
  incrementalRequiresApproval: boolean;
};
/** A tier of the case with the policy that applies to it and, when known, how many of the case's passengers (needing rooms) it has. */
export type TierPolicy<P extends PolicyFlags = PolicyFlags> = { tier: string; policy: P | null; passengers?: number };

export type AutoDecision<P extends PolicyFlags = PolicyFlags> =
  | { approve: true; policy: P; ceiling: number }
  | { approve: false; why: string };

/**
 * The policy a case's demand names (its decision's record): the matched policy of the tier most of
 * the case's passengers travel in, so a mostly-economy case with two business passengers names
 * its economy policy, not the business one; between tiers of as many passengers, the first in
 * allocation pass order (FIRST, BUSINESS, PREMIUM_ECONOMY, ECONOMY, CREW). Tiers without a policy
 * are passed over. Each tier is still allocated under its own policy; this is the one named.
 */
export function policyOfRecord<P extends PolicyFlags>(tiers: readonly TierPolicy<P>[]): P | null {
  const order = inPassOrder(tiers.map((t) => t.tier));
  const named = tiers.filter((t) => t.policy).sort((a, b) => (b.passengers ?? 0) - (a.passengers ?? 0) || order.indexOf(a.tier) - order.indexOf(b.tier));
  return named[0]?.policy ?? null;
}

/**
 * Spec 3.1's automatic approval, for a case whose passengers span several tiers (each allocated
 * under its own policy): every tier of the case needs a matching ACTIVE policy with
 * autoApproveDemand; roomsRequested must not exceed the smallest maxAutomaticRoomsPerWave among
 * them (equality is under); for INCREMENTAL none may have incrementalRequiresApproval.
 */
export function decideAutoApproval<P extends PolicyFlags>(demand: ResolvedDemandInput, tiers: readonly TierPolicy<P>[]): AutoDecision<P> {
  if (tiers.length === 0) return { approve: false, why: "the case has no passengers needing rooms yet" };
  const missing = tiers.filter((t) => !t.policy).map((t) => t.tier);
  if (missing.length) return { approve: false, why: `no ACTIVE policy matches tier ${inPassOrder(missing).join(", ")}` };
  const policies = tiers.map((t) => t.policy!);
  const manual = policies.find((p) => !p.autoApproveDemand);
  if (manual) return { approve: false, why: `policy ${manual.urn} v${manual.version} does not auto-approve demand` };
  const ceiling = Math.min(...policies.map((p) => p.maxAutomaticRoomsPerWave));
  if (demand.roomsRequested > ceiling) return { approve: false, why: `${demand.roomsRequested} rooms exceed the automatic ceiling of ${ceiling}` };
  if (demand.type === "INCREMENTAL") {
    const strict = policies.find((p) => p.incrementalRequiresApproval);
    if (strict) return { approve: false, why: `policy ${strict.urn} v${strict.version} requires approval of incremental demand` };
  }
  return { approve: true, policy: policyOfRecord(tiers)!, ceiling };
}

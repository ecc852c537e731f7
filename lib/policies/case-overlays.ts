import { and, asc, eq } from "drizzle-orm";
import { casePolicyOverlays } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import type { Policy } from "./schemas";
import type { Tier } from "@/lib/vocabulary";
import { RelaxFields } from "./relax-fields";

/**
 * A case's relaxations of its policies (table case_policy_overlays, written by review when a person
 * relaxes a constraint for one case): read here, below allocation and review, which both apply them.
 */

/** The constraints a case's relaxations change: every overlay of the case, oldest first, later ones winning. */
export async function caseOverlayFields(ctx: Ctx, caseUrn: string): Promise<RelaxFields | null> {
  const rows = await ctx.db
    .select({ fields: casePolicyOverlays.fields })
    .from(casePolicyOverlays)
    .where(and(eq(casePolicyOverlays.tenant, ctx.principal.tenant), eq(casePolicyOverlays.caseUrn, caseUrn)))
    .orderBy(asc(casePolicyOverlays.createdAt), asc(casePolicyOverlays.id));
  if (rows.length === 0) return null;
  let merged: RelaxFields = {};
  // a row written under an older shape is skipped, never a failed wave
  for (const r of rows) {
    const parsed = RelaxFields.safeParse(r.fields);
    if (parsed.success) merged = { ...merged, ...parsed.data };
  }
  return Object.keys(merged).length ? merged : null;
}

/** A policy with relaxed constraints (the record stays the policy's; only this run sees the change). */
export function overlayPolicy(policy: Policy, fields: RelaxFields): Policy {
  const constraints = { ...policy.constraints, ...fields };
  return fields.acceptedPayments ? { ...policy, constraints, acceptedPayments: fields.acceptedPayments } : { ...policy, constraints };
}

/**
 * The policies an allocation of this case uses: the ones it matched, with the case's relaxations
 * (POST /manual-review/{itemUrn}/relax) on top. Only this case's overlays are read, so a
 * relaxation never reaches another case or the policy itself.
 */
export async function applyCaseOverlays<P extends Partial<Record<Tier, Policy | null>>>(ctx: Ctx, caseUrn: string, policies: P): Promise<P> {
  const fields = await caseOverlayFields(ctx, caseUrn);
  if (!fields) return policies;
  const out: Partial<Record<Tier, Policy | null>> = {};
  for (const [tier, policy] of Object.entries(policies) as [Tier, Policy | null][]) out[tier] = policy ? overlayPolicy(policy, fields) : policy;
  return out as P;
}


import { and, eq } from "drizzle-orm";
import { policies, type PolicyRow } from "@/db/schema";
import { requireAirport, requirePermission } from "@/lib/auth/require";
import type { Ctx } from "@/lib/context";
import { notFound } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { toPolicy } from "./record";
import { type Policy, PolicyRef } from "./schemas";

/**
 * A policy of the caller's tenant (another tenant's is a 404). An airport-specific policy outside
 * the caller's claims is 403 OUT_OF_SCOPE; airport-less policies are visible to everyone.
 * `forUpdate` locks the row so two changes of one policy queue instead of racing.
 */
export async function loadPolicy(ctx: Ctx, policyUrn: string, { forUpdate = false } = {}): Promise<PolicyRow> {
  const q = ctx.db
    .select()
    .from(policies)
    .where(and(eq(policies.urn, policyUrn), eq(policies.tenant, ctx.principal.tenant)))
    .limit(1);
  const [row] = forUpdate ? await q.for("update") : await q;
  if (!row) throw notFound(`Policy ${policyUrn}`);
  if (row.airport) requireAirport(ctx, row.airport);
  return row;
}

export async function getPolicy({ ctx, input }: { ctx: Ctx; input: { policyUrn: string } }): Promise<Policy> {
  requirePermission(ctx, "read", "read policies");
  const { policyUrn } = parseInput(PolicyRef, input);
  return toPolicy(await loadPolicy(ctx, policyUrn));
}

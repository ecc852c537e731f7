import { and, eq, inArray } from "drizzle-orm";
import { policies } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import type { Ctx } from "@/lib/context";

export type PolicyName = { name: string; version: number };

/** Names and versions of the caller's tenant's policies, by URN, in one query: lists say "CDG economy v3", not a URN. */
export async function policyNames({ ctx, input }: { ctx: Ctx; input: { urns: string[] } }): Promise<Record<string, PolicyName>> {
  requirePermission(ctx, "read", "read policy names");
  const urns = [...new Set(input.urns.filter((u) => u.startsWith("urn:svc:policy:")))];
  if (urns.length === 0) return {};
  const rows = await ctx.db
    .select({ urn: policies.urn, name: policies.name, version: policies.version })
    .from(policies)
    .where(and(eq(policies.tenant, ctx.principal.tenant), inArray(policies.urn, urns)));
  return Object.fromEntries(rows.map((r) => [r.urn, { name: r.name, version: r.version }]));
}

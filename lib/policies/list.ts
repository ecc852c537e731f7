import { and, desc, eq, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { policies } from "@/db/schema";
import { decodeCursor, paginate } from "@/lib/http/cursor";
import type { z } from "zod";
import { requireAirport, requirePermission } from "@/lib/auth/require";
import { airportFilter } from "@/lib/auth/scope";
import type { Ctx } from "@/lib/context";
import { toPolicy } from "./record";
import { parseInput } from "@/lib/validation";
import { type Policy, PolicyListQuery } from "./schemas";

/**
 * The tenant's policies, newest first. A principal limited to some airports sees the policies of
 * those airports and the airport-less ones; asking for another airport explicitly is OUT_OF_SCOPE.
 */
export async function listPolicies({ ctx, input: raw }: { ctx: Ctx; input: z.input<typeof PolicyListQuery> }): Promise<{ items: Policy[]; nextCursor: string | null }> {
  requirePermission(ctx, "read", "list policies");
  const input = parseInput(PolicyListQuery, raw);
  const where: SQL[] = [eq(policies.tenant, ctx.principal.tenant)];
  if (input.status) where.push(eq(policies.status, input.status));
  if (input.airport) {
    requireAirport(ctx, input.airport);
    where.push(eq(policies.airport, input.airport));
  }
  if (input.airline) where.push(eq(policies.airline, input.airline));
  if (input.tier) where.push(sql`${policies.tiers} @> ${JSON.stringify([input.tier])}::jsonb`);
  const airports = airportFilter(ctx.principal);
  if (airports) where.push(or(isNull(policies.airport), inArray(policies.airport, airports))!);
  const after = decodeCursor(input.cursor);
  // URNs are UUIDv7: by URN is by creation time, and a unique keyset
  if (after) where.push(lt(policies.urn, String(after[0])));
  const rows = await ctx.db
    .select()
    .from(policies)
    .where(and(...where))
    .orderBy(desc(policies.urn))
    .limit(input.limit + 1);
  const page = paginate(rows, input.limit, (r) => [r.urn]);
  return { items: page.items.map(toPolicy), nextCursor: page.nextCursor };
}

import { and, eq, inArray } from "drizzle-orm";
import { users } from "@/db/schema";
import type { Ctx } from "@/lib/context";

/** Display names of the caller's tenant's users, by URN, so lists can say who acted. */
export async function userNames({ ctx, input }: { ctx: Ctx; input: { urns: string[] } }): Promise<Record<string, string>> {
  const urns = [...new Set(input.urns.filter((u) => u.startsWith("urn:svc:user:")))];
  if (urns.length === 0) return {};
  const rows = await ctx.db
    .select({ urn: users.urn, name: users.name })
    .from(users)
    .where(and(eq(users.tenant, ctx.principal.tenant), inArray(users.urn, urns)));
  return Object.fromEntries(rows.map((r) => [r.urn, r.name]));
}

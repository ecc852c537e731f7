import { and, desc, eq, inArray } from "drizzle-orm";
import { serviceTokens, users } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import type { Ctx } from "@/lib/context";

/**
 * Display names of the subjects that act in the caller's tenant, by subject, so lists say who
 * acted: a user by name, a machine client (`client:<slug>`, the airline feed) by the name its
 * token was minted with. At most one query per kind, however many subjects. A subject with no
 * name (system jobs, unknown ids) is left out for the caller to word.
 */
export async function userNames({ ctx, input }: { ctx: Ctx; input: { urns: string[] } }): Promise<Record<string, string>> {
  requirePermission(ctx, "read", "read the names of users and clients");
  const subs = [...new Set(input.urns)];
  const userUrns = subs.filter((u) => u.startsWith("urn:svc:user:"));
  const clients = subs.filter((u) => u.startsWith("client:"));
  const [userRows, clientRows] = await Promise.all([
    userUrns.length
      ? ctx.db.select({ urn: users.urn, name: users.name }).from(users).where(and(eq(users.tenant, ctx.principal.tenant), inArray(users.urn, userUrns)))
      : [],
    clients.length
      ? ctx.db
          .select({ sub: serviceTokens.sub, name: serviceTokens.name })
          .from(serviceTokens)
          .where(and(eq(serviceTokens.tenant, ctx.principal.tenant), inArray(serviceTokens.sub, clients)))
          // tokens of one client share its subject: the newest token's name is the one people know
          .orderBy(desc(serviceTokens.createdAt))
      : [],
  ]);
  const names: Record<string, string> = {};
  for (const r of userRows) names[r.urn] = r.name;
  for (const r of clientRows) names[r.sub] ??= r.name;
  return names;
}

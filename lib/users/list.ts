import { and, asc, eq, sql } from "drizzle-orm";
import { users } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import { coversAirport } from "@/lib/auth/scope";
import type { Ctx } from "@/lib/context";
import { contractedHotels } from "@/lib/hotels/contracts";
import { parseInput } from "@/lib/validation";
import { assertManages, hotelsByUrn, toUserRecord } from "./rules";
import { type UserRecord, UsersQuery } from "./schemas";

/**
 * GET /users: the tenant's console users, by name, never with a password hash; `role` narrows the
 * list. An ADMIN limited to some airports sees the users it may manage (lib/users/rules.ts).
 */
export async function listUsers({ ctx, input }: { ctx: Ctx; input: { role?: string } }): Promise<{ items: UserRecord[] }> {
  requirePermission(ctx, "admin", "list the users (ADMIN only)");
  const { role } = parseInput(UsersQuery, input);
  const rows = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.tenant, ctx.principal.tenant), role ? sql`${users.roles} @> ${JSON.stringify([role])}::jsonb` : undefined))
    .orderBy(asc(users.name), asc(users.urn));
  const byUrn = await hotelsByUrn(ctx, [...new Set(rows.flatMap((r) => r.hotels))]);
  const items = rows.map((r) => toUserRecord(r, byUrn)).filter((u) => manages(ctx, u));
  return { items };
}

function manages(ctx: Ctx, u: UserRecord): boolean {
  try {
    assertManages(ctx, u, u.hotels);
    return true;
  } catch {
    return false;
  }
}

/** The hotels an ADMIN may give a HOTEL user: the airline's contracted hotels within its airports, by name. */
export async function hotelChoices({ ctx }: { ctx: Ctx }): Promise<{ hotelUrn: string; hotelName: string; airport: string }[]> {
  requirePermission(ctx, "admin", "list the contracted hotels (ADMIN only)");
  const rows = await contractedHotels(ctx.db, ctx.principal.tenant);
  return rows.filter((h) => coversAirport(ctx.principal, h.airport)).map(({ hotelUrn, hotelName, airport }) => ({ hotelUrn, hotelName, airport }));
}

import { and, eq } from "drizzle-orm";
import { users } from "@/db/schema";
import { revokeUserSessions } from "@/lib/auth/console-sessions";
import { hashPassword } from "@/lib/auth/password";
import { requirePermission } from "@/lib/auth/require";
import type { Role } from "@/lib/auth/roles";
import { writeAudit } from "@/lib/audit/write";
import { type Ctx, transaction } from "@/lib/context";
import { notFound } from "@/lib/errors";
import { Urn } from "@/lib/primitives";
import { parseInput } from "@/lib/validation";
import { assertManages, checkUserShape, hotelsByUrn, toUserRecord } from "./rules";
import { type UpdatedUser, UpdateUserBody } from "./schemas";

const UpdateUserInput = UpdateUserBody.extend({ userUrn: Urn("user") });

/**
 * PATCH /users/{userUrn}: an ADMIN edits a user of the tenant: name, roles, airports, hotels,
 * password. The result obeys the same rules as a new user (lib/users/rules.ts), and the ADMIN must
 * manage the user before and after. A change of what the user may do or of how it signs in (roles,
 * airports, hotels, password) ends its live console sessions in the same transaction: a signed-in
 * hotel user whose hotel was taken away is out at its next request. Audited (never the password).
 */
export async function updateUser({ ctx, input }: { ctx: Ctx; input: { userUrn: string } & UpdateUserBody }): Promise<UpdatedUser> {
  requirePermission(ctx, "admin", "edit a user (ADMIN only)");
  const { userUrn, password, ...data } = parseInput(UpdateUserInput, input);
  const tenant = ctx.principal.tenant;
  const [current] = await ctx.db.select().from(users).where(and(eq(users.urn, userUrn), eq(users.tenant, tenant))).limit(1);
  if (!current) throw notFound(`User ${userUrn}`);
  const currentHotels = await hotelsByUrn(ctx, current.hotels);
  assertManages(ctx, current, [...currentHotels.values()]);

  const roles = (data.roles ?? current.roles) as Role[];
  const becomesHotel = roles.includes("HOTEL");
  // a HOTEL user keeps its hotels unless given new ones; a user leaving HOTEL drops them (and needs airports)
  const { shape, hotels } = await checkUserShape(ctx, {
    roles,
    hotels: becomesHotel ? (data.hotels ?? current.hotels) : (data.hotels ?? []),
    airports: data.airports ?? (current.roles.includes("HOTEL") ? [] : current.airports),
  });
  assertManages(ctx, shape, hotels);
  const passwordHash = password ? await hashPassword(password) : undefined;
  const accessChanged = !sameSet(shape.roles, current.roles) || !sameSet(shape.airports, current.airports) || !sameSet(shape.hotels, current.hotels) || Boolean(passwordHash);

  return transaction(ctx, async (tx) => {
    const [row] = await tx.db
      .update(users)
      .set({ name: data.name ?? current.name, ...shape, ...(passwordHash ? { passwordHash } : {}), updatedAt: new Date() })
      .where(and(eq(users.urn, userUrn), eq(users.tenant, tenant)))
      .returning();
    const ended = accessChanged ? await revokeUserSessions(tx.db, { tenant, sub: userUrn, by: ctx.principal.sub }) : [];
    await writeAudit(tx, {
      entity: "user",
      entityUrn: userUrn,
      action: "update",
      airport: null,
      before: { name: current.name, roles: current.roles, airports: current.airports, hotels: current.hotels, password: "unchanged" },
      after: { name: row.name, roles: row.roles, airports: row.airports, hotels: row.hotels, password: passwordHash ? "changed" : "unchanged", sessionsEnded: ended.length },
    });
    return { ...toUserRecord(row, new Map([...currentHotels, ...hotels.map((h) => [h.hotelUrn, h] as const)])), sessionsEnded: ended.length };
  });
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

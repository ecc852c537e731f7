import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { checkRateLimit } from "@/lib/http/rate-limit";
import { type DbOrTx, getDb } from "@/db/client";
import type { Ctx } from "@/lib/context";
import { newId } from "@/lib/ids";
import { ensureTenant } from "@/lib/tenants/ensure";
import { withHotelAirports } from "@/lib/auth/hotel-airports";
import { claimedAirports, hotelRuleIssues } from "@/lib/auth/hotel-rule";
import { auth, type SessionUser } from "@/lib/auth/next-auth";
import type { Principal } from "@/lib/auth/principal";
import { Role } from "@/lib/auth/roles";

/**
 * The signed-in console user, or null. FEED is a machine role and never holds a console session.
 * Claims that break the HOTEL-alone rule are no user (lib/auth/hotel-rule.ts; sign-in refuses them
 * already, this holds for any session read), checked before FEED is dropped so HOTEL+FEED is refused too.
 */
export async function sessionUser(): Promise<SessionUser | null> {
  const session = await auth();
  const user = session?.user as Partial<SessionUser> | undefined;
  if (!user?.sub || !user.tenant) return null;
  if (hotelRuleIssues({ roles: user.roles ?? [], hotels: user.hotels }).length) return null;
  const roles = (user.roles ?? []).filter((r) => Role.safeParse(r).success && r !== "FEED");
  if (roles.length === 0) return null;
  return {
    sub: user.sub,
    tenant: user.tenant,
    roles,
    airports: user.airports ?? [],
    hotels: user.hotels ?? [],
    name: user.name || user.email || user.sub,
    email: user.email ?? "",
  };
}

export function principalOf(user: SessionUser): Principal {
  return { sub: user.sub, tenant: user.tenant, roles: user.roles, airports: claimedAirports(user), kind: "user", name: user.name, ...(user.hotels.length ? { hotels: user.hotels } : {}) };
}

/** The principal of a console user: a HOTEL user's airports are its hotels' (lib/auth/hotel-airports.ts). */
export async function consolePrincipal(db: DbOrTx, user: SessionUser): Promise<Principal> {
  return withHotelAirports(db, principalOf(user));
}

/** The rate-limit key of a console user: the API keys session requests the same way (no jti). */
export const sessionRateKey = (user: Pick<SessionUser, "sub">) => `sub:${user.sub}`;

/**
 * The Ctx of a console page or server action: the same shape a route handler builds from a
 * bearer token, so pages call the same service verbs as the API. No session: off to /sign-in.
 * A server action (Next marks its POST with a `next-action` header) counts against the same
 * per-user rate limit as the user's API calls: 429 RATE_LIMITED, which the action shows.
 */
export async function sessionCtx(): Promise<Ctx & { user: SessionUser }> {
  const user = await sessionUser();
  if (!user) redirect("/sign-in");
  if (await isServerAction()) await checkRateLimit(sessionRateKey(user));
  const db = await getDb();
  await ensureTenant(db, user.tenant);
  return { db, principal: await consolePrincipal(db, user), requestId: newId(), user };
}

async function isServerAction(): Promise<boolean> {
  try {
    return (await headers()).has("next-action");
  } catch {
    return false; // outside a request (scripts, tests calling a verb directly)
  }
}

import type { Db } from "@/db/client";
import { and, asc, eq } from "drizzle-orm";
import { directContracts, hotels, tenants, users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/password";
import type { Role } from "@/lib/auth/roles";
import { newUrn } from "@/lib/ids";

export const DEMO_TENANT = { code: "AF", name: "Demo airline (AF)" };
export const DEMO_PASSWORD = "demo";

export const DEMO_USERS: { email: string; name: string; roles: Role[]; airports: string[] }[] = [
  { email: "admin@demo.test", name: "Ada Admin", roles: ["ADMIN"], airports: ["*"] },
  { email: "supervisor@demo.test", name: "Sam Supervisor", roles: ["OPS_SUPERVISOR"], airports: ["*"] },
  { email: "operator.cdg@demo.test", name: "Camille Operator (CDG)", roles: ["AIRPORT_OPERATOR"], airports: ["CDG"] },
  { email: "operator.lhr@demo.test", name: "Leo Operator (LHR)", roles: ["AIRPORT_OPERATOR"], airports: ["LHR"] },
];

/** The demo's contracted-hotel user: the first of its direct contracts at CDG (db/seed/index.ts, after the contracts). */
export const DEMO_HOTEL_USER = { email: "hotel@demo.test", name: "Hugo Hotel (front desk)", airport: "CDG" };

/** The demo hotel user, acting for the first contracted hotel (by name) at its airport; left as it is once there. */
export async function seedDemoHotelUser(db: Db, tenant: string): Promise<void> {
  const [hotel] = await db
    .select({ urn: hotels.urn })
    .from(directContracts)
    .innerJoin(hotels, eq(hotels.urn, directContracts.hotelUrn))
    .where(and(eq(directContracts.tenant, tenant), eq(hotels.airport, DEMO_HOTEL_USER.airport)))
    .orderBy(asc(hotels.name))
    .limit(1);
  if (!hotel) return;
  const { airport: _a, ...user } = DEMO_HOTEL_USER;
  await db
    .insert(users)
    .values({ urn: newUrn("user"), tenant, passwordHash: await hashPassword(DEMO_PASSWORD), roles: ["HOTEL"], airports: ["*"], hotels: [hotel.urn], ...user })
    .onConflictDoNothing();
}

/** The demo tenant and one user per role; existing users are left as they are. */
export async function seedDemoUsers(db: Db): Promise<void> {
  await db
    .insert(tenants)
    .values({ code: DEMO_TENANT.code, urn: newUrn("tenant"), name: DEMO_TENANT.name, settings: { carrierCountry: "FR" } })
    .onConflictDoNothing();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const u of DEMO_USERS) {
    await db
      .insert(users)
      .values({ urn: newUrn("user"), tenant: DEMO_TENANT.code, passwordHash, ...u })
      .onConflictDoNothing();
  }
}

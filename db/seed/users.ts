import type { Db } from "@/db/client";
import { tenants, users } from "@/db/schema";
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

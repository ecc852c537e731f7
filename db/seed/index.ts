// the seed writes through the verbs: their facts' reactions (a mixed-tier group's review item) must be registered in
// every process that seeds, `npm run db:migrate` included, as instrumentation.ts does for the server
import "@/lib/reactions";
import type { Db } from "@/db/client";
import { config } from "@/lib/config";
import { seedAirports } from "./airports";
import { seedDemoCases } from "./cases";
import { seedDirectContracts } from "./direct-contracts";
import { seedDemoPolicies } from "./policies";
import { DEMO_TENANT, seedDemoHotelUser, seedDemoUsers } from "./users";

/**
 * Reference data always (airports); demo data (tenant, users, policies, cases) when SEED_DEMO is on,
 * which is the default for the embedded database only. Every step is idempotent.
 */
export async function seed(db: Db, { demo }: { demo: boolean }): Promise<void> {
  await seedAirports(db);
  if (!demo) return;
  await seedDemoUsers(db);
  await seedDemoPolicies(db, DEMO_TENANT.code);
  await seedDirectContracts(db, DEMO_TENANT.code);
  await seedDemoHotelUser(db, DEMO_TENANT.code);
  await seedDemoCases(db, DEMO_TENANT.code);
}

export function demoSeedWanted(driver: string): boolean {
  return config.SEED_DEMO ?? driver === "pglite";
}

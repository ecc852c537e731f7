import { config } from "@/lib/config";
import { migrate, openDatabase } from "./client";
import { demoSeedWanted, seed } from "./seed";

/**
 * Migrations, then reference data (airports) and, when wanted (SEED_DEMO, or the embedded
 * database), demo data; each step idempotent. `npm run db:migrate` (a serverless deployment's
 * deploy step) and `npm start` in inngest mode run it before any app process opens the database,
 * since a web process in inngest mode does neither at boot (lib/boot.ts).
 */
export async function prepareDatabase(url = config.DATABASE_URL): Promise<string> {
  const database = await openDatabase(url);
  try {
    await migrate(database);
    await seed(database.db, { demo: demoSeedWanted(database.driver) });
    return database.driver;
  } finally {
    await database.close();
  }
}

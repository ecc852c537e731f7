import { inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { airports } from "@/db/schema";
import { DEMO_AIRPORTS, loadAirportDataset } from "@/db/seed/airports";

/** The demo hubs plus NCE (a non-demo French airport some tests fly to), and ORD and DEN (US domestic flights of the right to care). */
export const TEST_AIRPORT_CODES = [...DEMO_AIRPORTS, "NCE", "ORD", "DEN"] as const;

type AirportInsert = typeof airports.$inferInsert;
let loaded: Promise<AirportInsert[]> | null = null;

/**
 * The test airports as production knows them: read from the same dataset the seed loads (real
 * names, coordinates, countries, currencies and IANA time zones), filtered to TEST_AIRPORT_CODES.
 * Read once per test file.
 */
export function testAirports(): Promise<AirportInsert[]> {
  loaded ??= loadAirportDataset().then((rows) => {
    const wanted = new Set<string>(TEST_AIRPORT_CODES);
    const picked = rows.filter((r) => wanted.has(r.iata));
    if (picked.length !== wanted.size) {
      const found = new Set(picked.map((r) => r.iata));
      throw new Error(`the airport dataset lacks ${[...wanted].filter((c) => !found.has(c)).join(", ")}`);
    }
    return picked;
  });
  return loaded;
}

/** Seeds the test airports (idempotent); the full 10,000-row load is seedAirports, for seed tests. */
export async function seedTestAirports(db: Db): Promise<void> {
  const rows = await testAirports();
  const present = new Set(
    (await db.select({ iata: airports.iata }).from(airports).where(inArray(airports.iata, rows.map((r) => r.iata)))).map((r) => r.iata),
  );
  const missing = rows.filter((r) => !present.has(r.iata));
  if (missing.length) await db.insert(airports).values(missing).onConflictDoNothing();
}

import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { airports, type AirportRow } from "@/db/schema";

/**
 * An airport's row (zone, country, currency, position), read once per process. Airports are reference
 * data: the seed writes them and nothing changes them while the server runs, yet a meltdown's
 * booking, ride, voucher and re-confirmation steps each read their case's airport, two to four reads
 * of one row per group. A code that names no airport is not kept (it may be seeded later).
 */
const known = new Map<string, AirportRow>();

export async function airportFacts(db: DbOrTx, iata: string): Promise<AirportRow | null> {
  const hit = known.get(iata);
  if (hit) return hit;
  const [row] = await db.select().from(airports).where(eq(airports.iata, iata)).limit(1);
  if (row) known.set(iata, row);
  return row ?? null;
}

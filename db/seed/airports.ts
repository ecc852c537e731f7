import countryToCurrency from "country-to-currency";
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { airports } from "@/db/schema";

/** Hubs with sandbox hotel inventory, demo policies and demo users. */
export const DEMO_AIRPORTS = ["CDG", "ORY", "LHR", "FRA", "AMS", "MAD", "FCO", "JFK", "DXB", "SIN", "HND", "SYD"] as const;

const TYPES = ["large_airport", "medium_airport", "small_airport", "seaplane_base", "heliport"] as const;

type SourceAirport = {
  iata: string;
  icao: string;
  time: string;
  country_code: string;
  airport: string;
  latitude: number;
  longitude: number;
};

/** Every IATA airport from the airport-data-js dataset (OurAirports-derived, CC BY 4.0). */
export async function loadAirportDataset(): Promise<(typeof airports.$inferInsert)[]> {
  const data = (await import("airport-data-js")) as unknown as {
    getAirportsByType: (t: string) => Promise<SourceAirport[]>;
  };
  const currencies = countryToCurrency as Record<string, string>;
  const demo = new Set<string>(DEMO_AIRPORTS);
  const byCode = new Map<string, typeof airports.$inferInsert>();
  for (const type of TYPES) {
    for (const a of await data.getAirportsByType(type)) {
      const code = a.iata?.trim().toUpperCase();
      if (!code || !/^[A-Z]{3}$/.test(code) || byCode.has(code)) continue;
      if (!Number.isFinite(a.latitude) || !Number.isFinite(a.longitude) || !a.time || !a.country_code) continue;
      byCode.set(code, {
        iata: code,
        icao: a.icao || null,
        name: a.airport,
        country: a.country_code,
        currency: currencies[a.country_code] ?? "USD",
        timeZone: a.time,
        latitude: a.latitude,
        longitude: a.longitude,
        demo: demo.has(code),
      });
    }
  }
  return [...byCode.values()];
}

/** Loads the airports once: a no-op when the table is already filled. */
export async function seedAirports(db: Db): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(airports);
  if (n > 1000) return 0;
  const rows = await loadAirportDataset();
  for (let i = 0; i < rows.length; i += 1000) {
    await db.insert(airports).values(rows.slice(i, i + 1000)).onConflictDoNothing();
  }
  return rows.length;
}

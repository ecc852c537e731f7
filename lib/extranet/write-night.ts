import { and, eq } from "drizzle-orm";
import { directContracts, hotelInventory, type HotelRow } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { airportTimeZone } from "@/lib/cases/airports";
import { nightUnderWay } from "@/lib/cases/stay";
import type { Ctx } from "@/lib/context";
import { invalid, notFound } from "@/lib/errors";
import { MAX_ROOMS, type HotelInventory } from "./schemas";
import { daysBetween } from "./tonight";

/** A rate this many times the contract's is a typo (an extra zero), not a price. */
const MAX_RATE_FACTOR = 10;
const MAX_DAYS_AHEAD = 366;

export type HotelNightInput = { date: string; rooms: number; nightlyRate: number | null };

/**
 * The one writer of hotel_inventory (the rooms and rate the DIRECT source offers one night of a
 * hotel's direct contract), inside the caller's transaction: the extranet's PUT and a capacity
 * call's answer both come here, so both meet the same rules and leave the same audit entry
 * (hotel / set-inventory, before and after). Refused with a 422 that writes nothing: no direct
 * contract of the tenant (404), a night before the one under way at the hotel (lib/cases/stay.ts:
 * until the cutoff a desk may still set last evening's), more than a year ahead, more than
 * MAX_ROOMS rooms, or a rate above ten times the contract's. `why` says in the audit what asked.
 * No offer cache to drop: the DIRECT source is never cached (lib/providers/search.ts).
 */
export async function writeHotelNight(tx: Ctx, hotel: HotelRow, night: HotelNightInput, why: string, now = new Date()): Promise<HotelInventory> {
  const [contract] = await tx.db
    .select()
    .from(directContracts)
    .where(and(eq(directContracts.tenant, tx.principal.tenant), eq(directContracts.hotelUrn, hotel.urn)))
    .limit(1);
  if (!contract) throw notFound(`A direct contract at hotel ${hotel.urn}`);
  const first = nightUnderWay(now, await airportTimeZone(tx, hotel.airport));
  const ahead = daysBetween(first, night.date);
  if (!Number.isFinite(ahead)) throw invalid("That is not a date.", [{ path: "date", message: `${night.date} is not a calendar date (YYYY-MM-DD)` }]);
  if (ahead < 0) throw invalid("That night is over.", [{ path: "date", message: `${night.date} is before the night under way at the hotel (${first})` }]);
  if (ahead > MAX_DAYS_AHEAD) throw invalid("That night is too far ahead.", [{ path: "date", message: `at most ${MAX_DAYS_AHEAD} days after the night under way at the hotel (${first})` }]);
  if (!Number.isInteger(night.rooms) || night.rooms < 0 || night.rooms > MAX_ROOMS) {
    throw invalid("That number of rooms is not plausible.", [{ path: "rooms", message: `a whole number from 0 to ${MAX_ROOMS}` }]);
  }
  const rate = night.nightlyRate;
  if (rate !== null && !(rate > 0 && rate <= contract.nightlyRate * MAX_RATE_FACTOR)) {
    throw invalid("That rate is not plausible.", [
      { path: "nightlyRate", message: `more than 0 and at most ${MAX_RATE_FACTOR} times the contract's rate (${contract.nightlyRate} ${contract.currency})` },
    ]);
  }

  const key = and(eq(hotelInventory.tenant, tx.principal.tenant), eq(hotelInventory.hotelUrn, hotel.urn), eq(hotelInventory.date, night.date));
  const [before] = await tx.db.select().from(hotelInventory).where(key).limit(1).for("update");
  const values = { rooms: night.rooms, nightlyRate: rate, updatedBy: tx.principal.sub };
  const [row] = await tx.db
    .insert(hotelInventory)
    .values({ tenant: tx.principal.tenant, hotelUrn: hotel.urn, date: night.date, ...values })
    .onConflictDoUpdate({ target: [hotelInventory.tenant, hotelInventory.hotelUrn, hotelInventory.date], set: { ...values, updatedAt: new Date() } })
    .returning();
  await writeAudit(tx, {
    entity: "hotel",
    entityUrn: hotel.urn,
    action: "set-inventory",
    airport: hotel.airport,
    reason: `rooms and rate for the night of ${night.date} (${why})`,
    before: { date: night.date, rooms: before?.rooms ?? null, nightlyRate: before?.nightlyRate ?? null },
    after: { date: night.date, rooms: row.rooms, nightlyRate: row.nightlyRate },
  });
  return {
    hotelUrn: hotel.urn,
    date: row.date,
    rooms: row.rooms,
    nightlyRate: row.nightlyRate ?? contract.nightlyRate,
    currency: contract.currency,
    contractRate: contract.nightlyRate,
    updatedAt: row.updatedAt.toISOString(),
  };
}

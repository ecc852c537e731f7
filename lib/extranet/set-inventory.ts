import { and, eq } from "drizzle-orm";
import { directContracts, hotelInventory } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { loadScopedHotel } from "@/lib/auth/hotel-scope";
import { requirePermission } from "@/lib/auth/require";
import { airportTimeZone } from "@/lib/cases/airports";
import { type Ctx, transaction } from "@/lib/context";
import { invalid, notFound } from "@/lib/errors";
import { dropCachedOffers } from "@/lib/hotels/invalidate-cache";
import type { HotelInventory } from "./schemas";
import { daysBetween, hotelToday } from "./tonight";

/** A rate this many times the contract's is a typo (an extra zero), not a price. */
const MAX_RATE_FACTOR = 10;
const MAX_DAYS_AHEAD = 366;

/**
 * PUT /hotels/{hotelUrn}/inventory: the rooms the hotel still offers one night of its direct
 * contract, and that night's rate (none: the contract's). The DIRECT source reads it at once
 * (lib/providers/direct/client.ts: a search for that check-in offers these rooms at this rate, a
 * booking takes its rooms from them), and the airport's cached offers are dropped so the next
 * wave sees it. A night before the hotel's today, or a rate above ten times the contract's, is a
 * 422 that changes nothing. Audited with before and after.
 */
export async function setHotelInventory({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { hotelUrn: string; date: string; rooms: number; nightlyRate?: number | null };
}): Promise<HotelInventory> {
  requirePermission(ctx, "hotel:extranet", "set a hotel's rooms and rate");
  const hotel = await loadScopedHotel(ctx, input.hotelUrn);
  const [contract] = await ctx.db
    .select()
    .from(directContracts)
    .where(and(eq(directContracts.tenant, ctx.principal.tenant), eq(directContracts.hotelUrn, hotel.urn)))
    .limit(1);
  if (!contract) throw notFound(`A direct contract at hotel ${hotel.urn}`);
  const today = hotelToday(await airportTimeZone(ctx, hotel.airport));
  const ahead = daysBetween(today, input.date);
  if (ahead < 0) throw invalid("That night is over.", [{ path: "date", message: `${input.date} is before today at the hotel (${today})` }]);
  if (ahead > MAX_DAYS_AHEAD) throw invalid("That night is too far ahead.", [{ path: "date", message: `at most ${MAX_DAYS_AHEAD} days after today at the hotel (${today})` }]);
  const rate = input.nightlyRate ?? null;
  if (rate !== null && rate > contract.nightlyRate * MAX_RATE_FACTOR) {
    throw invalid("That rate is not plausible.", [
      { path: "nightlyRate", message: `more than ${MAX_RATE_FACTOR} times the contract's rate (${contract.nightlyRate} ${contract.currency})` },
    ]);
  }

  return transaction(ctx, async (tx) => {
    const key = and(eq(hotelInventory.tenant, tx.principal.tenant), eq(hotelInventory.hotelUrn, hotel.urn), eq(hotelInventory.date, input.date));
    const [before] = await tx.db.select().from(hotelInventory).where(key).limit(1).for("update");
    const values = { rooms: input.rooms, nightlyRate: rate, updatedBy: tx.principal.sub };
    const [row] = await tx.db
      .insert(hotelInventory)
      .values({ tenant: tx.principal.tenant, hotelUrn: hotel.urn, date: input.date, ...values })
      .onConflictDoUpdate({ target: [hotelInventory.tenant, hotelInventory.hotelUrn, hotelInventory.date], set: { ...values, updatedAt: new Date() } })
      .returning();
    const dropped = await dropCachedOffers(tx, hotel.airport);
    await writeAudit(tx, {
      entity: "hotel",
      entityUrn: hotel.urn,
      action: "set-inventory",
      airport: hotel.airport,
      reason: `rooms and rate for the night of ${input.date}${dropped ? `; ${dropped} cached offer sets dropped` : ""}`,
      before: { date: input.date, rooms: before?.rooms ?? null, nightlyRate: before?.nightlyRate ?? null },
      after: { date: input.date, rooms: row.rooms, nightlyRate: row.nightlyRate },
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
  });
}

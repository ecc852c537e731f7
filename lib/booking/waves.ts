import { and, eq, inArray } from "drizzle-orm";
import { allocationWaves, hotelProviderRefs, hotels, reservations } from "@/db/schema";
import { Allocation } from "@/lib/allocation/schemas";
import type { Ctx } from "@/lib/context";
import type { Provider } from "@/lib/vocabulary";
import { LIVE_STATUSES } from "./live";
import { paymentMethods } from "./payment";
import type { PreparedBooking } from "@/lib/events/prepared-booking";
import { hotelsToTry } from "./plan";

export type WaveBooking = { groupId: string; provider: Provider; prepared: PreparedBooking };

/**
 * The groups of a wave still to book (no live reservation yet), each with the provider of its
 * primary hotel (the booking job's concurrency key) and everything its booking needs from the wave:
 * candidates with hotel names and provider ids, rooms, amount, payment method. Five reads for the
 * whole wave, instead of a dozen per group in each booking.
 */
export async function waveBookings(ctx: Ctx, waveUrn: string, opts: { claimedBy?: string } = {}): Promise<WaveBooking[]> {
  const [wave] = await ctx.db.select().from(allocationWaves).where(and(eq(allocationWaves.urn, waveUrn), eq(allocationWaves.tenant, ctx.principal.tenant))).limit(1);
  if (!wave) return [];
  const live = await ctx.db
    .select({ groupId: reservations.groupId, status: reservations.status, bookingRun: reservations.bookingRun })
    .from(reservations)
    .where(and(eq(reservations.waveUrn, waveUrn), inArray(reservations.status, [...LIVE_STATUSES])));
  // a group PENDING under `claimedBy`'s own claim is still this run's to book: a run killed after a
  // chunk's claim committed but before its steps' outputs were kept reads its groups again, and the
  // chunk finds the claim and looks the booking up first (lib/booking/book-chunk.ts)
  const done = new Set(live.filter((r) => !(opts.claimedBy && r.status === "PENDING" && r.bookingRun === opts.claimedBy)).map((r) => r.groupId));
  const todo = (wave.allocations as unknown[]).map((a) => Allocation.parse(a)).filter((a) => !done.has(a.groupId));
  if (todo.length === 0) return [];

  const wanted = todo.map(hotelsToTry);
  const hotelUrns = [...new Set(wanted.flat().map((c) => c.hotelUrn))];
  const names = new Map((await ctx.db.select({ urn: hotels.urn, name: hotels.name }).from(hotels).where(inArray(hotels.urn, hotelUrns))).map((h) => [h.urn, h.name]));
  const refs = new Map(
    (
      await ctx.db
        .select({ hotelUrn: hotelProviderRefs.hotelUrn, provider: hotelProviderRefs.provider, id: hotelProviderRefs.providerHotelId })
        .from(hotelProviderRefs)
        .where(inArray(hotelProviderRefs.hotelUrn, hotelUrns))
    ).map((r) => [`${r.hotelUrn}|${r.provider}`, r.id]),
  );
  // a direct contract is keyed by our URN
  const providerHotelId = (hotelUrn: string, provider: string) => (provider === "DIRECT" ? hotelUrn : (refs.get(`${hotelUrn}|${provider}`) ?? hotelUrn));
  const payment = await paymentMethods(ctx, wave.policies, [...new Set(todo.map((a) => a.tier))]);

  return todo.map((a, i) => ({
    groupId: a.groupId,
    provider: a.provider,
    prepared: {
      candidates: wanted[i].map((c) => ({ ...c, hotelName: names.get(c.hotelUrn) ?? null, providerHotelId: providerHotelId(c.hotelUrn, c.provider) })),
      rooms: a.rooms,
      tier: a.tier,
      amount: a.total,
      paymentMethod: payment.get(a.tier) ?? "GUARANTEE",
      airport: wave.airport,
      nights: wave.nights,
    },
  }));
}

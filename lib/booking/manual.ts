import { and, desc, eq, ne } from "drizzle-orm";
import { airports, allocationWaves, hotels, passengerGroups, reservations } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { mayDo, requirePermission } from "@/lib/auth/require";
import { assertOpen, loadCase } from "@/lib/cases/load";
import { localDate } from "@/lib/cases/stay";
import type { Ctx } from "@/lib/context";
import { caseSystems } from "@/lib/peers/case-systems";
import { conflict, invalid } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { searchHotelOffers } from "@/lib/providers/search";
import { parseInput } from "@/lib/validation";
import type { CaseMode, Provider } from "@/lib/vocabulary";
import { attemptBooking } from "./attempt";
import { failBookingQuietly } from "./fail-quietly";
import { recordsOf } from "./load";
import { planBooking } from "./plan";
import { type ManualBookingInput, ManualBookingBody, type Reservation } from "./schemas";
import { issueVoucher } from "@/lib/vouchers/issue";
import { settleWave } from "./settle";
import { addDays } from "./stay";

/**
 * POST /booking/manual (spec 4.6) and a review item's override: books the group at once at the
 * given offer through its provider, skipping ranking; one attempt, answered now. The offer must be
 * one a search of the case's airport and stay finds for that hotel (a wave's candidates, else a
 * fresh search): an unknown hotel or offer is 422. The reservation belongs to the group's latest
 * wave; a live one there already is a 409 (cancel it first). Audited as an override with the reason.
 */
/**
 * Every check of a manual booking, reading only: the case (scope, open), the group, the hotel, the
 * wave, no live reservation, and the offer. A review item's override runs it before it claims the
 * item, so a booking that cannot be made is refused before anything is written.
 */
export async function checkManualBooking({ ctx, input: raw }: { ctx: Ctx; input: ManualBookingInput }) {
  // a review item's override: its operators (review:act), or a supervisor, whose manual booking it is
  const viaReview = Boolean(raw.reviewUrn) && mayDo(ctx, "review:act");
  requirePermission(ctx, viaReview ? "review:act" : "booking:manual", raw.reviewUrn ? "override a review item" : "book manually");
  const input = parseInput(ManualBookingBody, { caseUrn: raw.caseUrn, groupId: raw.groupId, hotelUrn: raw.hotelUrn, providerOfferId: raw.providerOfferId, reason: raw.reason });
  const row = await loadCase(ctx, input.caseUrn);
  assertOpen(row);
  const [group] = await ctx.db.select().from(passengerGroups).where(and(eq(passengerGroups.caseUrn, row.urn), eq(passengerGroups.groupId, input.groupId))).limit(1);
  if (!group) throw invalid(`The case has no group ${input.groupId}.`, [{ path: "groupId", message: "not a group of this case" }]);
  const [hotel] = await ctx.db.select({ urn: hotels.urn, name: hotels.name }).from(hotels).where(eq(hotels.urn, input.hotelUrn)).limit(1);
  if (!hotel) throw invalid(`Hotel ${input.hotelUrn} is unknown.`, [{ path: "hotelUrn", message: "unknown hotel" }]);

  const waves = await ctx.db.select().from(allocationWaves).where(and(eq(allocationWaves.caseUrn, row.urn), ne(allocationWaves.status, "SUPERSEDED"))).orderBy(desc(allocationWaves.urn));
  const wave =
    waves.find((w) => [...(w.allocations as { groupId: string }[]), ...(w.held as { groupId: string }[])].some((g) => g.groupId === input.groupId)) ?? waves[0];
  if (!wave) throw conflict("INVALID_TRANSITION", `Case ${row.urn} has no allocation wave yet: a manual booking books a group of a wave (allocate first).`);
  const [live] = await ctx.db
    .select({ urn: reservations.urn, status: reservations.status })
    .from(reservations)
    .where(and(eq(reservations.waveUrn, wave.urn), eq(reservations.groupId, input.groupId), ne(reservations.status, "FAILED"), ne(reservations.status, "CANCELLED")))
    .limit(1);
  if (live) throw conflict("CONFLICT", `Group ${input.groupId} already has reservation ${live.urn} (${live.status}); cancel it first.`);

  const provider = await offerProvider(ctx, row, wave, input.hotelUrn, input.providerOfferId);
  return { input, row, hotel, wave, provider };
}

export async function bookManually({ ctx, input: raw }: { ctx: Ctx; input: ManualBookingInput }): Promise<Reservation> {
  const { input, row, hotel, wave, provider } = await checkManualBooking({ ctx, input: raw });
  const planned = await planBooking(ctx, { caseUrn: row.urn, waveUrn: wave.urn, groupId: input.groupId, target: { hotelUrn: input.hotelUrn, provider, providerOfferId: input.providerOfferId }, reviewUrn: raw.reviewUrn }, `manual:${newId()}`);
  if (planned.kind === "skipped") throw conflict("CONFLICT", `Group ${input.groupId} cannot be booked now: ${planned.why}.`);
  const plan = planned.plan;
  const outcome = await attemptBooking(ctx, plan, 1, 1, { lookupFirst: false });
  if (outcome.kind !== "confirmed") {
    await failBookingQuietly(ctx, plan.reservationUrn);
    throw conflict("CONFLICT", `${provider} did not book ${hotel.name}: ${outcome.log.reason}${outcome.log.providerError ? ` (${outcome.log.providerError})` : ""}. Nothing was booked.`);
  }
  // the desk hands the voucher over now: issued before the answer (the job reacting to the confirmation then finds it)
  await issueVoucher(ctx, plan.reservationUrn);
  const [booked] = await ctx.db.select().from(reservations).where(eq(reservations.urn, plan.reservationUrn)).limit(1);
  await writeAudit(ctx, {
    entity: "reservation",
    entityUrn: booked.urn,
    action: "override",
    airport: row.airport,
    reason: input.reason,
    after: { caseUrn: row.urn, groupId: input.groupId, hotelUrn: input.hotelUrn, providerOfferId: input.providerOfferId, status: booked.status, manual: true, reviewUrn: raw.reviewUrn ?? null },
  });
  await settleWave(ctx, { caseUrn: row.urn, waveUrn: wave.urn });
  const [record] = await recordsOf(ctx, [{ row: booked, airport: row.airport }]);
  return record;
}

/** Which provider's offer this is: a candidate of one of the case's waves, else one a search of the stay finds now. */
async function offerProvider(ctx: Ctx, row: { urn: string; airport: string; mode: CaseMode; flight: { scheduledDeparture: string } }, wave: { nights: number; rankingInputs: unknown[] }, hotelUrn: string, offerId: string): Promise<Provider> {
  const known = (wave.rankingInputs as { hotelUrn: string; providerOfferId: string; provider: Provider }[]).find((r) => r.hotelUrn === hotelUrn && r.providerOfferId === offerId);
  if (known) return known.provider;
  const [airport] = await ctx.db.select().from(airports).where(eq(airports.iata, row.airport)).limit(1);
  const checkIn = localDate(row.flight.scheduledDeparture, airport?.timeZone ?? "UTC");
  const search = await searchHotelOffers({ ctx, input: { airport: row.airport, checkIn, checkOut: addDays(checkIn, Math.max(1, wave.nights)), rooms: 1 }, ...(await (await caseSystems(ctx, row)).search()) });
  const offer = search.offers.find((o) => o.hotelUrn === hotelUrn && o.offerId === offerId);
  if (!offer) throw invalid(`No offer ${offerId} of hotel ${hotelUrn} for this case's stay.`, [{ path: "providerOfferId", message: "unknown offer for this hotel and stay" }]);
  return offer.provider;
}

import { auditableWalkDetail } from "./walk";
import { and, eq, inArray, sql } from "drizzle-orm";
import { airports, passengerGroups, passengers, reservations, type ReservationRow } from "@/db/schema";
import { isUniqueViolation } from "@/db/unique-violation";
import { rankGroup } from "@/lib/allocation-engine";
import { loadCase } from "@/lib/cases/load";
import { localDate } from "@/lib/cases/stay";
import { type Ctx, transaction } from "@/lib/context";
import { caseSystems } from "@/lib/peers/case-systems";
import { newUrn } from "@/lib/ids";
import { pendingSuccessor } from "./successor-row";
import { stayPolicy } from "@/lib/policies/of-stay";
import { searchHotelOffers } from "@/lib/providers/search";
import { hotelScores, offeredHotelUrns } from "@/lib/hotels/quality-score";
import type { Provider } from "@/lib/vocabulary";
import { hotelName, providerHotelId } from "./hotel-refs";
import { LIVE_STATUSES } from "./live";
import { clientReference } from "./plan";
import { BOOKING_LIMITS } from "./retry";
import { allocationOf, type StayCandidate, type StayChangePlan } from "./stay-change-plan";

export type RehousePlanned =
  | { kind: "book"; plan: StayChangePlan }
  /** no hotel to try: the rehousing fails at once (lib/booking/rehouse-fail.ts) */
  | { kind: "none"; why: string }
  | { kind: "skipped"; why: string };

/**
 * The rehousing's first step, for a walked stay (lib/booking/walk.ts): the whole stay (the walked
 * one's dates) at the group's next-ranked compliant hotels, never the walked hotel. First the
 * wave's ranking for the group (its first choice and fallbacks, as the booking job would have
 * tried them); then, because that ranking is hours old and may be short, a fresh search scored as
 * the engine scores (the stay's policy filter, cost and distance by its weights), so a walk late in
 * the night still finds the hotels that have rooms now. At most `maxFallbacks` of each.
 *
 * Once per walk: the PENDING replacement is claimed under the walked row's lock and the
 * one-live-successor index (reservations_previous_idx), so a repeated delivery takes over the
 * PENDING one an earlier run left, and one that finds the replacement CONFIRMED books nothing.
 */
export async function planRehousing(ctx: Ctx, input: { reservationUrn: string }): Promise<RehousePlanned> {
  const prepared = await transaction(ctx, async (tx) => {
    const [row] = await tx.db.select().from(reservations).where(and(eq(reservations.urn, input.reservationUrn), eq(reservations.tenant, tx.principal.tenant))).limit(1);
    if (!row || !row.walkedAt) return { skipped: `the reservation ${row ? "was not walked" : "is missing"}` } as const;
    const caseRow = await loadCase(tx, row.caseUrn);
    if (caseRow.status === "CLOSED") return { skipped: "the case is closed" } as const;
    const live = await liveSuccessor(tx, row.urn);
    if (live && live.status !== "PENDING") return { skipped: `the group is already rehoused by ${live.urn}` } as const;
    if (live) assertOurs(live);
    return { row, airport: caseRow.airport, live } as const;
  });
  if ("skipped" in prepared) return { kind: "skipped", why: prepared.skipped! };
  const { row, airport } = prepared;
  const [ap] = await ctx.db.select().from(airports).where(eq(airports.iata, airport)).limit(1);
  const timeZone = ap?.timeZone ?? "UTC";
  const failed = await ctx.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(reservations)
    .where(and(eq(reservations.previousUrn, row.urn), inArray(reservations.status, ["FAILED", "CANCELLED"])));
  // a new generation after a failed rehousing (a later walk of the same stay cannot happen: walkedAt is set once)
  const generation = String(failed[0]?.n ?? 0);
  const candidates = await candidatesFor(ctx, row, airport, timeZone, generation);
  if (candidates.length === 0 && !prepared.live) return { kind: "none", why: "no other compliant hotel of the group's ranking or of a new search has rooms" };

  const kept = auditableWalkDetail(row.walkReason, row.walkDetail);
  const reason = `${row.hotelName ?? row.hotelUrn} walked the group (${row.walkReason}${kept ? `: ${kept}` : ""}): stay ${row.urn} rehoused at the next-ranked hotel`;
  return transaction(ctx, async (tx): Promise<RehousePlanned> => {
    await tx.db.select({ urn: reservations.urn }).from(reservations).where(eq(reservations.urn, row.urn)).limit(1).for("update");
    const live = await liveSuccessor(tx, row.urn);
    if (live && live.status !== "PENDING") return { kind: "skipped", why: `the group is already rehoused by ${live.urn}` };
    if (live) assertOurs(live);
    let reservationUrn = live?.urn ?? null;
    if (!reservationUrn) {
      const first = candidates[0];
      reservationUrn = newUrn("reservation");
      try {
        await tx.db.transaction(async (sp) => {
          await sp.insert(reservations).values(pendingSuccessor(row, first, { urn: reservationUrn!, timeZone, stayChange: "REPLACEMENT", bookingRun: "rehouse" }));
        });
      } catch (err) {
        if (!isUniqueViolation(err, "reservations_previous_idx")) throw err;
        return { kind: "skipped", why: "another run is rehousing this group" };
      }
    }
    const plan: StayChangePlan = { tenant: row.tenant, caseUrn: row.caseUrn, airport, timeZone, groupId: row.groupId, previousUrn: row.urn, reservationUrn, rooms: row.rooms, candidates, reason };
    return { kind: "book", plan };
  });
}

/**
 * A PENDING successor another re-booking claimed before the walk (the passenger's choice, a
 * re-accommodation) is that run's to finish: its provider call may be in flight. The step fails and
 * is retried with backoff; by then it is CONFIRMED (the group is housed: nothing to do) or FAILED
 * (the rehousing claims its own).
 */
function assertOurs(live: { urn: string; bookingRun: string | null }): void {
  if (live.bookingRun !== "rehouse") throw new Error(`stay change ${live.urn} (${live.bookingRun ?? "another run"}) is under way for the walked stay: the rehousing waits for it`);
}

async function liveSuccessor(ctx: Ctx, urn: string) {
  const [live] = await ctx.db
    .select({ urn: reservations.urn, status: reservations.status, bookingRun: reservations.bookingRun })
    .from(reservations)
    .where(and(eq(reservations.previousUrn, urn), inArray(reservations.status, [...LIVE_STATUSES])))
    .limit(1);
  return live ?? null;
}

type Ranked = { hotelUrn: string; provider: Provider; providerOfferId: string; hotelName: string | null };

/** The wave's ranking for the group without the walked hotel, then the hotels a new search finds compliant, best scored first. */
async function candidatesFor(ctx: Ctx, row: ReservationRow, airport: string, timeZone: string, generation: string): Promise<StayCandidate[]> {
  const checkIn = localDate(row.checkIn, timeZone);
  const checkOut = localDate(row.checkOut, timeZone);
  const allocation = await allocationOf(ctx, row.waveUrn, row.groupId);
  const ranked: Ranked[] = allocation
    ? [
        { hotelUrn: allocation.hotelUrn, provider: allocation.provider as Provider, providerOfferId: allocation.providerOfferId, hotelName: null },
        ...allocation.fallbacks.map((f) => ({ hotelUrn: f.hotelUrn, provider: f.provider as Provider, providerOfferId: f.providerOfferId, hotelName: null })),
      ]
        .filter((h) => h.hotelUrn !== row.hotelUrn)
        .slice(0, BOOKING_LIMITS.maxFallbacks)
    : [];
  const fresh = (await searchAgain(ctx, row, airport, checkIn, checkOut)).filter((h) => !ranked.some((r) => r.hotelUrn === h.hotelUrn));
  const out: StayCandidate[] = [];
  for (const h of [...ranked, ...fresh.slice(0, BOOKING_LIMITS.maxFallbacks)]) {
    if (out.some((c) => c.hotelUrn === h.hotelUrn)) continue;
    out.push({
      rank: out.length + 1,
      kind: "REPLACEMENT",
      hotelUrn: h.hotelUrn,
      hotelName: h.hotelName ?? (await hotelName(ctx, h.hotelUrn)),
      provider: h.provider,
      providerOfferId: h.providerOfferId,
      providerHotelId: await providerHotelId(ctx, h.hotelUrn, h.provider),
      checkIn,
      checkOut,
      clientReference: clientReference(row.tenant, row.urn, "rehouse", generation, h.hotelUrn, checkIn, checkOut),
    });
  }
  return out;
}

/**
 * The sources searched now (as the wave searched: one room, the cached offers while fresh), ranked
 * by the engine for the group alone (lib/allocation-engine rankGroup): the stay's policy with every
 * constraint the wave applies, the minQuality gate and the cost, distance and quality weights, with
 * the tenant's stay quality of the offered hotels, rooms for the whole group (accessible ones for
 * its wheelchairs). The walked hotel, and a hotel the catalogue does not know (nothing to book it
 * by), are left out after ranking, so the others score as they would in a wave. A manual booking
 * (no policy) gets none: a person chose its hotel, a person chooses the next.
 */
async function searchAgain(ctx: Ctx, row: ReservationRow, airport: string, checkIn: string, checkOut: string): Promise<Ranked[]> {
  const policy = await stayPolicy(ctx, row);
  const [ap] = await ctx.db.select().from(airports).where(eq(airports.iata, airport)).limit(1);
  const [group] = await ctx.db.select({ tier: passengerGroups.tier }).from(passengerGroups).where(and(eq(passengerGroups.caseUrn, row.caseUrn), eq(passengerGroups.groupId, row.groupId))).limit(1);
  // a group whose passengers span tiers is never placed by the engine: a person houses it
  if (!policy || !ap || !group?.tier) return [];
  const { offers } = await searchHotelOffers({ ctx, input: { airport, checkIn, checkOut, rooms: 1 }, ...(await (await caseSystems(ctx, row.caseUrn)).search()) });
  const party = await ctx.db.select({ specialNeeds: passengers.specialNeeds }).from(passengers).where(and(eq(passengers.caseUrn, row.caseUrn), eq(passengers.groupId, row.groupId)));
  const catalogued = offeredHotelUrns(offers);
  const quality = Object.fromEntries(await hotelScores(ctx.db, { tenant: row.tenant, hotelUrns: catalogued }));
  const ranked = rankGroup({
    airport: { code: ap.iata, latitude: ap.latitude, longitude: ap.longitude },
    currency: ap.currency,
    offers,
    tier: group.tier,
    policy,
    group: {
      // the walked stay's rooms: the group keeps what it had
      rooms: row.rooms,
      wheelchairPassengers: party.filter((p) => p.specialNeeds.includes("WHEELCHAIR")).length,
      specialNeeds: [...new Set(party.flatMap((p) => p.specialNeeds))],
    },
    quality,
  });
  const known = new Set(catalogued);
  return ranked
    .filter((h) => h.hotelUrn !== row.hotelUrn && known.has(h.hotelUrn))
    .map(({ hotelUrn, provider, providerOfferId, hotelName }) => ({ hotelUrn, provider, providerOfferId, hotelName }));
}

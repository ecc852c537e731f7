import { and, eq, inArray } from "drizzle-orm";
import { type ReservationRow, reservations, type RideVoucherRow, type TransportSegmentRow } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { assignFromFleet, planStaysTransport } from "@/lib/transport";
import { leaveRidesForTaxis } from "@/lib/transport/drop-reservation";
import { liveSegmentsOf } from "@/lib/transport/live-segments";
import { ridesChanged } from "@/lib/transport/rides-changed";
import { issueRideVouchers } from "./issue";
import { ridesOfStays, planRideVouchers } from "./plan";
import { rideStatusFrom, type RideStatus } from "./ride-status";

export type Arranged = RideStatus & {
  /** the reservation is still CONFIRMED (a cancelled one gets no ride, no voucher) */
  live: boolean;
  /** a peer answered "not now" (5xx, 429, timeout): asking again may decide the ride, or turn a shuttle seat into the taxi owed */
  retry: boolean;
};

/** An issued (or used) taxi is the leg's ride; a PENDING one may still fail, a FAILED one never came (the group keeps its shuttle). */
const takes = (r: RideVoucherRow) => r.status === "ISSUED" || r.status === "USED";

const NOT_LIVE: Arranged = { live: false, retry: false, decided: true, legs: { AIRPORT_TO_HOTEL: "NONE_OWED", HOTEL_TO_AIRPORT: "NONE_OWED" } };

/**
 * The rides of stays of one case confirmed together (a wave's chunk, or one stay: a batch of one),
 * decided before their vouchers are rendered (docs/passenger-flow.md), for the chunk at once:
 * 1. the stays, their live rides and their ride vouchers read in one query each; every hotel of
 *    the chunk planned in one transaction, each for every stay confirmed there by then
 *    (lib/transport/plan-stays.ts; only the stays on no ride yet and holding no taxi: a replay plans nothing);
 * 2. the taxi vouchers the groups are owed without asking the fleet (a car tier, a night ride),
 *    written in one transaction (one insert, ON CONFLICT on the one live voucher per leg), issued
 *    side by side and recorded in one transaction, and the chunk's passengers off the shuttles those
 *    taxis replace in one transaction (never a seat and a taxi for one leg);
 * 3. the fleet asked once for each shuttle the chunk's stays are still on without a vehicle (not one
 *    whose every chunk rider holds a taxi for the leg, nor one it refused already), side by side,
 *    the answers recorded in one transaction;
 * 4. a ride the fleet refused becomes a taxi voucher (FLEET_UNAVAILABLE), the same way as in 2;
 * 5. each stay's ride status computed from the rows read and written above (no read per stay).
 * Each step is idempotent (the plan leaves whoever is aboard, a leg with a live voucher is not
 * written again, the fleet and the ride provider take our URNs as idempotency keys), so a replay
 * repeats nothing. A peer that is down does not fail the passenger's flow: the stays it concerns
 * say `retry` (the others are decided), and the flow asks again within its bound.
 */
export async function arrangeRides(ctx: Ctx, input: { caseUrn: string; reservationUrns: string[]; confirmedAt: string }): Promise<Record<string, Arranged>> {
  const out: Record<string, Arranged> = Object.fromEntries(input.reservationUrns.map((u) => [u, NOT_LIVE]));
  if (!input.reservationUrns.length) return out;
  const stays = await ctx.db
    .select()
    .from(reservations)
    .where(and(eq(reservations.caseUrn, input.caseUrn), eq(reservations.tenant, ctx.principal.tenant), inArray(reservations.urn, input.reservationUrns)));
  let live = stays.filter((s) => s.status === "CONFIRMED");
  if (!live.length) return out;
  const urns = () => live.map((s) => s.urn);
  let segments = await liveSegmentsOf(ctx, input.caseUrn, urns());
  let rides = await ridesOfStays(ctx, urns());

  // 1. every hotel of the chunk's stays planned at once, where a stay is on no ride yet; a stay no longer CONFIRMED gets no ride
  const unplanned = live.filter((s) => !segments.some((g) => g.reservationUrns.includes(s.urn)) && !rides.some((r) => r.reservationUrn === s.urn));
  if (unplanned.length) {
    const plan = await planStaysTransport(ctx, { caseUrn: input.caseUrn, stays: unplanned, confirmedAt: input.confirmedAt });
    if (plan.skipped === "case closed") return out;
    live = live.filter((s) => !plan.gone.includes(s.urn));
    // stays this plan newly seated whose voucher already left (one read finds them): they show the ride now
    await ridesChanged(ctx, plan.vouchersToRefresh);
    // read again even if this plan wrote nothing: a concurrent run's plan may have seated these stays meanwhile
    if (plan.skipped === null) segments = await liveSegmentsOf(ctx, input.caseUrn, urns());
  }

  const retry = new Set<string>();
  const keep = (rows: TransportSegmentRow[]) => {
    const changed = new Map(rows.map((r) => [r.urn, r]));
    segments = segments.map((s) => changed.get(s.urn) ?? s).filter((s) => s.status === "PLANNED" || s.status === "ASSIGNED");
  };

  // 2. (and 4.) the taxis owed, issued, and their riders off the shuttles they replace
  const taxis = async (forStays: ReservationRow[]) => {
    const mine = new Set(forStays.map((s) => s.urn));
    rides = await planRideVouchers(ctx, { caseUrn: input.caseUrn, stays: forStays, segments, rides });
    const pending = rides.filter((r) => r.status === "PENDING" && mine.has(r.reservationUrn));
    if (pending.length) {
      const outcomes = new Map((await issueRideVouchers(ctx, pending)).map((o) => [o.urn, o]));
      for (const o of outcomes.values()) if (o.unavailable) retry.add(pending.find((r) => r.urn === o.urn)!.reservationUrn);
      // each voucher as the issue left it (ISSUED, FAILED); one cancelled meanwhile no longer holds its leg
      rides = rides.flatMap((r) => {
        const o = outcomes.get(r.urn);
        if (!o) return [r];
        if (o.row) return [o.row];
        return o.status === "SKIPPED" ? [] : [r];
      });
    }
    // a taxi that replaces a shuttle seat takes the group off that shuttle (only where it is still aboard)
    const legs = rides.filter((r) => mine.has(r.reservationUrn) && takes(r) && r.segmentUrn !== null && segments.some((s) => s.direction === r.direction && s.reservationUrns.includes(r.reservationUrn)));
    if (legs.length) keep((await leaveRidesForTaxis(ctx, { caseUrn: input.caseUrn, legs: legs.map((r) => ({ reservationUrn: r.reservationUrn, direction: r.direction, reason: r.reason })) })).rows);
  };
  await taxis(live);

  // 3. the fleet, once per shuttle still without a vehicle that a rider of the chunk takes
  const liveUrns = new Set(urns());
  const taxiTakes = (u: string, direction: RideVoucherRow["direction"]) => rides.some((r) => r.reservationUrn === u && r.direction === direction && takes(r));
  const unasked = segments.filter((s) => s.status === "PLANNED" && s.vehicle === null && s.fleetRefusal === null && s.reservationUrns.some((u) => liveUrns.has(u) && !taxiTakes(u, s.direction)));
  if (unasked.length) {
    const answers = await assignFromFleet(ctx, unasked);
    keep(answers.flatMap((a) => (a.row ? [a.row] : [])));
    for (const a of answers) if (a.outcome === "RETRY") for (const u of unasked.find((s) => s.urn === a.segmentUrn)!.reservationUrns) if (liveUrns.has(u)) retry.add(u);
  }

  // 4. a ride the fleet refused (now, or for another stay before) is a taxi for the riders without one
  const refusedRiders = live.filter((stay) => segments.some((s) => s.status === "PLANNED" && s.vehicle === null && s.fleetRefusal !== null && s.reservationUrns.includes(stay.urn) && !rides.some((r) => r.reservationUrn === stay.urn && r.direction === s.direction)));
  if (refusedRiders.length) await taxis(refusedRiders);

  // 5. each stay's ride, from the rows above
  for (const s of live) out[s.urn] = { live: true, retry: retry.has(s.urn), ...rideStatusFrom(s.urn, segments, rides) };
  return out;
}

import { and, eq, sql } from "drizzle-orm";
import { type RideVoucherRow, transportSegments } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { log } from "@/lib/log";
import { assignFromFleet, planReservationTransport } from "@/lib/transport";
import { leaveRidesForTaxis } from "@/lib/transport/drop-reservation";
import { ridesChanged } from "@/lib/transport/rides-changed";
import { FleetAuthError, FleetUnavailable } from "@/lib/peers/fleet/types";
import { issueRideVouchers } from "./issue";
import { planRideVouchers } from "./plan";
import { rideStatusOf, type RideStatus } from "./ride-status";

export type Arranged = RideStatus & {
  /** the reservation is still CONFIRMED (a cancelled one gets no ride, no voucher) */
  live: boolean;
  /** a peer answered "not now" (5xx, 429, timeout): asking again may decide the ride, or turn a shuttle seat into the taxi owed */
  retry: boolean;
};

/**
 * The ride of a confirmed stay, decided before its voucher is rendered (issue 28's ordered flow):
 * 1. the hotel's transport planned (every CONFIRMED stay of the case at that hotel at once, so the
 *    groups confirmed by then share shuttles by time; a stay already aboard costs one read);
 * 2. the taxi vouchers the group is owed without asking the fleet (a car tier, a night ride),
 *    issued, and the stay's passengers off those shuttles (never a seat and a taxi for one leg);
 * 3. the fleet asked for the shuttles the stay is still on without a vehicle;
 * 4. a ride the fleet refused becomes a taxi voucher (FLEET_UNAVAILABLE), the same way.
 * Each step is idempotent (the plan leaves whoever is aboard, the fleet and the ride provider take
 * our URNs as idempotency keys), so a replay repeats nothing. A peer that is down does not fail the
 * passenger's flow: the answer says `retry`, and the flow asks again within its bound.
 */
export async function arrangeRide(ctx: Ctx, input: { caseUrn: string; reservationUrn: string; confirmedAt: string }): Promise<Arranged> {
  let retry = false;
  const plan = await planReservationTransport(ctx, input);
  if (plan.skipped?.startsWith("reservation ") || plan.skipped === "case closed") {
    return { live: false, retry, decided: true, legs: { AIRPORT_TO_HOTEL: "NONE_OWED", HOTEL_TO_AIRPORT: "NONE_OWED" } };
  }
  // stays this plan newly seated whose voucher already left (one read finds them): they show the ride now
  await ridesChanged(ctx, plan.vouchersToRefresh);
  const first = await issueOwedTaxis(ctx, input);
  retry = first.retry || retry;
  let refused = false;
  const shuttles = await shuttlesWithoutVehicle(ctx, input, first.taxiLegs);
  // a shuttle the fleet refused already (for another stay aboard) is not asked again: its riders'
  // taxis were decided in the round above (FLEET_UNAVAILABLE), as the desk's one item says
  for (const urn of shuttles.unasked) {
    try {
      refused = (await assignFromFleet(ctx, urn)).outcome === "UNASSIGNED" || refused;
    } catch (err) {
      if (!(err instanceof FleetUnavailable || err instanceof FleetAuthError)) throw err;
      log("warn", "the fleet did not answer; the ride is asked again", { segmentUrn: urn, error: err.message });
      retry = true;
    }
  }
  // a refused ride is a taxi now (FLEET_UNAVAILABLE): refused here, or by another stay's flow before (a
  // shuttle refused while this flow asked the fleet is one it asked: `refused` says so)
  if (refused || shuttles.refused) retry = (await issueOwedTaxis(ctx, input)).retry || retry;
  const status = await rideStatusOf(ctx, { urn: input.reservationUrn, caseUrn: input.caseUrn });
  return { live: true, retry, ...status };
}

/**
 * The taxi vouchers the group is owed now, issued, and its passengers off the shuttles they replace.
 * Answers whether a provider asked us to come back, and the legs a taxi now takes.
 */
async function issueOwedTaxis(ctx: Ctx, input: { caseUrn: string; reservationUrn: string }): Promise<{ retry: boolean; taxiLegs: RideVoucherRow["direction"][] }> {
  const planned = await planRideVouchers(ctx, input);
  // both legs asked of the provider side by side and recorded together; a "not now" is asked again by the flow
  const outcomes = planned.pending.length ? await issueRideVouchers(ctx, planned.pending) : [];
  const retry = outcomes.some((o) => o.unavailable);
  // the stay's taxis issued: those it had, and those issued just now (no second read)
  const issuedNow = new Set(outcomes.flatMap((o) => (o.status === "ISSUED" ? [o.urn] : [])));
  const issued = [...planned.issued, ...planned.pending.filter((r) => issuedNow.has(r.urn))];
  // a taxi that replaces a shuttle seat takes the group off that shuttle
  const replacing = issued.filter((i) => i.segmentUrn !== null);
  if (replacing.length) {
    await leaveRidesForTaxis(ctx, { ...input, directions: [...new Set(replacing.map((i) => i.direction))], reasons: replacing.map((i) => i.reason) });
  }
  return { retry, taxiLegs: [...new Set(issued.map((i) => i.direction))] };
}

/**
 * The live shuttles the stay is on that have no vehicle yet (PLANNED), in one read: those the fleet
 * was not asked for yet, in pickup order, not those of a leg an issued taxi voucher takes (no car
 * booked for a ride nobody takes); and whether one the fleet refused still carries the stay.
 */
async function shuttlesWithoutVehicle(ctx: Ctx, input: { caseUrn: string; reservationUrn: string }, taxiLegs: RideVoucherRow["direction"][]): Promise<{ unasked: string[]; refused: boolean }> {
  const rows = await ctx.db
    .select({ urn: transportSegments.urn, direction: transportSegments.direction, fleetRefusal: transportSegments.fleetRefusal })
    .from(transportSegments)
    .where(
      and(
        eq(transportSegments.caseUrn, input.caseUrn),
        eq(transportSegments.status, "PLANNED"),
        sql`${transportSegments.reservationUrns} @> ${JSON.stringify([input.reservationUrn])}::jsonb`,
      ),
    )
    .orderBy(transportSegments.scheduledAt, transportSegments.urn);
  return {
    unasked: rows.filter((r) => r.fleetRefusal === null && !taxiLegs.includes(r.direction)).map((r) => r.urn),
    refused: rows.some((r) => r.fleetRefusal !== null),
  };
}

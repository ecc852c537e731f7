import { and, eq, inArray, like, ne, or } from "drizzle-orm";
import { hotels, reservations, type ReservationRow, rideVouchers, transportSegments, type TransportSegmentRow } from "@/db/schema";
import { airportFacts } from "@/lib/airport-facts";
import { writeAudit } from "@/lib/audit/write";
import { loadCase, touchCaseAtCommit } from "@/lib/cases/load";
import { type Ctx, transaction } from "@/lib/context";
import { newUrn } from "@/lib/ids";
import { caseContext, matchPolicies } from "@/lib/policies/match";
import { TIERS, type Tier } from "@/lib/vocabulary";
import { planTransport, type PlanInput, type PlannedSegment, type PlanReservation, type SegmentExtension } from "./plan";
import { REPLACED_BY_TAXI } from "./plan/types";
import { NO_RIDE, passengersOf } from "./riders";
import { transportSettings } from "./settings";
import { auditSnapshot } from "./to-record";
import { canApply } from "./transitions";
import { lockCaseTransport } from "./lock";
import { updateSegments } from "./update-segments";

export type PlanOutcome = {
  skipped: string | null;
  /** stays of the chunk no longer CONFIRMED under the lock (cancelled meanwhile): they get no ride */
  gone: string[];
  created: string[];
  extended: string[];
  /** reservations whose vouchers now show another ride: refreshed after this plan commits (ridesChanged) */
  vouchersToRefresh: string[];
};

/**
 * The automatic plan when stays confirm (spec 2.7): at each hotel of the given stays, the transport
 * of every CONFIRMED reservation of the case there, planned again by lib/transport/plan, which
 * leaves everyone already aboard a live segment where they are. So a replay changes nothing, and a
 * stay confirmed after another in the same slot joins its PLANNED shuttle. The stays of a chunk
 * (lib/rides/arrange.ts) are planned in one transaction, whatever their hotels: each read is one
 * query for them all (the hotels, their CONFIRMED stays, passengers, live segments and taxi legs),
 * the new segments one insert and the extended ones one update, so a chunk's plan costs the same
 * dozen statements at one hotel or ten. The case is locked first (one plan per case at a time; the
 * operator actions lock in the same order). The stays are the caller's rows, read before the lock:
 * each is checked CONFIRMED among its hotel's under it.
 */
export async function planStaysTransport(ctx: Ctx, input: { caseUrn: string; stays: readonly ReservationRow[]; confirmedAt: string }): Promise<PlanOutcome> {
  const none = (skipped: string, gone: string[] = []): PlanOutcome => ({ skipped, gone, created: [], extended: [], vouchersToRefresh: [] });
  const stays = input.stays.filter((s) => s.tenant === ctx.principal.tenant && s.caseUrn === input.caseUrn);
  if (!stays.length) return none("no stay to plan");
  return transaction(ctx, async (tx) => {
    await lockCaseTransport(tx, input.caseUrn);
    const caseRow = await loadCase(tx, input.caseUrn);
    if (caseRow.status === "CLOSED") return none("case closed");
    const hotelUrns = [...new Set(stays.map((s) => s.hotelUrn))];
    const confirmed = await tx.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.caseUrn, caseRow.urn), inArray(reservations.hotelUrn, hotelUrns), eq(reservations.status, "CONFIRMED")));
    // a stay the caller read before the lock: cancelled meanwhile, it is not among its hotel's CONFIRMED ones
    const gone = stays.filter((s) => !confirmed.some((r) => r.urn === s.urn)).map((s) => s.urn);
    const triggers = new Map(stays.filter((s) => !gone.includes(s.urn)).map((s) => [s.hotelUrn, s]));
    if (!triggers.size) return none("reservations no longer CONFIRMED", gone);
    const airport = await airportFacts(tx.db, caseRow.airport);
    if (!airport) return none("airport unknown", gone);
    const hotelRows = await tx.db.select().from(hotels).where(inArray(hotels.urn, [...triggers.keys()]));
    const atHotels = confirmed.filter((r) => triggers.has(r.hotelUrn));
    const people = await passengersOf(tx, caseRow.urn, atHotels);
    const existing = await tx.db
      .select()
      .from(transportSegments)
      .where(
        and(
          eq(transportSegments.caseUrn, caseRow.urn),
          inArray(transportSegments.hotelUrn, [...triggers.keys()]),
          // a ride taxi vouchers replaced still covers its riders: a replayed confirmation must not plan them a shuttle again
          or(ne(transportSegments.status, "CANCELLED"), like(transportSegments.cancellationReason, `${REPLACED_BY_TAXI}%`)),
        ),
      )
      .for("update");
    const taxiLegs = await taxiCoveredLegs(tx, atHotels, people);
    const tiers = [...new Set(people.map((p) => p.tier).filter((t): t is Tier => t !== null))].sort((a, b) => TIERS.indexOf(a) - TIERS.indexOf(b));
    const policies = await matchPolicies(tx, { ...caseContext(caseRow), tiers });
    const transportByTier = Object.fromEntries(tiers.flatMap((t) => (policies.get(t) ? [[t, policies.get(t)!.transport]] : [])));
    const ours = new Set(stays.map((s) => s.urn));

    // each hotel planned on its own (the planner's input is one hotel), the writes of them all together below
    const creates: (PlannedSegment & { reason: string })[] = [];
    const extends_: (SegmentExtension & { reason: string; before: TransportSegmentRow })[] = [];
    for (const hotel of hotelRows) {
      const here = atHotels.filter((r) => r.hotelUrn === hotel.urn);
      const plan = planTransport({
        airport: { code: airport.iata, latitude: airport.latitude, longitude: airport.longitude },
        hotel: { urn: hotel.urn, name: hotel.name, address: hotel.address, latitude: hotel.latitude, longitude: hotel.longitude },
        disruptionAt: caseRow.flight.scheduledDeparture,
        nextDepartureAt: caseRow.nextFlight?.scheduledDeparture ?? null,
        reservations: here.map(
          (r): PlanReservation => ({
            reservationUrn: r.urn,
            groupId: r.groupId,
            // the stays being planned confirmed at the event's time; another of the hotel not yet planned: its last change
            confirmedAt: ours.has(r.urn) ? input.confirmedAt : r.updatedAt.toISOString(),
            checkOut: r.checkOut.toISOString(),
            passengers: people
              .filter((p) => p.groupId === r.groupId)
              .map((p) => ({ passengerId: p.passengerId, tier: p.tier, specialNeeds: p.specialNeeds, localResident: NO_RIDE.includes(p.operationalStatus) })),
          }),
        ),
        existing: [
          ...existing
            .filter((s) => s.hotelUrn === hotel.urn)
            .map((s) => ({ urn: s.urn, direction: s.direction, scheduledAt: s.scheduledAt.toISOString(), vehicleType: s.vehicleType, capacity: s.capacity, status: s.status, passengers: s.passengers, specialRequirements: s.specialRequirements, replacedByTaxi: s.status === "CANCELLED" })),
          ...taxiLegs.filter((l) => l.hotelUrn === hotel.urn).map((l) => l.leg),
        ],
        transportByTier,
        settings: transportSettings(),
      });
      const reason = `reservation ${triggers.get(hotel.urn)!.urn} confirmed`;
      creates.push(...plan.create.map((c) => ({ ...c, reason })));
      for (const e of plan.extend) {
        const before = existing.find((s) => s.urn === e.urn)!;
        if (canApply("extend", before.status)) extends_.push({ ...e, reason, before });
      }
    }

    const created = creates.length
      ? await tx.db
          .insert(transportSegments)
          .values(creates.map(({ reason: _, ...s }) => ({ ...s, urn: newUrn("segment"), tenant: tx.principal.tenant, caseUrn: caseRow.urn, airport: caseRow.airport, scheduledAt: new Date(s.scheduledAt), passengerCount: s.passengers.length, status: "PLANNED" as const, origin: "PLANNER" as const })))
          .returning()
      : [];
    for (const [i, row] of created.entries()) await writeAudit(tx, { entity: "segment", entityUrn: row.urn, action: "plan", airport: caseRow.airport, reason: creates[i].reason, after: auditSnapshot(row) });
    const extended = await updateSegments(
      tx,
      extends_.map((e) => ({ urn: e.urn, set: { passengers: e.passengers, passengerCount: e.passengers.length, reservationUrns: e.reservationUrns, specialRequirements: e.specialRequirements } })),
      { onlyIf: ["PLANNED"] },
    );
    for (const row of extended) {
      const e = extends_.find((x) => x.urn === row.urn)!;
      await writeAudit(tx, { entity: "segment", entityUrn: row.urn, action: "extend", airport: caseRow.airport, reason: e.reason, before: auditSnapshot(e.before), after: auditSnapshot(row) });
    }
    if (created.length || extended.length) await touchCaseAtCommit(tx, caseRow.urn);
    // a voucher shows its ride's pickup, time and vehicle: riders already aboard an extended ride see
    // no change, so only the reservations the plan newly took aboard are rendered again
    const joined = extends_.flatMap((e) => e.reservationUrns.filter((u) => !e.before.reservationUrns.includes(u)));
    const vouchersToRefresh = [...new Set([...creates.flatMap((s) => s.reservationUrns), ...joined])].sort();
    return { skipped: null, gone, created: created.map((r) => r.urn), extended: extended.map((r) => r.urn), vouchersToRefresh };
  });
}

/**
 * Legs a taxi voucher covers (planned, issued or used), by the hotel of their stay: their riders left
 * the shuttle (lib/transport/drop-reservation.ts leaveRidesForTaxis) and are not seated on one
 * again. Given to the planner as rides "replaced by taxi", which it reads as covered.
 */
async function taxiCoveredLegs(ctx: Ctx, stays: readonly Pick<ReservationRow, "urn" | "hotelUrn">[], people: { groupId: string; passengerId: string }[]): Promise<{ hotelUrn: string; leg: PlanInput["existing"][number] }[]> {
  if (!stays.length) return [];
  const legs = await ctx.db
    .select({ urn: rideVouchers.urn, reservationUrn: rideVouchers.reservationUrn, groupId: rideVouchers.groupId, direction: rideVouchers.direction, pickupAt: rideVouchers.pickupAt })
    .from(rideVouchers)
    .where(and(inArray(rideVouchers.reservationUrn, stays.map((s) => s.urn)), inArray(rideVouchers.status, ["PENDING", "ISSUED", "USED"])));
  return legs.map((l) => ({
    hotelUrn: stays.find((s) => s.urn === l.reservationUrn)!.hotelUrn,
    leg: {
      urn: l.urn,
      direction: l.direction,
      scheduledAt: l.pickupAt.toISOString(),
      vehicleType: "TAXI" as const,
      capacity: null,
      status: "CANCELLED" as const,
      passengers: people.filter((p) => p.groupId === l.groupId).map((p) => ({ passengerId: p.passengerId, groupId: l.groupId, reservationUrn: l.reservationUrn })),
      specialRequirements: [],
      replacedByTaxi: true,
    },
  }));
}

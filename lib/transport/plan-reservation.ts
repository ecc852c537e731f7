import { and, eq, inArray, like, ne, or, sql } from "drizzle-orm";
import { reservations, rideVouchers, transportSegments } from "@/db/schema";
import { airportFacts } from "@/lib/airport-facts";
import { writeAudit } from "@/lib/audit/write";
import { loadCase, touchCaseAtCommit } from "@/lib/cases/load";
import { type Ctx, transaction } from "@/lib/context";
import { newUrn } from "@/lib/ids";
import { caseContext, matchPolicies } from "@/lib/policies/match";
import { TIERS, type Tier } from "@/lib/vocabulary";
import { planTransport, type PlanInput, type PlanReservation } from "./plan";
import { REPLACED_BY_TAXI } from "./plan/types";
import { hotelOf, NO_RIDE, passengersOf } from "./riders";
import { transportSettings } from "./settings";
import { auditSnapshot } from "./to-record";
import { canApply } from "./transitions";
import { lockCaseTransport } from "./lock";

export type PlanOutcome = {
  skipped: string | null;
  created: string[];
  extended: string[];
  /** reservations whose vouchers now show another ride: refreshed after this plan commits (refreshVouchersOf) */
  vouchersToRefresh: string[];
};

/**
 * The automatic plan when a reservation confirms (spec 2.7): the transport of every CONFIRMED
 * reservation of the case at that hotel, planned again by lib/transport/plan, which leaves
 * everyone already aboard a live segment where they are. So a re-delivered event changes nothing,
 * and a reservation confirmed after another in the same slot joins its PLANNED shuttle. The case
 * is locked first (one plan per case at a time; the operator actions lock in the same order).
 * Answers the segments it made and extended, and the stays it newly took aboard.
 */
export async function planReservationTransport(ctx: Ctx, input: { caseUrn: string; reservationUrn: string; confirmedAt: string }): Promise<PlanOutcome> {
  const none = (skipped: string): PlanOutcome => ({ skipped, created: [], extended: [], vouchersToRefresh: [] });
  // a plan made for another reservation of the hotel took this one aboard already (every CONFIRMED
  // reservation of the hotel is planned at once): during a meltdown most runs end here, in one read
  if (await aboard(ctx, input.reservationUrn, input.caseUrn)) return none("already aboard a planned ride");
  return transaction(ctx, async (tx) => {
    await lockCaseTransport(tx, input.caseUrn);
    const caseRow = await loadCase(tx, input.caseUrn);
    if (caseRow.status === "CLOSED") return none("case closed");
    const [trigger] = await tx.db.select().from(reservations).where(and(eq(reservations.urn, input.reservationUrn), eq(reservations.tenant, tx.principal.tenant))).limit(1);
    if (!trigger || trigger.status !== "CONFIRMED") return none(`reservation ${trigger?.status ?? "missing"}`);
    const hotel = await hotelOf(tx, trigger.hotelUrn);
    const airport = await airportFacts(tx.db, caseRow.airport);
    if (!hotel || !airport) return none(!hotel ? "hotel unknown" : "airport unknown");

    const confirmed = await tx.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.caseUrn, caseRow.urn), eq(reservations.hotelUrn, hotel.urn), eq(reservations.status, "CONFIRMED")));
    const people = await passengersOf(tx, caseRow.urn, confirmed);
    const existing = await tx.db
      .select()
      .from(transportSegments)
      .where(
        and(
          eq(transportSegments.caseUrn, caseRow.urn),
          eq(transportSegments.hotelUrn, hotel.urn),
          // a ride taxi vouchers replaced still covers its riders: a re-delivered confirmation must not plan them a shuttle again
          or(ne(transportSegments.status, "CANCELLED"), like(transportSegments.cancellationReason, `${REPLACED_BY_TAXI}%`)),
        ),
      )
      .for("update");
    const taxiLegs = await taxiCoveredLegs(tx, confirmed.map((r) => r.urn), people);
    const tiers = [...new Set(people.map((p) => p.tier).filter((t): t is Tier => t !== null))].sort((a, b) => TIERS.indexOf(a) - TIERS.indexOf(b));
    const policies = await matchPolicies(tx, { ...caseContext(caseRow), tiers });

    const planInput: PlanInput = {
      airport: { code: airport.iata, latitude: airport.latitude, longitude: airport.longitude },
      hotel: { urn: hotel.urn, name: hotel.name, address: hotel.address, latitude: hotel.latitude, longitude: hotel.longitude },
      disruptionAt: caseRow.flight.scheduledDeparture,
      nextDepartureAt: caseRow.nextFlight?.scheduledDeparture ?? null,
      reservations: confirmed.map(
        (r): PlanReservation => ({
          reservationUrn: r.urn,
          groupId: r.groupId,
          // the event's time for the reservation that just confirmed; another not yet planned: its last change
          confirmedAt: r.urn === trigger.urn ? input.confirmedAt : r.updatedAt.toISOString(),
          checkOut: r.checkOut.toISOString(),
          passengers: people
            .filter((p) => p.groupId === r.groupId)
            .map((p) => ({ passengerId: p.passengerId, tier: p.tier, specialNeeds: p.specialNeeds, localResident: NO_RIDE.includes(p.operationalStatus) })),
        }),
      ),
      existing: [
        ...existing.map((s) => ({ urn: s.urn, direction: s.direction, scheduledAt: s.scheduledAt.toISOString(), vehicleType: s.vehicleType, capacity: s.capacity, status: s.status, passengers: s.passengers, specialRequirements: s.specialRequirements, replacedByTaxi: s.status === "CANCELLED" })),
        ...taxiLegs,
      ],
      transportByTier: Object.fromEntries(tiers.flatMap((t) => (policies.get(t) ? [[t, policies.get(t)!.transport]] : []))),
      settings: transportSettings(),
    };
    const plan = planTransport(planInput);
    const reason = `reservation ${trigger.urn} confirmed`;

    const created: string[] = [];
    for (const s of plan.create) {
      const [row] = await tx.db
        .insert(transportSegments)
        .values({ ...s, urn: newUrn("segment"), tenant: tx.principal.tenant, caseUrn: caseRow.urn, airport: caseRow.airport, scheduledAt: new Date(s.scheduledAt), passengerCount: s.passengers.length, status: "PLANNED", origin: "PLANNER" })
        .returning();
      await writeAudit(tx, { entity: "segment", entityUrn: row.urn, action: "plan", airport: caseRow.airport, reason, after: auditSnapshot(row) });
      created.push(row.urn);
    }
    const extended: string[] = [];
    for (const e of plan.extend) {
      const before = existing.find((s) => s.urn === e.urn)!;
      if (!canApply("extend", before.status)) continue;
      const [row] = await tx.db
        .update(transportSegments)
        .set({ passengers: e.passengers, passengerCount: e.passengers.length, reservationUrns: e.reservationUrns, specialRequirements: e.specialRequirements })
        .where(and(eq(transportSegments.urn, e.urn), eq(transportSegments.status, "PLANNED")))
        .returning();
      await writeAudit(tx, { entity: "segment", entityUrn: row.urn, action: "extend", airport: caseRow.airport, reason, before: auditSnapshot(before), after: auditSnapshot(row) });
      extended.push(row.urn);
    }
    if (created.length || extended.length) await touchCaseAtCommit(tx, caseRow.urn);
    // a voucher shows its ride's pickup, time and vehicle: riders already aboard an extended ride see
    // no change, so only the reservations the plan newly took aboard are rendered again
    const joined = plan.extend.flatMap((e) => e.reservationUrns.filter((u) => !existing.find((s) => s.urn === e.urn)?.reservationUrns.includes(u)));
    const vouchersToRefresh = [...new Set([...plan.create.flatMap((s) => s.reservationUrns), ...joined])].sort();
    return { skipped: null, created, extended, vouchersToRefresh };
  });
}

/**
 * Legs a taxi voucher covers (planned, issued or used): their riders left the shuttle
 * (lib/transport/drop-reservation.ts leaveRidesForTaxis) and are not seated on one again. Given
 * to the planner as rides "replaced by taxi", which it reads as covered.
 */
async function taxiCoveredLegs(ctx: Ctx, reservationUrns: string[], people: { groupId: string; passengerId: string }[]): Promise<PlanInput["existing"]> {
  if (!reservationUrns.length) return [];
  const legs = await ctx.db
    .select({ urn: rideVouchers.urn, reservationUrn: rideVouchers.reservationUrn, groupId: rideVouchers.groupId, direction: rideVouchers.direction, pickupAt: rideVouchers.pickupAt })
    .from(rideVouchers)
    .where(and(inArray(rideVouchers.reservationUrn, reservationUrns), inArray(rideVouchers.status, ["PENDING", "ISSUED", "USED"])));
  return legs.map((l) => ({
    urn: l.urn,
    direction: l.direction,
    scheduledAt: l.pickupAt.toISOString(),
    vehicleType: "TAXI" as const,
    capacity: null,
    status: "CANCELLED" as const,
    passengers: people.filter((p) => p.groupId === l.groupId).map((p) => ({ passengerId: p.passengerId, groupId: l.groupId, reservationUrn: l.reservationUrn })),
    specialRequirements: [],
    replacedByTaxi: true,
  }));
}

/** Is the reservation on a live ride of its case already? */
async function aboard(ctx: Ctx, reservationUrn: string, caseUrn: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ urn: transportSegments.urn })
    .from(transportSegments)
    .where(
      and(
        eq(transportSegments.caseUrn, caseUrn),
        inArray(transportSegments.status, ["PLANNED", "ASSIGNED"]),
        sql`${transportSegments.reservationUrns} @> ${JSON.stringify([reservationUrn])}::jsonb`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

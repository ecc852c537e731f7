import { and, eq } from "drizzle-orm";
import { type TransportSegmentRow, transportSegments } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { touchCase } from "@/lib/cases/load";
import { type Ctx, transaction } from "@/lib/context";
import { caseSystems } from "@/lib/peers/case-systems";
import { releaseQuietly } from "./change";
import type { AssignmentRequest, TransportFleet } from "@/lib/peers/fleet/types";
import { NO_VEHICLE } from "@/lib/peers/fleet/wire";
import { ridesChanged } from "./rides-changed";
import { askForCapacity } from "./shortfall/ask-capacity";
import { shortfallScope } from "./shortfall/key";
import { emit } from "@/lib/events";
import { auditSnapshot } from "./to-record";
import { lockCaseTransport } from "./lock";

export type FleetOutcome = { segmentUrn: string; outcome: "ASSIGNED" | "UNASSIGNED" | "SKIPPED"; detail: string };

/**
 * Asks the transport provider for a vehicle for one PLANNED segment → ASSIGNED with the vehicle
 * and driver. The segment's URN is the fleet's idempotency reference, so a retried step gets the
 * same vehicle, never a second one. When the fleet has none of the type left (or none is
 * configured) the segment stays PLANNED and the airport's night's one TRANSPORT_UNASSIGNED review
 * item lists it (./shortfall/record.ts), and a configured fleet's refusal is kept on the segment
 * (fleetRefusal). The first `no_vehicle` of a vehicle type that night asks the fleet for more
 * vehicles of the type where its API allows (./shortfall/ask-capacity.ts), and asks for this ride
 * again when it granted some. A fleet that fails (5xx, timeout) throws: the job's step retries.
 * The fleet is the case's: a drill's rides are assigned at the drills' sandbox fleet.
 */
export async function assignFromFleet(ctx: Ctx, segmentUrn: string): Promise<FleetOutcome> {
  const [segment] = await ctx.db.select().from(transportSegments).where(and(eq(transportSegments.urn, segmentUrn), eq(transportSegments.tenant, ctx.principal.tenant))).limit(1);
  if (!segment || segment.status !== "PLANNED") return { segmentUrn, outcome: "SKIPPED", detail: segment ? segment.status : "missing" };
  const fleet = await (await caseSystems(ctx, segment.caseUrn)).fleet();
  const request: AssignmentRequest = {
    reference: segment.urn,
    airport: segment.airport ?? "",
    vehicleType: segment.vehicleType,
    seats: Math.max(1, segment.passengerCount),
    pickupAt: segment.scheduledAt.toISOString(),
    pickup: segment.pickupLocation ?? "",
    dropoff: segment.dropoffLocation ?? "",
    specialRequirements: segment.specialRequirements,
  };
  let outcome = fleet ? await fleet.assign(request) : ({ ok: false, code: "no_provider", message: "no transport provider is configured (FLEET_URL)" } as const);

  if (!outcome.ok) {
    const scope = await shortfallScope(ctx, segment);
    // the type is exhausted: the fleet may add vehicles (once per airport, night and type), then this ride is asked again
    if (fleet && outcome.code === NO_VEHICLE && (await askForCapacity(ctx, fleet, segment, scope)) > 0) outcome = await fleet.assign(request);
    if (!outcome.ok) return unassigned(ctx, segment, outcome, fleet);
  }
  const a = outcome.assignment;
  const done = await transaction(ctx, async (tx) => {
    // the case's transport first, as every plan and change of its rides takes it: two flows of one case never wait on each other's locks crosswise
    await lockCaseTransport(tx, segment.caseUrn);
    // the race: an operator assigned or cancelled it meanwhile; theirs stands
    const [row] = await tx.db
      .update(transportSegments)
      .set({ status: "ASSIGNED", vehicle: { vehicleId: a.vehicleId, plate: a.plate, driverName: a.driverName, driverPhone: a.driverPhone, dispatcherPhone: a.dispatcherPhone, source: "FLEET", assignmentId: a.id } })
      .where(and(eq(transportSegments.urn, segment.urn), eq(transportSegments.status, "PLANNED")))
      .returning();
    if (!row) return false;
    await writeAudit(tx, { entity: "segment", entityUrn: row.urn, action: "assign", airport: row.airport, reason: `transport fleet assigned ${a.vehicleId}`, before: auditSnapshot(segment), after: auditSnapshot(row) });
    await touchCase(tx, row.caseUrn);
    await ridesChanged(tx, row.reservationUrns);
    return true;
  });
  if (!done) {
    // the fleet answers the same assignment for the same ride: another flow of the case may hold it already
    const [now] = await ctx.db.select({ vehicle: transportSegments.vehicle }).from(transportSegments).where(eq(transportSegments.urn, segment.urn)).limit(1);
    if (now?.vehicle?.assignmentId === a.id) return { segmentUrn, outcome: "SKIPPED", detail: "assigned by another run" };
    await releaseQuietly(ctx, segment.caseUrn, a.id, segment.urn);
    return { segmentUrn, outcome: "SKIPPED", detail: "changed meanwhile" };
  }
  return { segmentUrn, outcome: "ASSIGNED", detail: a.vehicleId };
}

/**
 * A ride left without a vehicle: the fleet's answer kept on it (ride vouchers, lib/rides, replace
 * only a ride a fleet refused), and the ride joins its airport's night's fleet shortfall — one open
 * TRANSPORT_UNASSIGNED item per airport and night with the numbers, not one per case
 * (./shortfall/record.ts says why and how).
 */
async function unassigned(ctx: Ctx, segment: TransportSegmentRow, refusal: { code: string; message: string }, fleet: TransportFleet | null): Promise<FleetOutcome> {
  const why = `${refusal.code}: ${refusal.message}`.slice(0, 500);
  // the refusal kept on the ride decides its taxi now (lib/rides); the night's shortfall item is a
  // fact for the desk, written by its own job (record-fleet-shortfall) off the passenger's path: it
  // locks one row per airport and night, which thirty cases' refusals would otherwise queue on
  await transaction(ctx, async (tx) => {
    if (fleet) await tx.db.update(transportSegments).set({ fleetRefusal: why }).where(and(eq(transportSegments.urn, segment.urn), eq(transportSegments.status, "PLANNED")));
    await emit(tx, "transport/fleet-refused", { tenant: segment.tenant, caseUrn: segment.caseUrn, segmentUrn: segment.urn, why, withoutFleet: !fleet });
  });
  return { segmentUrn: segment.urn, outcome: "UNASSIGNED", detail: refusal.code };
}

import { eq } from "drizzle-orm";
import { type TransportSegmentRow, transportSegments } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { touchCase } from "@/lib/cases/load";
import { type Ctx, transaction } from "@/lib/context";
import { caseSystems } from "@/lib/peers/case-systems";
import { releaseQuietly } from "./change";
import { type AssignmentRequest, type AssignOutcome, FleetAuthError, FleetUnavailable, type TransportFleet } from "@/lib/peers/fleet/types";
import { boundedMap } from "@/lib/chunks";
import { log } from "@/lib/log";
import { NO_VEHICLE } from "@/lib/peers/fleet/wire";
import { ridesChanged } from "./rides-changed";
import { askForCapacity } from "./shortfall/ask-capacity";
import { shortfallScope } from "./shortfall/key";
import { emit } from "@/lib/events";
import { auditSnapshot } from "./to-record";
import { lockCaseTransport } from "./lock";
import { updateSegments } from "./update-segments";

export type FleetOutcome = {
  segmentUrn: string;
  /** RETRY: the fleet did not answer (5xx, timeout, a refused key); asking again may assign it */
  outcome: "ASSIGNED" | "UNASSIGNED" | "SKIPPED" | "RETRY";
  detail: string;
  /** the ride as this call left it (ASSIGNED with its vehicle, or PLANNED with the fleet's refusal) */
  row?: TransportSegmentRow;
};

/** Rides asked of the fleet at once by one call (a chunk's shuttles). */
const ASSIGNMENTS_AT_ONCE = 4;

/**
 * Asks the transport provider for a vehicle for each PLANNED segment given (rows the caller read;
 * the passenger's flow: the shuttles of a chunk's stays still without one, each once) → ASSIGNED
 * with the vehicle and driver. The calls run side by side (ASSIGNMENTS_AT_ONCE), and the answers are
 * recorded in one transaction. The segment's URN is the fleet's idempotency reference, so a retried
 * step gets the same vehicle, never a second one. When the fleet has none of the type left (or none
 * is configured) the segment stays PLANNED and the airport's night's one TRANSPORT_UNASSIGNED review
 * item lists it (./shortfall/record.ts), and a configured fleet's refusal is kept on the segment
 * (fleetRefusal). The first `no_vehicle` of a vehicle type that night asks the fleet for more
 * vehicles of the type where its API allows (./shortfall/ask-capacity.ts), and asks for this ride
 * again when it granted some. A fleet that fails (5xx, timeout, 401) leaves that segment `RETRY`
 * and the others decided. The fleet is the case's: a drill's rides are assigned at the drills'
 * sandbox fleet.
 */
export async function assignFromFleet(ctx: Ctx, segments: readonly TransportSegmentRow[]): Promise<FleetOutcome[]> {
  const asked = segments.filter((s) => s.tenant === ctx.principal.tenant && s.status === "PLANNED");
  type Answer = { segment: TransportSegmentRow; fleet: TransportFleet | null; outcome: AssignOutcome; request?: AssignmentRequest } | { segment: TransportSegmentRow; retry: Error };
  const granted = new Set<string>();
  // the night a refusal counts against, read once per case of the batch (its airport, flight and mode)
  const scopes = new Map<string, ReturnType<typeof shortfallScope>>();
  const scopeOf = (segment: TransportSegmentRow) => {
    const key = `${segment.caseUrn}|${segment.airport ?? ""}`;
    if (!scopes.has(key)) scopes.set(key, shortfallScope(ctx, segment));
    return scopes.get(key)!;
  };
  const answers = await boundedMap(asked, ASSIGNMENTS_AT_ONCE, async (segment): Promise<Answer> => {
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
    try {
      let outcome: AssignOutcome = fleet ? await fleet.assign(request) : { ok: false, code: "no_provider", message: "no transport provider is configured (FLEET_URL)" };
      // the type is exhausted: the fleet may add vehicles (once per airport, night and type), then this ride is asked again
      if (!outcome.ok && fleet && outcome.code === NO_VEHICLE && (await askForCapacity(ctx, fleet, segment, await scopeOf(segment))) > 0) {
        granted.add(segment.vehicleType);
        outcome = await fleet.assign(request);
      }
      // a ride of the type refused while another call of this batch had vehicles added: asked again once
      else if (!outcome.ok && fleet && outcome.code === NO_VEHICLE) return { segment, fleet, outcome, request };
      return { segment, fleet, outcome };
    } catch (err) {
      if (!(err instanceof FleetUnavailable || err instanceof FleetAuthError)) throw err;
      log("warn", "the fleet did not answer; the ride is asked again", { segmentUrn: segment.urn, error: err.message });
      return { segment, retry: err };
    }
  });
  for (const [i, a] of answers.entries()) {
    if (!("request" in a) || !a.request || !a.fleet || !granted.has(a.segment.vehicleType)) continue;
    try {
      answers[i] = { segment: a.segment, fleet: a.fleet, outcome: await a.fleet.assign(a.request) };
    } catch (err) {
      if (!(err instanceof FleetUnavailable || err instanceof FleetAuthError)) throw err;
      answers[i] = { segment: a.segment, retry: err };
    }
  }
  const out = new Map<string, FleetOutcome>(segments.map((s) => [s.urn, { segmentUrn: s.urn, outcome: "SKIPPED", detail: s.status }]));
  for (const a of answers) if ("retry" in a) out.set(a.segment.urn, { segmentUrn: a.segment.urn, outcome: "RETRY", detail: a.retry.message });
  const decided = answers.flatMap((a) => ("outcome" in a ? [a] : []));
  const lost: { segment: TransportSegmentRow; assignmentId: string }[] = [];
  if (decided.length) {
    await transaction(ctx, async (tx) => {
      // the case's transport first, as every plan and change of its rides takes it: two flows of one case never wait on each other's locks crosswise
      for (const caseUrn of [...new Set(decided.map((a) => a.segment.caseUrn))].sort()) await lockCaseTransport(tx, caseUrn);
      const carried: string[] = [];
      const refused = decided.flatMap((d) => (d.outcome.ok ? [] : [{ segment: d.segment, fleet: d.fleet, code: d.outcome.code, why: `${d.outcome.code}: ${d.outcome.message}`.slice(0, 500) }]));
      const assigned = decided.flatMap((d) => (d.outcome.ok ? [{ segment: d.segment, a: d.outcome.assignment }] : []));
      // the refusals kept on their rides (a configured fleet's only) and the assignments, in one statement each
      const refusedRows = await updateSegments(
        tx,
        refused.filter((d) => d.fleet).map((d) => ({ urn: d.segment.urn, set: { fleetRefusal: d.why } })),
        { onlyIf: ["PLANNED"] },
      );
      const assignedRows = await updateSegments(
        tx,
        assigned.map(({ segment, a }) => ({
          urn: segment.urn,
          set: { status: "ASSIGNED", vehicle: { vehicleId: a.vehicleId, plate: a.plate, driverName: a.driverName, driverPhone: a.driverPhone, dispatcherPhone: a.dispatcherPhone, source: "FLEET", assignmentId: a.id } },
        })),
        // the race: an operator assigned or cancelled it meanwhile; theirs stands
        { onlyIf: ["PLANNED"] },
      );
      for (const d of refused) {
        // the refusal kept on the ride decides its taxi now (lib/rides); the night's shortfall item is a
        // fact for the desk, written by its own job (record-fleet-shortfall) off the passenger's path: it
        // locks one row per airport and night, which thirty cases' refusals would otherwise queue on
        const { segment } = d;
        await emit(tx, "transport/fleet-refused", { tenant: segment.tenant, caseUrn: segment.caseUrn, segmentUrn: segment.urn, why: d.why, withoutFleet: !d.fleet });
        out.set(segment.urn, { segmentUrn: segment.urn, outcome: "UNASSIGNED", detail: d.code, row: refusedRows.find((r) => r.urn === segment.urn) ?? segment });
      }
      for (const { segment, a } of assigned) {
        const row = assignedRows.find((r) => r.urn === segment.urn);
        if (!row) {
          lost.push({ segment, assignmentId: a.id });
          continue;
        }
        await writeAudit(tx, { entity: "segment", entityUrn: row.urn, action: "assign", airport: row.airport, reason: `transport fleet assigned ${a.vehicleId}`, before: auditSnapshot(segment), after: auditSnapshot(row) });
        carried.push(...row.reservationUrns);
        out.set(segment.urn, { segmentUrn: segment.urn, outcome: "ASSIGNED", detail: a.vehicleId, row });
      }
      if (carried.length) {
        for (const caseUrn of new Set(decided.filter((d) => out.get(d.segment.urn)?.outcome === "ASSIGNED").map((d) => d.segment.caseUrn))) await touchCase(tx, caseUrn);
        await ridesChanged(tx, carried);
      }
    });
  }
  for (const { segment, assignmentId } of lost) {
    // the fleet answers the same assignment for the same ride: another flow of the case may hold it already
    const [now] = await ctx.db.select().from(transportSegments).where(eq(transportSegments.urn, segment.urn)).limit(1);
    if (now?.vehicle?.assignmentId === assignmentId) {
      out.set(segment.urn, { segmentUrn: segment.urn, outcome: "SKIPPED", detail: "assigned by another run", row: now });
      continue;
    }
    await releaseQuietly(ctx, segment.caseUrn, assignmentId, segment.urn);
    out.set(segment.urn, { segmentUrn: segment.urn, outcome: "SKIPPED", detail: "changed meanwhile", ...(now ? { row: now } : {}) });
  }
  return segments.map((s) => out.get(s.urn)!);
}

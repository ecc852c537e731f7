import { eq } from "drizzle-orm";
import { transportSegments, type TransportSegmentRow } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { requirePermission } from "@/lib/auth/require";
import { loadOpenCase, touchCase } from "@/lib/cases/load";
import { type Ctx, transaction } from "@/lib/context";
import { caseSystems } from "@/lib/peers/case-systems";
import { errorFields, log } from "@/lib/log";
import type { CaseMode } from "@/lib/vocabulary";
import { emit } from "@/lib/events/emit";
import { REPLACED_BY_TAXI } from "./plan/types";
import { ridesChanged } from "./rides-changed";
import { loadSegment, lockSegment } from "./load";
import type { Segment } from "./schemas";
import { auditSnapshot, toSegment } from "./to-record";
import { assertSegmentTransition, type SegmentAction } from "./transitions";
import { lockCaseTransport } from "./lock";

/**
 * One operator action on a segment (retime, vehicle, cancel), in the contract's order of checks:
 * permission, then the segment (404, 403 OUT_OF_SCOPE), then the case (409 CASE_CLOSED), then the
 * transition table (409 INVALID_TRANSITION). The case is locked before the segment, as the
 * planner does, so the two never deadlock. The change and its audit entry (before/after, the
 * reason) commit together. A fleet assignment the change gives up is released after the commit,
 * best effort: the dispatcher frees an unused car by itself anyway.
 */
export async function changeSegment(
  ctx: Ctx,
  o: { segmentUrn: string; action: SegmentAction; reason: string; what: string; patch: (row: TransportSegmentRow) => Partial<TransportSegmentRow> },
): Promise<Segment> {
  requirePermission(ctx, "transport:write", o.what);
  const { caseRow } = await loadSegment(ctx, o.segmentUrn);
  const { after, released } = await transaction(ctx, async (tx) => {
    await lockCaseTransport(tx, caseRow.urn);
    await loadOpenCase(tx, caseRow.urn);
    const before = await lockSegment(tx, o.segmentUrn);
    assertSegmentTransition(o.action, before.status, before.urn);
    const patch = o.patch(before);
    const [row] = await tx.db.update(transportSegments).set(patch).where(eq(transportSegments.urn, before.urn)).returning();
    const changeUrn = await writeAudit(tx, { entity: "segment", entityUrn: row.urn, action: o.action, airport: caseRow.airport, reason: o.reason, before: auditSnapshot(before), after: auditSnapshot(row) });
    await touchCase(tx, row.caseUrn);
    await ridesChanged(tx, [...before.reservationUrns, ...row.reservationUrns]);
    await rideChangeToTell(tx, { before, row, changeUrn, reason: o.reason });
    const previous = before.vehicle?.source === "FLEET" ? before.vehicle.assignmentId : null;
    // a cancelled ride keeps its vehicle on record but gives the assignment up all the same
    const kept = row.status !== "CANCELLED" && previous === row.vehicle?.assignmentId;
    return { after: row, released: previous && !kept ? previous : null };
  });
  if (released) await releaseQuietly(ctx, caseRow, released, after.urn);
  return toSegment(after);
}

/**
 * A re-timed or cancelled ride is news for its riders, whoever moved it (the desk, or the next flight
 * moving: follow-next-flight.ts): one fact per change (its audit entry), which lib/messages turns into
 * a message per stay. Not a ride taxis replaced (the taxi's own message tells
 * them, lib/messages/ride.ts), nor a vehicle change (the pickup is the same for the passenger).
 */
export async function rideChangeToTell(tx: Ctx, c: { before: TransportSegmentRow; row: TransportSegmentRow; changeUrn: string; reason: string }): Promise<void> {
  const cancelled = c.row.status === "CANCELLED" && c.before.status !== "CANCELLED";
  const retimed = !cancelled && c.row.scheduledAt.getTime() !== c.before.scheduledAt.getTime();
  if ((!cancelled && !retimed) || c.reason.startsWith(REPLACED_BY_TAXI) || !c.row.reservationUrns.length) return;
  await emit(tx, "transport/ride.changed", {
    tenant: tx.principal.tenant,
    caseUrn: c.row.caseUrn,
    segmentUrn: c.row.urn,
    changeUrn: c.changeUrn,
    change: cancelled ? "CANCELLED" : "RETIMED",
    direction: c.row.direction,
    scheduledAt: c.row.scheduledAt.toISOString(),
    pickupLocation: c.row.pickupLocation,
    reservationUrns: c.row.reservationUrns,
  });
}

/** Releases a fleet assignment at the case's fleet (a drill's: the drills' sandbox), best effort. */
export async function releaseQuietly(ctx: Ctx, kase: string | { urn: string; mode: CaseMode }, assignmentId: string, segmentUrn: string): Promise<void> {
  try {
    await (await (await caseSystems(ctx, kase)).fleet())?.release(assignmentId);
  } catch (err) {
    log("warn", "transport fleet did not release an assignment", { segmentUrn, assignmentId, ...errorFields(err) });
  }
}

import { and, eq, inArray } from "drizzle-orm";
import { transportSegments } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { loadCase, touchCase } from "@/lib/cases/load";
import { type Ctx, transaction } from "@/lib/context";
import { releaseQuietly, rideChangeToTell } from "./change";
import { toAirportPickups } from "./pickup-rule";
import { ridesChanged } from "./rides-changed";
import { auditSnapshot } from "./to-record";
import { canApply } from "./transitions";
import { lockCaseTransport } from "./lock";

/**
 * The case's next flight moved (PATCH /cases/{urn}/reaccommodate → case/reaccommodated): each live
 * ride to the airport is re-timed by the planner's rule (departure − the tiers' minutesBeforePickup
 * − the travel estimate, down to a slot); the vehicle stays (the board shows the new time to pass
 * on), and the riders get a message with the new pickup. With no overnight gap left nobody rides:
 * every live ride of the case is CANCELLED (its riders told) and its fleet vehicle released.
 * Repeating the same change changes nothing.
 */
export async function followNextFlight(ctx: Ctx, input: { caseUrn: string; overnight: boolean; nextDeparture: string }): Promise<{ retimed: string[]; cancelled: string[] }> {
  const { retimed, cancelled, release } = await transaction(ctx, async (tx) => {
    await lockCaseTransport(tx, input.caseUrn);
    const caseRow = await loadCase(tx, input.caseUrn);
    const out = { retimed: [] as string[], cancelled: [] as string[], release: [] as [string, string][] };
    if (caseRow.status === "CLOSED") return out;
    const live = await tx.db
      .select()
      .from(transportSegments)
      .where(and(eq(transportSegments.caseUrn, caseRow.urn), inArray(transportSegments.status, ["PLANNED", "ASSIGNED"])))
      .for("update");
    const reason = input.overnight ? `next flight moved to ${input.nextDeparture}` : `no overnight gap left: the next flight leaves ${input.nextDeparture}`;

    if (!input.overnight) {
      for (const before of live) {
        if (!canApply("cancel", before.status)) continue;
        const [row] = await tx.db.update(transportSegments).set({ status: "CANCELLED", cancellationReason: reason }).where(eq(transportSegments.urn, before.urn)).returning();
        const changeUrn = await writeAudit(tx, { entity: "segment", entityUrn: row.urn, action: "cancel", airport: caseRow.airport, reason, before: auditSnapshot(before), after: auditSnapshot(row) });
        await rideChangeToTell(tx, { before, row, changeUrn, reason });
        if (before.vehicle?.source === "FLEET" && before.vehicle.assignmentId) out.release.push([before.vehicle.assignmentId, before.urn]);
        out.cancelled.push(row.urn);
      }
    } else {
      const toAirport = live.filter((s) => s.direction === "HOTEL_TO_AIRPORT");
      const pickups = await toAirportPickups(tx, caseRow, toAirport, input.nextDeparture);
      for (const before of toAirport) {
        const at = pickups.get(before.urn);
        if (at === undefined || !canApply("retime", before.status)) continue;
        if (at === before.scheduledAt.getTime()) continue;
        const [row] = await tx.db.update(transportSegments).set({ scheduledAt: new Date(at) }).where(eq(transportSegments.urn, before.urn)).returning();
        const changeUrn = await writeAudit(tx, { entity: "segment", entityUrn: row.urn, action: "retime", airport: caseRow.airport, reason, before: auditSnapshot(before), after: auditSnapshot(row) });
        // the riders are told the new pickup, as when the desk re-times it
        await rideChangeToTell(tx, { before, row, changeUrn, reason });
        out.retimed.push(row.urn);
      }
    }
    const touched = live.filter((s) => out.retimed.includes(s.urn) || out.cancelled.includes(s.urn));
    if (touched.length) {
      await touchCase(tx, caseRow.urn);
      await ridesChanged(tx, touched.flatMap((s) => s.reservationUrns));
    }
    return out;
  });
  for (const [assignmentId, segmentUrn] of release) await releaseQuietly(ctx, input.caseUrn, assignmentId, segmentUrn);
  return { retimed, cancelled };
}

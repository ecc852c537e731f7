import { and, eq, inArray, sql } from "drizzle-orm";
import { passengers, transportSegments } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { loadCase, touchCaseAtCommit } from "@/lib/cases/load";
import { type Ctx, transaction } from "@/lib/context";
import type { SegmentDirection, SpecialNeed } from "@/lib/vocabulary";
import { REPLACED_BY_TAXI } from "./plan/types";
import { releaseQuietly } from "./change";
import { ridesChanged } from "./rides-changed";
import { auditSnapshot } from "./to-record";
import { canApply } from "./transitions";
import { lockCaseTransport } from "./lock";

/**
 * A reservation was cancelled: its passengers leave every live ride they were on. A ride left
 * empty is CANCELLED (its fleet vehicle released after the commit); a shared shuttle keeps the
 * others, its requirements recomputed from who is still aboard. Running it twice changes nothing.
 */
export async function dropReservationTransport(ctx: Ctx, input: { caseUrn: string; reservationUrn: string; reason: string }): Promise<Left> {
  return leaveRides(ctx, { caseUrn: input.caseUrn, reservationUrn: input.reservationUrn, why: `reservation ${input.reservationUrn} cancelled: ${input.reason}` });
}

/**
 * The legs of a stay that taxi vouchers now cover (lib/rides/arrange.ts): its passengers leave the
 * shuttles of those directions, so no leg is both a shuttle seat and a taxi (issue 28). A ride
 * left empty is CANCELLED "replaced by taxi vouchers", which the planner reads as covered, so a
 * later plan of the hotel does not seat them on a shuttle again.
 */
export async function leaveRidesForTaxis(ctx: Ctx, input: { caseUrn: string; reservationUrn: string; directions: SegmentDirection[]; reasons: string[] }): Promise<Left> {
  if (!input.directions.length) return { cancelled: [], shrunk: [] };
  const why = `${REPLACED_BY_TAXI} (${[...new Set(input.reasons)].sort().join("|")})`;
  return leaveRides(ctx, { ...input, why });
}

type Left = { cancelled: string[]; shrunk: string[] };

async function leaveRides(ctx: Ctx, input: { caseUrn: string; reservationUrn: string; directions?: SegmentDirection[]; why: string }): Promise<Left> {
  const { cancelled, shrunk, release } = await transaction(ctx, async (tx) => {
    await lockCaseTransport(tx, input.caseUrn);
    const caseRow = await loadCase(tx, input.caseUrn);
    const rows = await tx.db
      .select()
      .from(transportSegments)
      .where(
        and(
          eq(transportSegments.caseUrn, caseRow.urn),
          inArray(transportSegments.status, ["PLANNED", "ASSIGNED"]),
          sql`${transportSegments.reservationUrns} @> ${JSON.stringify([input.reservationUrn])}::jsonb`,
          input.directions ? inArray(transportSegments.direction, input.directions) : undefined,
        ),
      )
      .for("update");
    const out = { cancelled: [] as string[], shrunk: [] as string[], release: [] as [string, string][] };
    const why = input.why;
    for (const before of rows) {
      const staying = before.passengers.filter((p) => p.reservationUrn !== input.reservationUrn);
      if (staying.length === 0) {
        if (!canApply("cancel", before.status)) continue;
        const [row] = await tx.db.update(transportSegments).set({ status: "CANCELLED", cancellationReason: why }).where(eq(transportSegments.urn, before.urn)).returning();
        await writeAudit(tx, { entity: "segment", entityUrn: row.urn, action: "cancel", airport: caseRow.airport, reason: why, before: auditSnapshot(before), after: auditSnapshot(row) });
        if (before.vehicle?.source === "FLEET" && before.vehicle.assignmentId) out.release.push([before.vehicle.assignmentId, before.urn]);
        out.cancelled.push(row.urn);
        continue;
      }
      if (!canApply("shrink", before.status)) continue;
      const needs = await tx.db
        .select({ specialNeeds: passengers.specialNeeds })
        .from(passengers)
        .where(and(eq(passengers.caseUrn, caseRow.urn), inArray(passengers.passengerId, staying.map((p) => p.passengerId))));
      const [row] = await tx.db
        .update(transportSegments)
        .set({
          passengers: staying,
          passengerCount: staying.length,
          reservationUrns: [...new Set(staying.map((p) => p.reservationUrn))].sort(),
          specialRequirements: [...new Set(needs.flatMap((n) => n.specialNeeds))].sort() as SpecialNeed[],
        })
        .where(eq(transportSegments.urn, before.urn))
        .returning();
      await writeAudit(tx, { entity: "segment", entityUrn: row.urn, action: "shrink", airport: caseRow.airport, reason: why, before: auditSnapshot(before), after: auditSnapshot(row) });
      out.shrunk.push(row.urn);
    }
    if (rows.length) {
      await touchCaseAtCommit(tx, caseRow.urn);
      // only the leaving stay's voucher changes: those still aboard keep their pickup, time and vehicle
      await ridesChanged(tx, [input.reservationUrn]);
    }
    return out;
  });
  for (const [assignmentId, segmentUrn] of release) await releaseQuietly(ctx, input.caseUrn, assignmentId, segmentUrn);
  return { cancelled, shrunk };
}

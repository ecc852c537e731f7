import { and, eq, inArray, sql } from "drizzle-orm";
import { passengers, transportSegments } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { loadCase, touchCase } from "@/lib/cases/load";
import { type Ctx, transaction } from "@/lib/context";
import type { SpecialNeed } from "@/lib/vocabulary";
import { releaseQuietly } from "./change";
import { refreshVouchersOf } from "./refresh-vouchers";
import { auditSnapshot } from "./to-record";
import { canApply } from "./transitions";

/**
 * A reservation was cancelled: its passengers leave every live ride they were on. A ride left
 * empty is CANCELLED (its fleet vehicle released after the commit); a shared shuttle keeps the
 * others, its requirements recomputed from who is still aboard. Running it twice changes nothing.
 */
export async function dropReservationTransport(ctx: Ctx, input: { caseUrn: string; reservationUrn: string; reason: string }): Promise<{ cancelled: string[]; shrunk: string[] }> {
  const { cancelled, shrunk, release } = await transaction(ctx, async (tx) => {
    const caseRow = await loadCase(tx, input.caseUrn, { forUpdate: true });
    const rows = await tx.db
      .select()
      .from(transportSegments)
      .where(and(eq(transportSegments.caseUrn, caseRow.urn), inArray(transportSegments.status, ["PLANNED", "ASSIGNED"]), sql`${transportSegments.reservationUrns} @> ${JSON.stringify([input.reservationUrn])}::jsonb`))
      .for("update");
    const out = { cancelled: [] as string[], shrunk: [] as string[], release: [] as [string, string][] };
    const why = `reservation ${input.reservationUrn} cancelled: ${input.reason}`;
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
      await touchCase(tx, caseRow.urn);
      await refreshVouchersOf(tx, rows.flatMap((r) => r.reservationUrns));
    }
    return out;
  });
  for (const [assignmentId, segmentUrn] of release) await releaseQuietly(ctx, input.caseUrn, assignmentId, segmentUrn);
  return { cancelled, shrunk };
}

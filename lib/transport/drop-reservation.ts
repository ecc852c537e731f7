import { and, eq, inArray, sql } from "drizzle-orm";
import { passengers, transportSegments, type TransportSegmentRow } from "@/db/schema";
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
import { updateSegments } from "./update-segments";

/**
 * A reservation was cancelled: its passengers leave every live ride they were on. A ride left
 * empty is CANCELLED (its fleet vehicle released after the commit); a shared shuttle keeps the
 * others, its requirements recomputed from who is still aboard. Running it twice changes nothing.
 */
export async function dropReservationTransport(ctx: Ctx, input: { caseUrn: string; reservationUrn: string; reason: string }): Promise<{ cancelled: string[]; shrunk: string[] }> {
  const why = `reservation ${input.reservationUrn} cancelled: ${input.reason}`;
  const { cancelled, shrunk } = await leaveRides(ctx, { caseUrn: input.caseUrn, reservationUrns: [input.reservationUrn], leaves: (_, u) => u === input.reservationUrn, why: () => why });
  return { cancelled, shrunk };
}

/**
 * The legs of a chunk's stays (one case) that taxi vouchers now cover (lib/rides/arrange.ts): their
 * passengers leave the shuttles of those directions, all in one transaction, so no leg is both a
 * shuttle seat and a taxi (docs/rides.md). A ride left empty is CANCELLED "replaced by taxi vouchers
 * (REASONS)", the reasons of the taxis that emptied it, which the planner reads as covered, so a
 * later plan of the hotel does not seat them on a shuttle again. Answers the rides it changed, as
 * they are now.
 */
export async function leaveRidesForTaxis(ctx: Ctx, input: { caseUrn: string; legs: { reservationUrn: string; direction: SegmentDirection; reason: string }[] }): Promise<Left> {
  if (!input.legs.length) return { cancelled: [], shrunk: [], rows: [] };
  return leaveRides(ctx, {
    caseUrn: input.caseUrn,
    leaves: (s, u) => input.legs.some((l) => l.reservationUrn === u && l.direction === s.direction),
    why: (s) => `${REPLACED_BY_TAXI} (${[...new Set(input.legs.filter((l) => l.direction === s.direction && s.reservationUrns.includes(l.reservationUrn)).map((l) => l.reason))].sort().join("|")})`,
    reservationUrns: [...new Set(input.legs.map((l) => l.reservationUrn))],
  });
}

type Left = { cancelled: string[]; shrunk: string[]; rows: TransportSegmentRow[] };

async function leaveRides(
  ctx: Ctx,
  input: { caseUrn: string; reservationUrns: string[]; leaves: (s: TransportSegmentRow, reservationUrn: string) => boolean; why: (s: TransportSegmentRow) => string },
): Promise<Left> {
  const { cancelled, shrunk, rows: changed, release } = await transaction(ctx, async (tx) => {
    await lockCaseTransport(tx, input.caseUrn);
    const caseRow = await loadCase(tx, input.caseUrn);
    const rows = await tx.db
      .select()
      .from(transportSegments)
      .where(
        and(
          eq(transportSegments.caseUrn, caseRow.urn),
          inArray(transportSegments.status, ["PLANNED", "ASSIGNED"]),
          sql`${transportSegments.reservationUrns} ?| array[${sql.join(input.reservationUrns.map((u) => sql`${u}`), sql`, `)}]::text[]`,
        ),
      )
      .for("update");
    const out = { cancelled: [] as string[], shrunk: [] as string[], rows: [] as TransportSegmentRow[], release: [] as [string, string][] };
    const touched = rows.filter((s) => s.reservationUrns.some((u) => input.leaves(s, u)));
    const stayingOf = (s: TransportSegmentRow) => s.passengers.filter((p) => !input.leaves(s, p.reservationUrn));
    // the needs of everyone still aboard a shrunk ride, in one read
    const stayingIds = [...new Set(touched.flatMap((s) => stayingOf(s).map((p) => p.passengerId)))];
    const needs = stayingIds.length
      ? await tx.db
          .select({ passengerId: passengers.passengerId, specialNeeds: passengers.specialNeeds })
          .from(passengers)
          .where(and(eq(passengers.caseUrn, caseRow.urn), inArray(passengers.passengerId, stayingIds)))
      : [];
    const cancels = touched.filter((s) => stayingOf(s).length === 0 && canApply("cancel", s.status));
    const shrinks = touched.filter((s) => stayingOf(s).length > 0 && canApply("shrink", s.status));
    // every ride the leaving stays empty cancelled in one statement, every ride they shrink in another
    const cancelledRows = await updateSegments(tx, cancels.map((s) => ({ urn: s.urn, set: { status: "CANCELLED", cancellationReason: input.why(s) } })));
    const shrunkRows = await updateSegments(
      tx,
      shrinks.map((s) => {
        const staying = stayingOf(s);
        const aboard = new Set(staying.map((p) => p.passengerId));
        return {
          urn: s.urn,
          set: {
            passengers: staying,
            passengerCount: staying.length,
            reservationUrns: [...new Set(staying.map((p) => p.reservationUrn))].sort(),
            specialRequirements: [...new Set(needs.filter((n) => aboard.has(n.passengerId)).flatMap((n) => n.specialNeeds))].sort() as SpecialNeed[],
          },
        };
      }),
    );
    for (const before of cancels) {
      const row = cancelledRows.find((r) => r.urn === before.urn)!;
      await writeAudit(tx, { entity: "segment", entityUrn: row.urn, action: "cancel", airport: caseRow.airport, reason: input.why(before), before: auditSnapshot(before), after: auditSnapshot(row) });
      if (before.vehicle?.source === "FLEET" && before.vehicle.assignmentId) out.release.push([before.vehicle.assignmentId, before.urn]);
      out.cancelled.push(row.urn);
      out.rows.push(row);
    }
    for (const before of shrinks) {
      const row = shrunkRows.find((r) => r.urn === before.urn)!;
      await writeAudit(tx, { entity: "segment", entityUrn: row.urn, action: "shrink", airport: caseRow.airport, reason: input.why(before), before: auditSnapshot(before), after: auditSnapshot(row) });
      out.shrunk.push(row.urn);
      out.rows.push(row);
    }
    if (touched.length) {
      await touchCaseAtCommit(tx, caseRow.urn);
      // only the leaving stays' vouchers change: those still aboard keep their pickup, time and vehicle
      await ridesChanged(tx, input.reservationUrns.filter((u) => touched.some((s) => s.reservationUrns.includes(u) && input.leaves(s, u))));
    }
    return out;
  });
  for (const [assignmentId, segmentUrn] of release) await releaseQuietly(ctx, input.caseUrn, assignmentId, segmentUrn);
  return { cancelled, shrunk, rows: changed };
}

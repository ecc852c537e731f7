import { and, eq, isNull } from "drizzle-orm";
import { cases, reservations, stayRatings, type ReservationRow } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { touchCase } from "@/lib/cases/load";
import { type Ctx, transaction } from "@/lib/context";
import { emit } from "@/lib/events";
import { newUrn } from "@/lib/ids";
import type { WalkReason } from "@/lib/vocabulary";
import { canApplyReservation } from "./transitions";

/** who records a walk's rating: the system, not the re-confirmation job or the hotel user that reported it */
export const WALK_RATER = "system:walk";

/**
 * The walk's detail as the audit, the outbox and other records keep it: a hotel's own words (its
 * decline reason, typed by a person, which may name a guest) only as "reason given", so erasure, which
 * scrubs the reservation's columns, leaves no copy in the append-only audit or in job events. A
 * provider's status text is kept as it is.
 */
export function auditableWalkDetail(reason: WalkReason | null, detail: string | null): string {
  if (!detail) return "";
  return reason === "DECLINED_BY_HOTEL" ? "reason given" : detail;
}

export type WalkInput = {
  reservationUrn: string;
  reason: WalkReason;
  /** what the source said: the provider's status or error, the hotel's own words */
  detail: string;
};

/**
 * A hotel no longer holds a CONFIRMED booking (a re-confirmation found it cancelled, unknown,
 * overbooked or the guarantee refused; or the hotel declined it in the extranet). The reservation
 * becomes CANCELLED with `walkedAt` and its reason, without a call to the provider (nothing is
 * left there to cancel: a booking still held in part was cancelled there before, by
 * lib/booking/walk-release.ts); audited; `reservation/walked` tells the rehousing and
 * `reservation/cancelled` (cause WALKED) drops its rides. Once only: the row is locked and a
 * reservation already walked, or no longer CONFIRMED, is left as it is, so twenty concurrent
 * re-confirmations that all see the walk make one rehousing. The hotel's record for quality gets
 * its one HOTEL rating of the stay (score 1, WALKED or DECLINED) in the same transaction. The
 * group's passengers stay BOOKED and the group keeps pointing at this stay until the rehousing
 * (inngest/functions/rehouse-walked.ts) books its REPLACEMENT or, when no hotel can take it, sends
 * them back to AWAITING_ALLOCATION (lib/booking/rehouse-fail.ts). Returns the walked row, or null.
 */
export async function walkReservation(ctx: Ctx, input: WalkInput): Promise<ReservationRow | null> {
  return transaction(ctx, async (tx) => {
    const [row] = await tx.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.urn, input.reservationUrn), eq(reservations.tenant, tx.principal.tenant)))
      .limit(1)
      .for("update");
    if (!row || row.walkedAt || !canApplyReservation("walk", row.status)) return null;
    const walkedAt = new Date();
    const why = `walked by the hotel: ${input.reason}${input.detail ? ` (${input.detail})` : ""}`;
    const kept = auditableWalkDetail(input.reason, input.detail);
    const auditedWhy = `walked by the hotel: ${input.reason}${kept ? ` (${kept})` : ""}`;
    const [after] = await tx.db
      .update(reservations)
      .set({ status: "CANCELLED", cancellationReason: why, walkedAt, walkReason: input.reason, walkDetail: input.detail || null })
      .where(and(eq(reservations.urn, row.urn), isNull(reservations.walkedAt)))
      .returning();
    const [caseRow] = await tx.db.select({ airport: cases.airport }).from(cases).where(eq(cases.urn, row.caseUrn)).limit(1);
    await writeAudit(tx, {
      entity: "reservation",
      entityUrn: row.urn,
      action: "walk",
      airport: caseRow?.airport,
      reason: auditedWhy,
      before: { status: row.status },
      after: { status: "CANCELLED", walkReason: input.reason, walkDetail: kept || null },
    });
    // the hotel's own record (stay_ratings_one_per_source_idx: one per reservation); the quality score reads it
    await tx.db
      .insert(stayRatings)
      .values({
        urn: newUrn("rating"),
        tenant: row.tenant,
        reservationUrn: row.urn,
        hotelUrn: row.hotelUrn,
        source: "HOTEL",
        score: 1,
        tags: [input.reason === "DECLINED_BY_HOTEL" ? "DECLINED" : "WALKED"],
        // the system's record, whoever reported the walk (the walk's audit entry names them)
        createdBy: WALK_RATER,
      })
      .onConflictDoNothing();
    await touchCase(tx, row.caseUrn);
    const event = { tenant: tx.principal.tenant, caseUrn: row.caseUrn, reservationUrn: row.urn };
    await emit(tx, "reservation/walked", { ...event, hotelUrn: row.hotelUrn, reason: input.reason });
    await emit(tx, "reservation/cancelled", { ...event, reason: auditedWhy, cause: "WALKED" });
    return after;
  });
}

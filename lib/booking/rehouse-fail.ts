import { auditableWalkDetail } from "./walk";
import { and, eq, inArray, sql } from "drizzle-orm";
import { reservations, reviewItems, type BookingAttemptJson } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { loadCase, touchCase } from "@/lib/cases/load";
import { movePassengers } from "@/lib/cases/passenger-transitions";
import { type Ctx, transaction } from "@/lib/context";
import { emit } from "@/lib/events";
import { newUrn } from "@/lib/ids";
import { releaseGroupStay } from "@/lib/cases/group-stay";

export type RehouseFailed = { reservationUrn: string; reviewItemUrn: string | null; passengersMoved: number };

/**
 * No hotel took a walked group (or none was left to try): the PENDING replacement, if any, becomes
 * FAILED (history); the group no longer points at the walked stay and its BOOKED passengers go back
 * to AWAITING_ALLOCATION, so the case's counts show them unhoused and the next wave or a rerun can
 * house them; one HIGH HOTEL_WALKED item names the hotel, why it walked them and every hotel tried.
 * Audited `rehouse`. Once: the case is locked and an open item for this stay is found, not doubled.
 */
export async function failRehousing(ctx: Ctx, input: { walkedUrn: string; pendingUrn?: string | null; tried: BookingAttemptJson[]; why?: string }): Promise<RehouseFailed> {
  return transaction(ctx, async (tx) => {
    const [walked] = await tx.db.select().from(reservations).where(and(eq(reservations.urn, input.walkedUrn), eq(reservations.tenant, tx.principal.tenant))).limit(1);
    const caseRow = await loadCase(tx, walked.caseUrn, { forUpdate: true });
    if (input.pendingUrn) await tx.db.update(reservations).set({ status: "FAILED", bookingRun: null }).where(and(eq(reservations.urn, input.pendingUrn), eq(reservations.status, "PENDING")));
    const [open] = await tx.db
      .select({ urn: reviewItems.urn })
      .from(reviewItems)
      .where(and(eq(reviewItems.caseUrn, walked.caseUrn), eq(reviewItems.category, "HOTEL_WALKED"), inArray(reviewItems.state, ["OPEN", "CLAIMED"]), sql`${reviewItems.reservationUrns} @> ${JSON.stringify([walked.urn])}::jsonb`))
      .limit(1);
    if (open) return { reservationUrn: walked.urn, reviewItemUrn: open.urn, passengersMoved: 0 };

    // only while the group still points at the walked stay: a group housed meanwhile (a rerun, a manual booking) keeps its room
    const released = await releaseGroupStay(tx.db, { caseUrn: walked.caseUrn, groupId: walked.groupId, reservationUrn: walked.urn });
    const moved = released.length
      ? await movePassengers(tx.db, { caseUrn: walked.caseUrn, groupIds: [walked.groupId], to: "AWAITING_ALLOCATION", from: ["BOOKED"], skipOthers: true })
      : [];
    const hotel = walked.hotelName ?? walked.hotelUrn;
    const tried = input.tried.map((t) => `${t.hotelUrn}: ${t.reason ?? "rejected"}`).join("; ");
    const describe = (walkDetail: string | null) =>
      `${hotel} walked group ${walked.groupId} (${walked.walkReason ?? "no reason given"}${walkDetail ? `: ${walkDetail}` : ""}; reservation ${walked.urn}, confirmation ${walked.confirmationCode ?? "none"}) ` +
      `and no other hotel could take the group (${tried || input.why || "no compliant hotel with rooms"}). Its ${moved.length} passengers await a room: book one by hand or rerun the wave.`;
    // neither the item (audited as it is created) nor the audit repeats the hotel's words: the case
    // page shows them on the walked reservation, where erasure scrubs them
    const detail = describe(auditableWalkDetail(walked.walkReason, walked.walkDetail));
    // review raises the item right after the commit (lib/reactions), under the URN this audit names
    const item = { urn: newUrn("review") };
    await emit(tx, "review/needed", {
      tenant: tx.principal.tenant,
      reviewUrn: item.urn,
      caseUrn: walked.caseUrn,
      category: "HOTEL_WALKED",
      airport: caseRow.airport,
      affectedGroups: [walked.groupId],
      reservationUrns: [walked.urn],
      waveUrn: walked.waveUrn,
      detail,
      attemptedHotels: input.tried.map((t) => ({ hotelUrn: t.hotelUrn, reason: t.reason ?? "rejected", ...(t.providerError ? { providerError: t.providerError } : {}) })),
    });
    await writeAudit(tx, {
      entity: "reservation",
      entityUrn: walked.urn,
      action: "rehouse",
      airport: caseRow.airport,
      reason: detail,
      before: { passengers: "BOOKED" },
      after: { outcome: "FAILED", reviewItemUrn: item.urn, passengers: "AWAITING_ALLOCATION", passengersMoved: moved.length, tried: input.tried.map((t) => t.hotelUrn) },
    });
    await touchCase(tx, walked.caseUrn);
    return { reservationUrn: walked.urn, reviewItemUrn: item.urn, passengersMoved: moved.length };
  });
}

import { and, eq } from "drizzle-orm";
import { reservations, type BookingAttemptJson, type ReservationRow } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { loadCase, touchCase } from "@/lib/cases/load";
import { type Ctx, transaction } from "@/lib/context";
import { caseSystems } from "@/lib/peers/case-systems";
import { emit } from "@/lib/events";
import { directProvider } from "@/lib/providers/direct/client";
import { CapabilityUnsupported, ProviderRejected } from "@/lib/providers/errors";
import { refreshVoucher } from "@/lib/vouchers/refresh";
import { canCancel } from "./load";
import type { StayChangePlan } from "./stay-change-plan";
import { type StayChangeResult, stayReview } from "./stay-review";

/**
 * A stay change made the old reservation unnecessary: a stay replaced elsewhere (after the
 * replacement was confirmed) or a continuation the next flight no longer needs. It is cancelled at
 * the provider, then CANCELLED here with its reason, audited `reaccommodate`, in one transaction
 * with the direct contract's allotment. The group's passengers are not moved: they are housed by
 * the stay that remains. A replaced stay emits `reservation/cancelled`, so its rides are dropped
 * (the replacement planned its own); a continuation has no rides of its own. Where the provider
 * cannot cancel through its API (Expedia's self-service tier), a review item says to cancel at the
 * hotel: nobody is left without a room meanwhile.
 */
export async function releaseStay(ctx: Ctx, input: { reservationUrn: string; reason: string; replacedBy?: string }): Promise<StayChangeResult> {
  const [row] = await ctx.db.select().from(reservations).where(and(eq(reservations.urn, input.reservationUrn), eq(reservations.tenant, ctx.principal.tenant))).limit(1);
  if (!row || row.status !== "CONFIRMED") return { reservationUrn: input.reservationUrn, outcome: "SKIPPED", detail: `the reservation is ${row?.status ?? "missing"}` };
  if (!canCancel(row.provider)) return cancelAtHotel(ctx, row, input.reason);
  if (row.provider !== "DIRECT") {
    const provider = (await (await caseSystems(ctx, row.caseUrn)).hotels()).find((s) => s.id === row.provider);
    if (!provider) return cancelAtHotel(ctx, row, input.reason);
    try {
      const now = await provider.status(row.providerRef ?? "");
      if (now.status !== "CANCELLED") await provider.cancel({ reference: row.providerRef ?? "", reason: input.reason });
    } catch (err) {
      if (err instanceof ProviderRejected || err instanceof CapabilityUnsupported) return cancelAtHotel(ctx, row, `${input.reason} (${row.provider}: ${err.message})`);
      throw err; // unreachable or slow: the job's step retries
    }
  }
  return transaction(ctx, async (tx) => {
    const caseRow = await loadCase(tx, row.caseUrn, { forUpdate: true });
    const [current] = await tx.db.select().from(reservations).where(eq(reservations.urn, row.urn)).limit(1).for("update");
    if (current.status !== "CONFIRMED") return { reservationUrn: row.urn, outcome: "SKIPPED" as const, detail: `the reservation is ${current.status}` };
    if (current.provider === "DIRECT") await directProvider(tx).cancel({ reference: current.providerRef ?? "", reason: input.reason });
    await tx.db.update(reservations).set({ status: "CANCELLED", cancellationReason: input.reason }).where(and(eq(reservations.urn, row.urn), eq(reservations.status, "CONFIRMED")));
    await writeAudit(tx, {
      entity: "reservation",
      entityUrn: row.urn,
      action: "reaccommodate",
      airport: caseRow.airport,
      reason: input.reason,
      before: { status: "CONFIRMED" },
      after: { status: "CANCELLED", ...(input.replacedBy ? { replacedBy: input.replacedBy } : {}) },
    });
    if (current.stayChange === "CONTINUATION" && current.previousUrn) await refreshVoucher(tx, current.previousUrn);
    // replacedBy: the new stay's voucher tells the passengers, so no cancellation message (lib/messages/cancellation.ts)
    if (input.replacedBy) await emit(tx, "reservation/cancelled", { tenant: tx.principal.tenant, caseUrn: row.caseUrn, reservationUrn: row.urn, reason: input.reason, replacedBy: input.replacedBy });
    await touchCase(tx, row.caseUrn);
    return { reservationUrn: row.urn, outcome: "RELEASED" as const, detail: input.reason };
  });
}

function cancelAtHotel(ctx: Ctx, row: ReservationRow, reason: string): Promise<StayChangeResult> {
  return stayReview(
    ctx,
    row,
    "release",
    `Reservation ${row.urn} (${row.provider}, confirmation ${row.confirmationCode ?? "none"}) is no longer needed: ${reason}. ${row.provider} cannot cancel it through its API here; cancel it at the hotel, then record it. The group is housed meanwhile. [release]`,
  );
}

/**
 * No hotel took the re-booking: the PENDING reservation becomes FAILED (history: a later patch
 * makes a new one) and one BOOKING_FAILED item says so, with every hotel tried. The group keeps
 * the stay it has until its old check-out.
 */
export async function failStayChange(ctx: Ctx, plan: StayChangePlan, tried: BookingAttemptJson[]): Promise<StayChangeResult> {
  const [previous] = await ctx.db.select().from(reservations).where(eq(reservations.urn, plan.previousUrn)).limit(1);
  await ctx.db.update(reservations).set({ status: "FAILED", bookingRun: null }).where(and(eq(reservations.urn, plan.reservationUrn), eq(reservations.status, "PENDING")));
  const checkOut = plan.candidates[0]?.checkOut ?? "";
  const hotels = tried.map((t) => ({ hotelUrn: t.hotelUrn, reason: t.reason ?? "rejected", ...(t.providerError ? { providerError: t.providerError } : {}) }));
  return stayReview(
    ctx,
    previous,
    `stay-change:${checkOut}`,
    `Group ${plan.groupId} needs its stay to end ${checkOut}: reservation ${plan.previousUrn} (${previous.provider}, confirmation ${previous.confirmationCode ?? "none"}) cannot be changed through the provider's API, and no hotel took the missing nights (${tried.map((t) => `${t.hotelUrn}: ${t.reason ?? "rejected"}`).join("; ") || "no hotel to try"}). The group keeps its room until the old check-out; extend it at the hotel or book another. [stay-change:${checkOut}]`,
    hotels,
  );
}

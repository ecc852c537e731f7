import { and, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { reservations } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { requirePermission } from "@/lib/auth/require";
import { assertOpen, loadOpenCase, touchCase } from "@/lib/cases/load";
import { movePassengers } from "@/lib/cases/passenger-transitions";
import { type Ctx, transaction } from "@/lib/context";
import { conflict, DomainError } from "@/lib/errors";
import { emit } from "@/lib/events";
import { directProvider } from "@/lib/providers/direct/client";
import { CapabilityUnsupported, ProviderError, ProviderRejected } from "@/lib/providers/errors";
import { caseSystems } from "@/lib/peers/case-systems";
import { parseInput } from "@/lib/validation";
import { LIVE_STATUSES } from "./live";
import { canCancel, loadReservation, recordsOf } from "./load";
import { CancelReservationBody, type Reservation } from "./schemas";
import { releaseGroupStay } from "@/lib/cases/group-stay";

export type CancelReservationInput = z.input<typeof CancelReservationBody> & { reservationUrn: string };

/**
 * POST /booking/reservations/{urn}/cancel (spec 3.4): a CONFIRMED reservation is cancelled at the
 * provider, then CANCELLED here with its reason. A provider that cannot cancel through its API
 * (Expedia Rapid's self-service tier) is a 409 that says where to cancel instead. A direct contract
 * cancels in the same transaction as the reservation and gets its rooms back. The group's
 * passengers go back to AWAITING_ALLOCATION (rehouse, the default: the next wave or a rerun houses
 * them) or become CANCELLED (rehouse: false, they need no room any more); re-accommodation without
 * an overnight gap makes them LOCAL_RESIDENT (`passengersTo`, lib/booking/reaccommodate.ts). A cancellation message
 * (email and SMS) goes, from the `reservation/cancelled` subscriber, to each passenger whose voucher was delivered; audited.
 */
export async function cancelReservation({
  ctx,
  input: raw,
  passengersTo,
  cause = "OPERATOR",
  refuseWhileReplaced = false,
}: {
  ctx: Ctx;
  input: CancelReservationInput;
  /** internal callers only (never the API body): re-accommodation without an overnight gap sends the group home, LOCAL_RESIDENT */
  passengersTo?: "LOCAL_RESIDENT";
  /** the passenger said on their page they need no hotel (lib/passenger/decline.ts): they are told so, not that their stay was cancelled */
  cause?: "OPERATOR" | "PASSENGER_DECLINED";
  /** the passenger's decline: refused (409 CHOICE_IN_PROGRESS) while a successor of the stay is live, looked for before the provider call and again on the locked row, so a decline racing the passenger's own choice does not cancel the first stay here under a room being booked */
  refuseWhileReplaced?: boolean;
}): Promise<Reservation> {
  requirePermission(ctx, "reservation:cancel", "cancel a reservation");
  const body = parseInput(CancelReservationBody, { reason: raw.reason, rehouse: raw.rehouse });
  const { row, caseRow } = await loadReservation(ctx, raw.reservationUrn);
  assertOpen(caseRow);
  assertCancellable(row.status, row.urn);
  if (!canCancel(row.provider)) throw notCancellable(row.provider);
  if (refuseWhileReplaced) await assertNoLiveSuccessor(ctx, row.urn);

  if (row.provider !== "DIRECT") {
    const provider = (await (await caseSystems(ctx, caseRow)).hotels()).find((s) => s.id === row.provider);
    if (!provider) throw conflict("CONFLICT", `${row.provider} is not configured here: cancel at the hotel (confirmation ${row.confirmationCode}).`);
    try {
      await provider.cancel({ reference: row.providerRef ?? "", reason: body.reason });
    } catch (err) {
      throw providerRefusal(err, row.provider);
    }
  }

  const to = passengersTo ?? (body.rehouse ? "AWAITING_ALLOCATION" : "CANCELLED");
  const done = await transaction(ctx, async (tx) => {
    const locked = await loadOpenCase(tx, caseRow.urn);
    const [current] = await tx.db.select().from(reservations).where(eq(reservations.urn, row.urn)).limit(1).for("update");
    assertCancellable(current.status, row.urn);
    // again on the locked row: a choice claims its successor under this same row lock (lib/passenger/choose.ts)
    if (refuseWhileReplaced) await assertNoLiveSuccessor(tx, row.urn);
    if (current.provider === "DIRECT") {
      try {
        await directProvider(tx).cancel({ reference: current.providerRef ?? "", reason: body.reason });
      } catch (err) {
        throw providerRefusal(err, current.provider);
      }
    }
    const [after] = await tx.db
      .update(reservations)
      .set({ status: "CANCELLED", cancellationReason: body.reason })
      .where(and(eq(reservations.urn, row.urn), eq(reservations.status, "CONFIRMED")))
      .returning();
    await releaseGroupStay(tx.db, { caseUrn: row.caseUrn, groupId: row.groupId, reservationUrn: row.urn, keepHotel: to === "CANCELLED" });
    const moved = await movePassengers(tx.db, { caseUrn: row.caseUrn, groupIds: [row.groupId], to, from: ["BOOKED"], skipOthers: true });
    await writeAudit(tx, {
      entity: "reservation",
      entityUrn: row.urn,
      action: "cancel",
      airport: locked.airport,
      reason: body.reason,
      before: { status: current.status, passengers: "BOOKED" },
      after: { status: "CANCELLED", passengers: to, passengersMoved: moved.length },
    });
    await touchCase(tx, row.caseUrn);
    // its messages are written by their subscribers once this commits (lib/messages/cancellation.ts, declined.ts)
    await emit(tx, "reservation/cancelled", { tenant: tx.principal.tenant, caseUrn: row.caseUrn, reservationUrn: row.urn, reason: body.reason, cause });
    if (cause === "PASSENGER_DECLINED") await emit(tx, "passenger/declined", { tenant: tx.principal.tenant, caseUrn: row.caseUrn, reservationUrn: row.urn, groupId: row.groupId, released: true });
    return after;
  });
  const [record] = await recordsOf(ctx, [{ row: done, airport: caseRow.airport }]);
  return record;
}

function assertCancellable(status: string, urn: string): void {
  if (status !== "CONFIRMED") throw conflict("INVALID_TRANSITION", `Reservation ${urn} is ${status}; only a CONFIRMED reservation can be cancelled.`);
}

async function assertNoLiveSuccessor(ctx: Ctx, urn: string): Promise<void> {
  const [live] = await ctx.db.select({ urn: reservations.urn }).from(reservations).where(and(eq(reservations.previousUrn, urn), inArray(reservations.status, [...LIVE_STATUSES]))).limit(1);
  if (live) throw new DomainError(409, "CHOICE_IN_PROGRESS", `Reservation ${urn} is being replaced by ${live.urn}: it cannot be cancelled meanwhile.`);
}

function notCancellable(provider: string) {
  return conflict(
    "CONFLICT",
    `${provider} does not support cancellation through its self-service tier: cancel at the hotel or through the provider's enterprise tier, then record it here.`,
  );
}

function providerRefusal(err: unknown, provider: string) {
  if (err instanceof CapabilityUnsupported) return notCancellable(provider);
  if (err instanceof ProviderRejected) return conflict("CONFLICT", `${provider} refused the cancellation (${err.code}): ${err.message}`);
  if (err instanceof ProviderError) return conflict("CONFLICT", `${provider} could not be reached to cancel (${err.message}); nothing was changed, try again.`);
  return err;
}

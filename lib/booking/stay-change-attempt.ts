import { and, eq } from "drizzle-orm";
import { passengerGroups, reservations, type BookingAttemptJson } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { touchCase } from "@/lib/cases/load";
import { type Ctx, transaction } from "@/lib/context";
import { caseSystems } from "@/lib/peers/case-systems";
import { emit } from "@/lib/events";
import { directProvider } from "@/lib/providers/direct/client";
import type { BookRequest, ProviderBooking } from "@/lib/providers/types";
import { createVoucher } from "@/lib/vouchers/create";
import { refreshVoucher } from "@/lib/vouchers/refresh";
import { appendAttempt, bookRequest } from "./attempt";
import { confirmedAt, publishConfirmed } from "./confirm";
import { classify } from "./retry";
import { localTimeToUtc } from "@/lib/time-zones";
import { CHECK_IN_TIME, CHECK_OUT_TIME } from "./stay";
import type { StayCandidate, StayChangePlan } from "./stay-change-plan";
import { houseGroup } from "@/lib/cases/group-stay";

export type StayChangeOutcome = { kind: "confirmed"; reservationUrn: string } | { kind: "refused"; log: BookingAttemptJson };

/**
 * One provider call of a re-booking (a job step), for one candidate of the plan: the booking is
 * looked up by our client reference first (an answer lost on an earlier try is found, not booked
 * twice), then made. A refusal (hotel full, offer gone, a 4xx) is logged and answered, so the job
 * tries the next hotel; a provider that is unreachable or rate-limiting throws, and the job's step
 * is retried with backoff, looking up first again. A direct contract books in the transaction
 * that confirms the reservation, as the booking job does.
 */
export async function attemptStayChange(ctx: Ctx, plan: StayChangePlan, rank: number): Promise<StayChangeOutcome> {
  const c = plan.candidates.find((x) => x.rank === rank);
  if (!c) throw new Error(`stay change ${plan.reservationUrn} has no candidate of rank ${rank}`);
  const [current] = await ctx.db.select({ status: reservations.status }).from(reservations).where(eq(reservations.urn, plan.reservationUrn)).limit(1);
  if (current?.status === "CONFIRMED") return { kind: "confirmed", reservationUrn: plan.reservationUrn };
  if (current?.status !== "PENDING") throw new Error(`stay change ${plan.reservationUrn} is ${current?.status ?? "gone"}, not PENDING`);
  const log = (extra: Partial<BookingAttemptJson>): BookingAttemptJson => ({ hotelUrn: c.hotelUrn, provider: c.provider, attempt: 1, at: new Date().toISOString(), outcome: "STOP", ...extra });
  const refuse = async (entry: BookingAttemptJson): Promise<StayChangeOutcome> => {
    await appendAttempt(ctx, plan.reservationUrn, entry);
    return { kind: "refused", log: entry };
  };

  try {
    const hotels = await (await caseSystems(ctx, plan.caseUrn)).hotels();
    if (c.provider === "DIRECT") {
      // a direct contract's rooms are real: a drill books its sandboxes only
      if (!hotels.some((s) => s.id === "DIRECT")) return refuse(log({ reason: "provider-not-configured", providerError: "a drill never books a direct contract" }));
      const request = await stayChangeRequest(ctx, plan, c);
      await transaction(ctx, async (tx) => {
        const booking = (await directProvider(tx).findByReference(c.clientReference)) ?? (await directProvider(tx).book(request));
        await confirmStayChange(tx, plan, c, booking, log({ outcome: "CONFIRMED" }));
      });
      return { kind: "confirmed", reservationUrn: plan.reservationUrn };
    }
    const provider = hotels.find((s) => s.id === c.provider);
    if (!provider) return refuse(log({ reason: "provider-not-configured", providerError: `${c.provider} has no URL configured` }));
    const found = await provider.findByReference(c.clientReference);
    const booking = found && found.status === "CONFIRMED" ? found : await provider.book(await stayChangeRequest(ctx, plan, c));
    await transaction(ctx, (tx) => confirmStayChange(tx, plan, c, booking, log({ outcome: "CONFIRMED" })));
    return { kind: "confirmed", reservationUrn: plan.reservationUrn };
  } catch (err) {
    const verdict = classify(err, 1);
    // not a provider's answer, or one worth another try: the step fails and is retried (lookup first)
    if (!verdict || verdict.kind === "retry") throw err;
    return refuse(log({ reason: verdict.reason, providerError: verdict.providerError }));
  }
}

/**
 * The provider confirmed, in one transaction (the caller's): the PENDING reservation becomes the
 * CONFIRMED continuation or replacement, with its voucher rendered (its messages follow `voucher/issued` or `reservation/confirmed` after commit),
 * audited `reaccommodate`. A continuation keeps the group at its hotel and its rides: the stay it
 * continues gets its voucher re-rendered (it names the new nights and code). A replacement moves
 * the group: the group points at it and `reservation/confirmed` plans its rides; the old stay is
 * released by the next step, once this commit made the new one safe.
 */
export async function confirmStayChange(tx: Ctx, plan: StayChangePlan, c: StayCandidate, booking: ProviderBooking, entry: BookingAttemptJson): Promise<void> {
  const checkIn = localTimeToUtc(c.checkIn, CHECK_IN_TIME, plan.timeZone);
  const checkOut = localTimeToUtc(c.checkOut, CHECK_OUT_TIME, plan.timeZone);
  const [row] = await tx.db
    .update(reservations)
    .set({ ...confirmedAt(c, booking, entry), stayChange: c.kind, checkIn, checkOut })
    .where(and(eq(reservations.urn, plan.reservationUrn), eq(reservations.status, "PENDING")))
    .returning();
  if (!row) {
    const [now] = await tx.db.select().from(reservations).where(eq(reservations.urn, plan.reservationUrn)).limit(1);
    if (now?.status === "CONFIRMED" && now.providerRef === booking.reference) return;
    throw new Error(`stay change ${plan.reservationUrn} is ${now?.status ?? "gone"}, not PENDING: the booking ${booking.provider} ${booking.reference} was not recorded`);
  }
  const [previous] = await tx.db.select().from(reservations).where(eq(reservations.urn, plan.previousUrn)).limit(1);
  const voucher = await createVoucher(tx, row.urn);
  if (c.kind === "CONTINUATION") {
    // no `reservation/confirmed` for a continuation (the group keeps its hotel and rides): its
    // voucher is issued here, and its messages (STAY_CHANGED) follow `voucher/issued` after commit
    await emit(tx, "voucher/issued", { tenant: tx.principal.tenant, caseUrn: plan.caseUrn, reservationUrn: row.urn, voucherUrn: voucher.urn });
    await refreshVoucher(tx, plan.previousUrn);
  } else {
    await houseGroup(tx.db, { caseUrn: plan.caseUrn, groupId: plan.groupId, reservationUrn: row.urn, hotelUrn: c.hotelUrn });
    await publishConfirmed(tx, plan.caseUrn, [row.urn]);
    // the passenger's own choice answers once this commits: the first stay is released by a retried job, never inside their request
    if (row.requestedBy === "PASSENGER") await emit(tx, "passenger/hotel-chosen", { tenant: tx.principal.tenant, caseUrn: plan.caseUrn, reservationUrn: row.urn, previousUrn: plan.previousUrn });
  }
  await writeAudit(tx, {
    entity: "reservation",
    entityUrn: row.urn,
    action: "reaccommodate",
    airport: plan.airport,
    reason:
      plan.reason ??
      (c.kind === "CONTINUATION"
        ? `the next flight moved and ${previous?.provider ?? "the provider"} cannot change stay ${plan.previousUrn}: the missing nights booked at the same hotel`
        : `the next flight moved, stay ${plan.previousUrn} cannot be changed and its hotel has no rooms for the missing nights: the stay booked at the next-ranked hotel`),
    before: { stay: plan.previousUrn, hotelUrn: previous?.hotelUrn ?? null, checkOut: previous?.checkOut.toISOString() ?? null },
    after: { status: "CONFIRMED", stayChange: c.kind, hotelUrn: c.hotelUrn, checkIn: checkIn.toISOString(), checkOut: checkOut.toISOString(), confirmationCode: booking.confirmationCode },
  });
  await touchCase(tx, plan.caseUrn);
}

/** The re-booking's provider request through the booking's one builder (lib/booking/attempt.ts): same guests, special requests and payment as the stay it replaces. */
async function stayChangeRequest(ctx: Ctx, plan: StayChangePlan, c: StayCandidate): Promise<BookRequest> {
  const [pending] = await ctx.db.select({ payment: reservations.payment, waveUrn: reservations.waveUrn }).from(reservations).where(eq(reservations.urn, plan.reservationUrn)).limit(1);
  const [group] = await ctx.db.select({ tier: passengerGroups.tier }).from(passengerGroups).where(and(eq(passengerGroups.caseUrn, plan.caseUrn), eq(passengerGroups.groupId, plan.groupId))).limit(1);
  return bookRequest(
    ctx,
    { caseUrn: plan.caseUrn, groupId: plan.groupId, waveUrn: pending?.waveUrn ?? "", tier: group?.tier ?? null, rooms: plan.rooms, paymentMethod: pending?.payment.method ?? "GUARANTEE", checkIn: c.checkIn, checkOut: c.checkOut },
    c,
  );
}

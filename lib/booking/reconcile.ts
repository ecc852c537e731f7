import { eq } from "drizzle-orm";
import { reservations } from "@/db/schema";
import { type Ctx, transaction } from "@/lib/context";
import { caseSystems } from "@/lib/peers/case-systems";
import { ProviderError } from "@/lib/providers/errors";
import { appendAttempt } from "./attempt";
import { confirmReservation } from "./confirm";
import type { BookingPlan } from "./plan";

export type Reconciled = { kind: "confirmed"; reservationUrn: string } | { kind: "absent" } | { kind: "unknown"; providerError: string };

/**
 * After the last attempt at a hotel ended with its answer lost (a dropped connection, a timeout,
 * a 5xx to the booking call), the booking may exist at the provider. Before the next hotel is
 * tried, it is looked up by our client reference: found, the reservation is confirmed with it
 * (the group's one booking); not found, the next hotel is safe to book; the lookup failing too
 * answers `unknown`, and the caller looks again later rather than book twice.
 */
export async function findLostBooking(ctx: Ctx, plan: BookingPlan, rank: number): Promise<Reconciled> {
  const candidate = plan.candidates.find((c) => c.rank === rank);
  if (!candidate) throw new Error(`booking plan of ${plan.reservationUrn} has no candidate of rank ${rank}`);
  const [current] = await ctx.db.select({ status: reservations.status }).from(reservations).where(eq(reservations.urn, plan.reservationUrn)).limit(1);
  if (current?.status === "CONFIRMED" || current?.status === "CHECKED_OUT") return { kind: "confirmed", reservationUrn: plan.reservationUrn };
  const provider = (await (await caseSystems(ctx, plan.caseUrn)).hotels()).find((s) => s.id === candidate.provider);
  if (!provider) return { kind: "unknown", providerError: `${candidate.provider} has no URL configured` };
  const entry = { hotelUrn: candidate.hotelUrn, provider: candidate.provider, attempt: 0, at: new Date().toISOString() };
  try {
    const found = await provider.findByReference(candidate.clientReference);
    if (!found || found.status !== "CONFIRMED") return { kind: "absent" };
    await transaction(ctx, (tx) => confirmReservation(tx, plan, candidate, found, { ...entry, outcome: "CONFIRMED", reason: "found-by-reference" }));
    return { kind: "confirmed", reservationUrn: plan.reservationUrn };
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    const providerError = `${err.status ?? "-"} ${err.message}`.slice(0, 500);
    await appendAttempt(ctx, plan.reservationUrn, { ...entry, outcome: "RETRY", reason: "lookup-failed", providerError });
    return { kind: "unknown", providerError };
  }
}

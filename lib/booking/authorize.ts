import { eq } from "drizzle-orm";
import { allocationWaves, reservations } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { caseSystems } from "@/lib/peers/case-systems";
import { authorizePayment } from "@/lib/payments/authorize";
import { cardTokenFor } from "./payment";
import type { BookingPlan } from "./plan";

/**
 * A CARD booking asks the payment service provider first (a job step): a refusal ends the booking
 * as PAYMENT_FAILED; an authorization is kept on the reservation. Only the token travels; a PSP
 * that is down throws, and the step is retried. A drill's card goes to the drills' sandbox PSP.
 */
export async function authorizeBooking(ctx: Ctx, plan: BookingPlan): Promise<{ ok: true; authorizationId: string } | { ok: false; reason: string }> {
  const [wave] = await ctx.db.select({ policies: allocationWaves.policies }).from(allocationWaves).where(eq(allocationWaves.urn, plan.waveUrn)).limit(1);
  const cardToken = await cardTokenFor(ctx, wave?.policies ?? [], plan.tier);
  if (!cardToken) return { ok: false, reason: "the policy names no card token" };
  const psp = await (await caseSystems(ctx, plan.mode ? { urn: plan.caseUrn, mode: plan.mode } : plan.caseUrn)).payments();
  const result = await authorizePayment({ tenant: plan.tenant, cardToken, amount: plan.amount.amount, currency: plan.amount.currency, reference: plan.candidates[0]?.clientReference ?? plan.reservationUrn }, psp);
  if (result.ok) await ctx.db.update(reservations).set({ paymentAuthorization: result.authorizationId }).where(eq(reservations.urn, plan.reservationUrn));
  return result.ok ? { ok: true, authorizationId: result.authorizationId } : { ok: false, reason: result.reason };
}

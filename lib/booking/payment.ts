import { and, eq } from "drizzle-orm";
import { policies } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import type { PaymentMethod } from "@/lib/vocabulary";

type WavePolicies = { tier: string; policyUrn: string; version: number }[];

/** The payment terms of the policy a tier was allocated under; GUARANTEE when it names none. */
async function termsOf(ctx: Ctx, wavePolicies: WavePolicies, tier: string | null): Promise<{ accepted: PaymentMethod[]; cardToken: string | null }> {
  const used = wavePolicies.find((p) => p.tier === tier);
  if (!used) return { accepted: ["GUARANTEE"], cardToken: null };
  const [row] = await ctx.db
    .select({ body: policies.body })
    .from(policies)
    .where(and(eq(policies.urn, used.policyUrn), eq(policies.tenant, ctx.principal.tenant)))
    .limit(1);
  const body = (row?.body ?? {}) as { acceptedPayments?: unknown; cardToken?: unknown; constraints?: { acceptedPayments?: unknown } };
  const accepted = (Array.isArray(body.acceptedPayments) ? body.acceptedPayments : Array.isArray(body.constraints?.acceptedPayments) ? body.constraints.acceptedPayments : ["GUARANTEE"]) as PaymentMethod[];
  return { accepted, cardToken: typeof body.cardToken === "string" && body.cardToken ? body.cardToken : null };
}

/**
 * Spec 4.8 payment: the corporate guarantee by default; a tokenised card when the tier's policy
 * accepts CARD and holds a payment service provider token.
 */
export async function paymentMethodFor(ctx: Ctx, wavePolicies: WavePolicies, tier: string | null): Promise<PaymentMethod> {
  const terms = await termsOf(ctx, wavePolicies, tier);
  return terms.accepted.includes("CARD") && terms.cardToken ? "CARD" : "GUARANTEE";
}

/** The payment method of each tier of a wave, one policy read per tier. */
export async function paymentMethods(ctx: Ctx, wavePolicies: WavePolicies, tiers: (string | null)[]): Promise<Map<string | null, PaymentMethod>> {
  const out = new Map<string | null, PaymentMethod>();
  for (const tier of tiers) out.set(tier, await paymentMethodFor(ctx, wavePolicies, tier));
  return out;
}

/** The token itself, read where it is used and never memoised in a job step nor logged. */
export async function cardTokenFor(ctx: Ctx, wavePolicies: WavePolicies, tier: string | null): Promise<string | null> {
  return (await termsOf(ctx, wavePolicies, tier)).cardToken;
}

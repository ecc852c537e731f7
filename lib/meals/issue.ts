import { and, eq, sql } from "drizzle-orm";
import { mealVouchers, type MealVoucherRow } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { type Ctx, transaction } from "@/lib/context";
import { caseSystems } from "@/lib/peers/case-systems";
import { emit } from "@/lib/events";
import { log } from "@/lib/log";
import { cancelVoucher, createVoucher, withRetry } from "@/lib/peers/meals/client";
import { PeerError } from "@/lib/http/peer-errors";
import { type MealsEndpoint, NO_ISSUER } from "@/lib/peers/meals/settings";

export type IssueOutcome = "ISSUED" | "FAILED" | "NO_ISSUER" | "SKIPPED";

/**
 * Issues one PENDING meal voucher at the case's issuer (lib/peers/case-systems.ts: a drill's is its own
 * sandbox), its urn the Idempotency-Key: however many runs ask at once, the issuer creates one
 * voucher and one of them moves it ISSUED (`WHERE status = 'PENDING'`), audits it and emits
 * "meal/issued". Retryable faults are retried with backoff (Retry-After honoured); when the tries
 * run out it stays PENDING with the error and the job retries. A refusal (decline) is FAILED with
 * its reason. Without an issuer it stays PENDING, saying so.
 * When it is issued is the caller's: the job issues each voucher once its owedFrom has come.
 */
export async function issueMealVoucher(ctx: Ctx, urn: string): Promise<IssueOutcome> {
  const row = await voucherOf(ctx, urn);
  if (!row || row.status !== "PENDING") return "SKIPPED";
  const endpoint = await (await caseSystems(ctx, row.caseUrn)).meals();
  if (!endpoint) {
    await ctx.db.update(mealVouchers).set({ lastError: NO_ISSUER }).where(and(eq(mealVouchers.urn, urn), eq(mealVouchers.status, "PENDING")));
    return "NO_ISSUER";
  }
  const request = {
    amount: row.amount,
    currency: row.currency,
    passengerRef: row.passengerId,
    validFrom: row.owedFrom.toISOString(),
    validUntil: (row.validUntil ?? new Date(row.owedFrom.getTime() + 6 * 3600_000)).toISOString(),
    merchantCategory: "FOOD" as const,
  };
  let outcome;
  try {
    outcome = await withRetry(() => createVoucher(endpoint, request, row.urn));
  } catch (err) {
    const message = err instanceof PeerError ? err.message : "the issuer could not be reached";
    await ctx.db
      .update(mealVouchers)
      .set({ attempts: sql`${mealVouchers.attempts} + 1`, lastError: message })
      .where(and(eq(mealVouchers.urn, urn), eq(mealVouchers.status, "PENDING")));
    throw err;
  }
  if (!outcome.ok) {
    const reason = `${outcome.code}: ${outcome.message}`;
    await transaction(ctx, async (tx) => {
      const [failed] = await tx.db
        .update(mealVouchers)
        .set({ status: "FAILED", attempts: sql`${mealVouchers.attempts} + 1`, lastError: reason })
        .where(and(eq(mealVouchers.urn, urn), eq(mealVouchers.status, "PENDING")))
        .returning();
      if (failed) await writeAudit(tx, { entity: "meal-voucher", entityUrn: urn, action: "issue-failed", reason, before: { status: "PENDING" }, after: { status: "FAILED" } });
    });
    return "FAILED";
  }
  const { voucher } = outcome;
  const won = await transaction(ctx, async (tx) => {
    // the race: another run issued it (same voucher, the issuer's key) or the plan cancelled it meanwhile
    const [issued] = await tx.db
      .update(mealVouchers)
      .set({ status: "ISSUED", providerRef: voucher.id, code: voucher.code, issuedAt: new Date(), attempts: sql`${mealVouchers.attempts} + 1`, lastError: null })
      .where(and(eq(mealVouchers.urn, urn), eq(mealVouchers.status, "PENDING")))
      .returning();
    if (!issued) return false;
    await writeAudit(tx, {
      entity: "meal-voucher",
      entityUrn: urn,
      action: "issue",
      after: { status: "ISSUED", providerRef: voucher.id, amount: row.amount, currency: row.currency, seq: row.seq, passengerId: row.passengerId },
    });
    await emit(tx, "meal/issued", { tenant: row.tenant, caseUrn: row.caseUrn, mealVoucherUrn: urn });
    return true;
  });
  if (!won) {
    const after = await voucherOf(ctx, urn);
    // cancelled while the issuer was creating it: the issuer's voucher must not stay spendable
    if (after?.status === "CANCELLED") await cancelAtIssuer(endpoint, voucher.id, urn);
    return "SKIPPED";
  }
  return "ISSUED";
}

/** Asks the issuer to cancel; a voucher already redeemed there stays redeemed (its callback tells us). */
export async function cancelAtIssuer(endpoint: MealsEndpoint, providerRef: string, urn: string): Promise<"CANCELLED" | "REFUSED"> {
  const outcome = await withRetry(() => cancelVoucher(endpoint, providerRef));
  if (outcome.ok) return "CANCELLED";
  log("warn", "the meal voucher issuer refused a cancellation", { mealVoucherUrn: urn, code: outcome.code });
  return "REFUSED";
}

export async function voucherOf(ctx: Ctx, urn: string): Promise<MealVoucherRow | null> {
  const [row] = await ctx.db
    .select()
    .from(mealVouchers)
    .where(and(eq(mealVouchers.urn, urn), eq(mealVouchers.tenant, ctx.principal.tenant)))
    .limit(1);
  return row ?? null;
}

import { and, eq, inArray } from "drizzle-orm";
import { rideVouchers } from "@/db/schema";
import { readCapped } from "@/lib/http/body";
import { writeAudit } from "@/lib/audit/write";
import { systemPrincipal } from "@/lib/auth/principal";
import { touchCase } from "@/lib/cases/load";
import { type Ctx, transaction } from "@/lib/context";
import { caseSystems } from "@/lib/peers/case-systems";
import { conflict, type FieldError, invalid, malformed, unauthenticated } from "@/lib/errors";
import { isUrn } from "@/lib/ids";
import { issuesToErrors } from "@/lib/validation";
import { verifyHmacHex } from "@/lib/http/body-signature";
import type { RideVoucherRow } from "@/db/schema";
import { RideUsage } from "@/lib/peers/rides/wire";
import { maskedRide } from "./masked";

const LIMIT = 16 * 1024;
const CLOCK_SKEW_MS = 10 * 60_000;
const UNSIGNED = "A valid X-Ride-Signature (HMAC-SHA256 of the body with RIDES_SECRET) is required.";

/**
 * The ride provider's usage callback: the body signed with X-Ride-Signature by the secret of the
 * provider that issued the voucher (the case's: the drills' sandbox for a drill). The voucher is
 * found by `reference` (our URN); an unknown one, a bad signature or no provider is 401 before
 * anything is parsed further, so an unsigned caller learns nothing. A usage the voucher could not
 * have had is 422 and changes nothing: an amount over the voucher's cap, another currency than the
 * voucher's, a time before it was issued (usedAt must be a real date in the accepted window).
 * ISSUED → USED with the amount (audited) — from CANCELLED too, since the ride happened (the audit
 * says so); a repeated callback for a USED voucher answers it unchanged; PENDING or FAILED (never issued) 409.
 */
export async function recordRideUsage(ctx: Ctx, req: Request): Promise<{ urn: string; status: string; usedAmount: number | null }> {
  let raw: string;
  try {
    raw = new TextDecoder("utf-8", { fatal: true }).decode(await readCapped(req, LIMIT));
  } catch (err) {
    if (err instanceof TypeError) throw malformed("The body is not UTF-8.");
    throw err;
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    json = null;
  }
  const reference = typeof json === "object" && json !== null && typeof (json as { reference?: unknown }).reference === "string" ? (json as { reference: string }).reference : null;
  // only a ride voucher URN is looked up: anything else (a NUL, which PostgreSQL refuses: a 500) names no voucher, so 401 like a bad signature
  const [row] = reference && isUrn(reference, "ride") ? await ctx.db.select().from(rideVouchers).where(eq(rideVouchers.urn, reference)).limit(1) : [];
  const provider = row ? await (await caseSystems(ctx, row.caseUrn)).rides() : null;
  if (!row || !provider || !verifyHmacHex(provider.endpoint.secret, raw, req.headers.get("x-ride-signature"))) throw unauthenticated(UNSIGNED);
  const parsed = RideUsage.safeParse(json);
  if (!parsed.success) throw invalid("The callback's fields are not what the provider sends.", issuesToErrors(parsed.error));
  const usage = parsed.data;
  const refusals = impossibleUsage(row, usage);
  if (refusals.length) throw invalid("The usage does not fit the voucher; nothing was recorded.", refusals);
  if (row.status === "USED") return { urn: row.urn, status: row.status, usedAmount: row.usedAmount };
  const sys: Ctx = { ...ctx, principal: systemPrincipal(row.tenant, "rides") };
  return transaction(sys, async (tx) => {
    // the ride happened: a voucher cancelled meanwhile (reservation dropped, next flight moved) is used
    // all the same, as lib/meals/redeem.ts takes the issuer's word; the audit says it was cancelled
    const [after] = await tx.db
      .update(rideVouchers)
      .set({ status: "USED", usedAt: new Date(usage.usedAt), usedAmount: usage.amount })
      .where(and(eq(rideVouchers.urn, row.urn), inArray(rideVouchers.status, ["ISSUED", "CANCELLED"])))
      .returning();
    // the race: used meanwhile (answered unchanged), or never issued
    if (!after) {
      const [now] = await tx.db.select().from(rideVouchers).where(eq(rideVouchers.urn, row.urn)).limit(1);
      if (now?.status === "USED") return { urn: now.urn, status: now.status, usedAmount: now.usedAmount };
      throw conflict("INVALID_TRANSITION", `A ${now?.status ?? row.status} ride voucher cannot be used.`);
    }
    const notes = [
      `ride provider reported ${usage.amount} ${usage.currency} used`,
      row.status === "CANCELLED" ? `after the voucher was cancelled (${row.cancelReason ?? "no reason"}): the provider's word wins` : null,
    ].filter(Boolean);
    await writeAudit(tx, { entity: "ride-voucher", entityUrn: after.urn, action: "use", reason: notes.join("; "), before: maskedRide(row), after: maskedRide(after) });
    await touchCase(tx, after.caseUrn);
    return { urn: after.urn, status: after.status, usedAmount: after.usedAmount };
  });
}

/**
 * What no ride on this voucher could report: the provider accepted the cap and the currency when
 * it issued the voucher, so more than the cap or another currency is a forged or broken callback,
 * not a ride to pay; nor was a voucher used before it existed.
 */
function impossibleUsage(row: RideVoucherRow, usage: RideUsage): FieldError[] {
  const errors: FieldError[] = [];
  if (usage.amount > row.maxAmount) errors.push({ path: "amount", message: `exceeds the voucher's cap of ${row.maxAmount} ${row.currency}` });
  if (usage.currency !== row.currency) errors.push({ path: "currency", message: `must be the voucher's currency, ${row.currency}` });
  // the provider's clock may run a little behind ours: a few minutes before the issue still counts
  if (row.issuedAt && Date.parse(usage.usedAt) < row.issuedAt.getTime() - CLOCK_SKEW_MS) errors.push({ path: "usedAt", message: `is before the voucher was issued (${row.issuedAt.toISOString()})` });
  return errors;
}

import { and, eq, inArray } from "drizzle-orm";
import { mealVouchers } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { type Ctx, transaction } from "@/lib/context";
import { caseSystems } from "@/lib/peers/case-systems";
import { cancelAtIssuer, voucherOf } from "./issue";

/**
 * Cancels a meal voucher no longer owed (rebooked onto an earlier flight, MEAL no longer owed): an
 * ISSUED one at the issuer first (a refusal there means it was redeemed: it is left for the
 * redemption callback), then CANCELLED with the reason, `WHERE status` the one read, so a
 * redemption recorded meanwhile wins. Audited "cancel" on the meal voucher. Redeemed ones stay.
 */
export async function cancelMealVoucher(ctx: Ctx, input: { urn: string; reason: string }): Promise<"CANCELLED" | "SKIPPED"> {
  const row = await voucherOf(ctx, input.urn);
  if (!row || (row.status !== "PENDING" && row.status !== "ISSUED")) return "SKIPPED";
  if (row.status === "ISSUED" && row.providerRef) {
    const endpoint = await (await caseSystems(ctx, row.caseUrn)).meals();
    if (endpoint && (await cancelAtIssuer(endpoint, row.providerRef, row.urn)) === "REFUSED") return "SKIPPED";
  }
  return transaction(ctx, async (tx) => {
    const [done] = await tx.db
      .update(mealVouchers)
      .set({ status: "CANCELLED", cancelledAt: new Date(), cancelReason: input.reason })
      .where(and(eq(mealVouchers.urn, row.urn), inArray(mealVouchers.status, [row.status])))
      .returning();
    if (!done) return "SKIPPED";
    await writeAudit(tx, { entity: "meal-voucher", entityUrn: row.urn, action: "cancel", reason: input.reason, before: { status: row.status }, after: { status: "CANCELLED" } });
    return "CANCELLED";
  });
}

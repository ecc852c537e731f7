import { and, eq, inArray } from "drizzle-orm";
import { rideVouchers } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { type Ctx, transaction } from "@/lib/context";
import { caseSystems } from "@/lib/peers/case-systems";
import { maskedRide } from "./masked";

/**
 * A reservation cancelled or replaced → its ride vouchers not yet used are CANCELLED; one issued is
 * cancelled at the provider first (its code must stop working), so a provider that fails throws
 * and the job retries with nothing changed here. A used one stays USED. Running it twice changes
 * nothing: only PENDING, ISSUED or FAILED rows move, each with an UPDATE … WHERE status guard.
 */
export async function cancelRideVouchers(ctx: Ctx, input: { reservationUrn: string; reason: string }): Promise<string[]> {
  const rows = await ctx.db
    .select()
    .from(rideVouchers)
    .where(and(eq(rideVouchers.reservationUrn, input.reservationUrn), eq(rideVouchers.tenant, ctx.principal.tenant), inArray(rideVouchers.status, ["PENDING", "ISSUED", "FAILED"])));
  const cancelled: string[] = [];
  for (const row of rows) {
    if (row.status === "ISSUED" && row.providerRef) {
      const provider = await (await caseSystems(ctx, row.caseUrn)).rides();
      if (provider) await provider.cancel(row.providerRef, row.urn);
    }
    const done = await transaction(ctx, async (tx) => {
      // the race: a usage callback marked it USED meanwhile; the ride happened, it stays USED
      const [after] = await tx.db
        .update(rideVouchers)
        .set({ status: "CANCELLED", cancelledAt: new Date(), cancelReason: input.reason })
        .where(and(eq(rideVouchers.urn, row.urn), eq(rideVouchers.status, row.status)))
        .returning();
      if (after) await writeAudit(tx, { entity: "ride-voucher", entityUrn: after.urn, action: "cancel", reason: input.reason, before: maskedRide(row), after: maskedRide(after) });
      return Boolean(after);
    });
    if (done) cancelled.push(row.urn);
  }
  return cancelled;
}

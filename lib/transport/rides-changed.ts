import type { Ctx } from "@/lib/context";
import { emit } from "@/lib/events";

/**
 * After a ride changed: transport publishes which stays it carries, and vouchers renders again
 * those whose voucher is stored (lib/vouchers/refresh-aboard.ts), in this transaction, so the
 * passenger page never shows a ride that is gone. Nothing is published for no stay.
 */
export async function ridesChanged(ctx: Ctx, reservationUrns: Iterable<string>): Promise<void> {
  const urns = [...new Set(reservationUrns)].sort();
  if (!urns.length) return;
  await emit(ctx, "transport/rides.changed", { tenant: ctx.principal.tenant, reservationUrns: urns }, { react: "in-transaction" });
}

import { and, desc, eq } from "drizzle-orm";
import { careAssessments, reservations, vouchers } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { defineJob } from "@/lib/jobs/define";
import { refreshVoucher } from "@/lib/vouchers/refresh";
import { BACKGROUND } from "./lanes";
import { systemCtxOf } from "@/lib/jobs/system-ctx";

/**
 * A new version of a case's right to care: the stored vouchers of its confirmed stays print the
 * care decided now ("Your right to care", lib/vouchers/care.ts). refreshVoucher writes only a
 * voucher whose rendition changed, so a replayed event is a no-op.
 *
 * Each voucher is rendered in its own short transaction (refreshVoucher locks that one row), so a
 * case of two hundred stays never holds the database (PGlite's one connection) for all of them.
 * Cheap no-ops first: a version no longer the newest (the newer one's run renders it), or a case
 * with no stored voucher yet (the usual CASE_CREATED: nothing booked). CASE_CREATED is not skipped
 * by name: assessment runs at the default priority behind booking, so at a meltdown a stay can be
 * confirmed and its voucher printed before the first assessment, and this run adds its care.
 */
export const refreshCareOnVouchers = defineJob({
  ...BACKGROUND,
  id: "care-refresh-vouchers",
  event: "care/assessed",
  retries: 4,
  handler: async ({ event: e, step }) => {
    const ctx: Ctx = await systemCtxOf(e.data.tenant, "care");
    const urns = await step.run("find", () => vouchersToRefresh(ctx, e.data.caseUrn, e.data.version));
    if (urns.length === 0) return { reservations: 0 };
    const changed = await step.run("refresh", async () => {
      let n = 0;
      for (const urn of urns) if (await refreshVoucher(ctx, urn)) n++;
      return n;
    });
    return { reservations: urns.length, changed };
  },
});

/** The confirmed reservations of the case with a stored voucher; none when a newer version than `version` exists. */
export async function vouchersToRefresh(ctx: Ctx, caseUrn: string, version: number): Promise<string[]> {
  const tenant = ctx.principal.tenant;
  const [newest] = await ctx.db
    .select({ version: careAssessments.version })
    .from(careAssessments)
    .where(and(eq(careAssessments.caseUrn, caseUrn), eq(careAssessments.tenant, tenant)))
    .orderBy(desc(careAssessments.version))
    .limit(1);
  if (newest && newest.version > version) return [];
  const rows = await ctx.db
    .select({ urn: reservations.urn })
    .from(reservations)
    .innerJoin(vouchers, eq(vouchers.reservationUrn, reservations.urn))
    .where(and(eq(reservations.caseUrn, caseUrn), eq(reservations.tenant, tenant), eq(reservations.status, "CONFIRMED")))
    .orderBy(reservations.urn);
  return rows.map((r) => r.urn);
}

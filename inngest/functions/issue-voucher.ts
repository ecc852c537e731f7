import { database } from "@/db/client";
import { systemPrincipal } from "@/lib/auth/principal";
import { defineJob } from "@/lib/jobs/define";
import { issueVoucher } from "@/lib/vouchers/issue";

/**
 * A reservation confirmed → its voucher rendered and its emails queued, after the booking's
 * transaction committed (whichever path confirmed it: the booking job, a lookup that found a lost
 * booking, a manual booking). A reservation cancelled meanwhile gets none (createVoucher refuses it).
 */
export const issueVoucherOnConfirmed = defineJob({
  priority: 300,
  id: "issue-voucher",
  event: "reservation/confirmed",
  retries: 4,
  handler: async ({ event, step }) => {
    const { tenant, reservationUrn } = event.data;
    const ctx = { db: (await database()).db, principal: systemPrincipal(tenant, "vouchers") };
    return step.run("issue", () => issueVoucher(ctx, reservationUrn));
  },
});

import { database } from "@/db/client";
import { systemPrincipal } from "@/lib/auth/principal";
import { confirmedReservationsOf, reaccommodateReservation } from "@/lib/booking/reaccommodate";
import type { Ctx } from "@/lib/context";
import { defineJob } from "@/lib/jobs/define";

async function systemCtx(tenant: string): Promise<Ctx> {
  return { db: (await database()).db, principal: systemPrincipal(tenant, "booking") };
}

/**
 * The next flight moved (PATCH /cases/{urn}/reaccommodate) → each CONFIRMED reservation of the
 * case follows it: stay extended or shortened at the provider, a review item where the provider
 * cannot, or the room released when no overnight gap remains (lib/booking/reaccommodate.ts). One
 * step per reservation, so a retry never modifies a stay twice; one run per case at a time, so two
 * quick patches are applied in turn (each step reads the case as it is then).
 */
export const reaccommodateStays = defineJob({
  id: "reaccommodate-stays",
  event: "case/reaccommodated",
  retries: 4,
  concurrency: { limit: 1, key: "event.data.caseUrn" },
  handler: async ({ event, step }) => {
    const { tenant, caseUrn } = event.data;
    const ctx = await systemCtx(tenant);
    const urns = await step.run("reservations", () => confirmedReservationsOf(ctx, caseUrn));
    const changes = [];
    for (const reservationUrn of urns) changes.push(await step.run(`stay-${reservationUrn}`, () => reaccommodateReservation(ctx, { reservationUrn })));
    return { changes };
  },
});

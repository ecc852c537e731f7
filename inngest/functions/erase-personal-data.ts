import { database } from "@/db/client";
import { tenants } from "@/db/schema";
import { systemPrincipal } from "@/lib/auth/principal";
import type { Ctx } from "@/lib/context";
import { defineJob } from "@/lib/jobs/define";
import { eraseExpiredPersonalData } from "@/lib/privacy";

type DbOf = () => Promise<Ctx["db"]>;
const appDb: DbOf = async () => (await database()).db;

// a step erases at most this many cases, each its own transaction and audit entry
const CASES_PER_STEP = 50;
const MAX_STEPS_PER_TENANT = 200;

/**
 * Daily at 03:15 UTC: for every tenant, the passengers of cases closed longer ago than the
 * tenant's retention lose their personal data (lib/privacy/erase-expired.ts). The time is the
 * run's (the runner's clock), so a test advances a manual clock past the retention. Batches are
 * steps: a crash resumes after the last finished batch, and a replayed batch finds nothing left.
 */
export function erasePersonalDataJob(db: DbOf = appDb) {
  return defineJob({
    id: "erase-personal-data",
    cron: "15 3 * * *",
    retries: 2,
    handler: async ({ event, step }) => {
      const now = new Date(event.ts);
      const codes = await step.run("tenants", async () => (await (await db()).select({ code: tenants.code }).from(tenants)).map((t) => t.code));
      const erased: Record<string, number> = {};
      for (const tenant of codes) {
        for (let batch = 0; batch < MAX_STEPS_PER_TENANT; batch++) {
          const run = await step.run(`erase-${tenant}-${batch}`, async () =>
            eraseExpiredPersonalData({ ctx: { db: await db(), principal: systemPrincipal(tenant, "erase-personal-data") }, now, maxCases: CASES_PER_STEP }),
          );
          if (run.passengers > 0) erased[tenant] = (erased[tenant] ?? 0) + run.passengers;
          if (run.cases.length < CASES_PER_STEP) break;
        }
      }
      return { erased };
    },
  });
}

export const erasePersonalData = erasePersonalDataJob();

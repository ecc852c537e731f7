import { database } from "@/db/client";
import { tenants } from "@/db/schema";
import { systemPrincipal } from "@/lib/auth/principal";
import type { Ctx } from "@/lib/context";
import { defineJob } from "@/lib/jobs/define";
import { localParts } from "@/lib/reports/period";
import { generateReport } from "@/lib/reports/reports";
import { parseStoredSettings } from "@/lib/tenants/settings";
import { BACKGROUND } from "./lanes";

type DbOf = () => Promise<Ctx["db"]>;
const appDb: DbOf = async () => (await database()).db;

/**
 * Hourly: every tenant for which it is Monday 06:00–06:59 in its own time zone gets last week's
 * report (tenants span time zones, so one UTC schedule cannot name their Monday mornings). The
 * report is one per tenant and week, so a repeated tick rewrites the same report.
 */
export function weeklyReportJob(db: DbOf = appDb) {
  return defineJob({
    ...BACKGROUND,
    id: "weekly-report",
    cron: "0 * * * *",
    retries: 2,
    handler: async ({ event, step }) => {
      const at = new Date(event.ts);
      const due = await step.run("due-tenants", async () => {
        const rows = await (await db()).select({ code: tenants.code, settings: tenants.settings }).from(tenants);
        return rows.filter((t) => {
          const local = localParts(at, parseStoredSettings(t.settings, t.code).timeZone ?? "UTC");
          return local.weekday === 1 && local.hour === 6;
        }).map((t) => t.code);
      });
      for (const tenant of due) {
        await step.run(`report-${tenant}`, async () => (await generateReport({ ctx: { db: await db(), principal: systemPrincipal(tenant, "weekly-report") }, input: {}, now: at })).urn);
      }
      return { reported: due };
    },
  });
}

export const weeklyReport = weeklyReportJob();

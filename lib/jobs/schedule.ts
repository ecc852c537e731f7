import { and, eq, inArray, lte } from "drizzle-orm";
import type { Db } from "@/db/client";
import { jobRuns, jobSchedules } from "@/db/schema";
import { newId } from "@/lib/ids";
import { concurrencyKeyOf, CRON_EVENT, maxAttempts, type AnyJob, type CronData, type JobEvent } from "./define";
import { nextTick } from "./cron";
import { claimColumns } from "./due";

/** Creates or updates the schedule row of each cron job; a changed cron starts over from now. */
export async function ensureSchedules(db: Db, cronJobs: readonly AnyJob[], now: Date): Promise<void> {
  if (cronJobs.length === 0) return;
  const rows = await db.select().from(jobSchedules).where(inArray(jobSchedules.functionId, cronJobs.map((j) => j.id)));
  const known = new Map(rows.map((r) => [r.functionId, r]));
  for (const job of cronJobs) {
    const row = known.get(job.id);
    if (row?.cron === job.cron) continue;
    const values = { functionId: job.id, cron: job.cron!, nextAt: nextTick(job.cron!, now) };
    if (row) await db.update(jobSchedules).set(values).where(and(eq(jobSchedules.functionId, job.id), eq(jobSchedules.cron, row.cron)));
    else await db.insert(jobSchedules).values(values).onConflictDoNothing();
  }
}

/**
 * Fires the cron ticks that are due: one run per tick. The tick is claimed by moving next_at
 * from the value read to the next tick after now, guarded on the value read: of two processes
 * only one update matches. Ticks missed while no process ran fire once, not once per tick missed.
 * The run's event id names the tick (`cron:<function>:<time>`), so job_runs' unique index refuses a twin.
 * Returns the runs created.
 */
export async function fireDueTicks(db: Db, cronJobs: readonly AnyJob[], now: Date): Promise<number> {
  if (cronJobs.length === 0) return 0;
  const byId = new Map(cronJobs.map((j) => [j.id, j]));
  const due = await db
    .select()
    .from(jobSchedules)
    .where(and(inArray(jobSchedules.functionId, [...byId.keys()]), lte(jobSchedules.nextAt, now)));
  let fired = 0;
  for (const row of due) {
    const job = byId.get(row.functionId)!;
    if (row.cron !== job.cron) continue; // ensureSchedules moves it first
    fired += await db.transaction(async (tx) => {
      const claimed = await tx
        .update(jobSchedules)
        .set({ nextAt: nextTick(row.cron, now), lastTickAt: row.nextAt })
        .where(and(eq(jobSchedules.functionId, row.functionId), eq(jobSchedules.nextAt, row.nextAt)))
        .returning({ functionId: jobSchedules.functionId });
      if (claimed.length === 0) return 0;
      const tick = row.nextAt.toISOString();
      const event: JobEvent<CronData> = { id: `cron:${job.id}:${tick}`, name: CRON_EVENT, data: { cron: row.cron }, ts: row.nextAt.getTime() };
      const inserted = await tx
        .insert(jobRuns)
        .values({ id: newId(), functionId: job.id, eventId: event.id, eventName: CRON_EVENT, event, tenant: null, status: "QUEUED", maxAttempts: maxAttempts(job), concurrencyKey: concurrencyKeyOf(job, event), nextRunAt: now, ...claimColumns(job, concurrencyKeyOf(job, event), now) })
        .onConflictDoNothing()
        .returning({ id: jobRuns.id });
      return inserted.length;
    });
  }
  return fired;
}

import { and, type AnyColumn, asc, desc, eq, lt, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { jobEvents, jobRuns, jobSteps, type JobEventRow, type JobRunRow, type JobStepRow } from "@/db/schema";

export type RunStatus = "QUEUED" | "RUNNING" | "SLEEPING" | "RETRYING" | "COMPLETED" | "FAILED" | "CANCELLED";

/**
 * A condition: a run of `functionId` started by an event whose `data[field]` equals `value` has yet
 * to finish (waiting or running), so whatever it does is already under way. Under Inngest the runs
 * live there and this is never true.
 */
export function pendingRunFor(functionId: string, field: string, value: AnyColumn | SQL): SQL {
  return sql`exists (select 1 from ${jobRuns} where ${jobRuns.functionId} = ${functionId}
    and ${jobRuns.status} in ('QUEUED', 'RUNNING', 'SLEEPING', 'RETRYING') and ${jobRuns.event}->'data'->>${field} = ${value})`;
}

export type ListRunsOptions = {
  /** runs of this tenant's events; null only for a system-wide view */
  tenant: string | null;
  status?: RunStatus;
  functionId?: string;
  limit?: number;
  /** the last id of the previous page */
  cursor?: string;
};

/** A page of runs, newest first. Ids are UUIDv7, so the id is the time order and the cursor. */
export async function listRuns(db: DbOrTx, o: ListRunsOptions): Promise<{ items: JobRunRow[]; nextCursor: string | null }> {
  const limit = Math.min(Math.max(o.limit ?? 50, 1), 200);
  const items = await db
    .select()
    .from(jobRuns)
    .where(
      and(
        o.tenant === null ? undefined : eq(jobRuns.tenant, o.tenant),
        o.status ? eq(jobRuns.status, o.status) : undefined,
        o.functionId ? eq(jobRuns.functionId, o.functionId) : undefined,
        o.cursor ? lt(jobRuns.id, o.cursor) : undefined,
      ),
    )
    .orderBy(desc(jobRuns.id))
    .limit(limit + 1);
  const more = items.length > limit;
  if (more) items.pop();
  return { items, nextCursor: more ? items[items.length - 1].id : null };
}

export type RunDetail = { run: JobRunRow; steps: JobStepRow[]; event: JobEventRow | null };

/** One run with its steps in the order they were first written, and the event that started it. */
export async function getRun(db: DbOrTx, id: string, tenant: string | null): Promise<RunDetail | null> {
  const [run] = await db
    .select()
    .from(jobRuns)
    .where(and(eq(jobRuns.id, id), tenant === null ? undefined : eq(jobRuns.tenant, tenant)));
  if (!run) return null;
  const [steps, [event]] = await Promise.all([
    db.select().from(jobSteps).where(eq(jobSteps.runId, id)).orderBy(asc(jobSteps.createdAt), asc(jobSteps.stepId)),
    db.select().from(jobEvents).where(eq(jobEvents.id, run.eventId)),
  ]);
  return { run, steps, event: event ?? null };
}

/**
 * The latest events no function of this process listened to (status NO_SUBSCRIBER): an event
 * whose job is not written yet, or whose name a subscriber misspelt, shows here instead of passing for done.
 */
export async function listUnheardEvents(db: DbOrTx, tenant: string | null, limit = 10): Promise<JobEventRow[]> {
  return db
    .select()
    .from(jobEvents)
    .where(and(eq(jobEvents.status, "NO_SUBSCRIBER"), tenant === null ? undefined : eq(jobEvents.tenant, tenant)))
    .orderBy(desc(jobEvents.id))
    .limit(Math.min(Math.max(limit, 1), 100));
}

import { getTableColumns, sql, type SQL } from "drizzle-orm";
import { jobRuns, type JobRunRow } from "@/db/schema";
import { functionLimit, type AnyJob } from "./define";

/**
 * What claims order and group by, stored on the run when it is made (lib/jobs/claim.ts):
 * - due_at: next_run_at minus the function's priority (Inngest's priority.run, in seconds), so a
 *   prioritized run is taken `priority` seconds ahead of others and an index serves the order;
 * - lane: the (function, concurrency key) a limit counts, null for an unlimited function.
 */
export const LANE_SEPARATOR = "|";

export function laneOf(job: AnyJob, key: string | null): string | null {
  return functionLimit(job) ? `${job.id}${LANE_SEPARATOR}${key ?? ""}` : null;
}

/** the function id a lane belongs to (job ids are kebab-case, so they hold no separator) */
export function laneFunction(lane: string): string {
  return lane.slice(0, lane.indexOf(LANE_SEPARATOR));
}

export function dueAtOf(nextRunAt: Date, priority: number): Date {
  return new Date(nextRunAt.getTime() - priority * 1000);
}

/** The columns a new run needs for claims, from its function's live definition. */
export function claimColumns(job: AnyJob, key: string | null, nextRunAt: Date) {
  const priority = job.priority ?? 0;
  return { priority, dueAt: dueAtOf(nextRunAt, priority), lane: laneOf(job, key) };
}

/**
 * next_run_at and due_at of an existing run set together: due_at is next_run_at minus the run's
 * priority whenever it becomes due, now or later (a sleep, a retry), so a woken run keeps its
 * place: a booking retried after 4 s is not put behind every lower-priority run made meanwhile, nor
 * behind three hundred seconds of fresh work at its own priority (allocations woken from their
 * batch window waited 150 s behind the passengers' flows: docs/job-engine.md#how-a-run-is-claimed). A claim takes a run only once
 * next_run_at has passed as well (lib/jobs/claim.ts), so a sleep still never ends early.
 */
export function dueAt(at: Date): { nextRunAt: Date; dueAt: SQL } {
  return { nextRunAt: at, dueAt: sql`${at.toISOString()}::timestamptz - ${jobRuns.priority} * interval '1 second'` };
}

const columns = Object.entries(getTableColumns(jobRuns));

/** A job_runs row as a raw statement returns it (snake_case, driver values), as drizzle's select would map it. */
export function toRunRow(raw: Record<string, unknown>): JobRunRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of columns) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as JobRunRow;
}

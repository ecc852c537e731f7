import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { jobEvents, jobRuns, jobSteps, type JobEventRow } from "@/db/schema";
import { newId } from "@/lib/ids";
import { concurrencyKeyOf, maxAttempts, readPath, type AnyJob, type JobEvent } from "./define";
import { claimColumns, dueAt } from "./due";

const BATCH = 200;
/** runs a cancelling event stops: anything not finished */
const CANCELLABLE = ["QUEUED", "RUNNING", "SLEEPING", "RETRYING"];

/** Does `job` start a run for this event? A failure handler only for its own function's failures. */
export function subscribes(job: AnyJob, e: { name: string; data: Record<string, unknown> }): boolean {
  return job.event === e.name && (!job.failureOf || e.data.function_id === job.failureOf);
}

const toJobEvent = (e: JobEventRow): JobEvent<Record<string, unknown>> => ({ id: e.id, name: e.name, data: e.data, ts: e.createdAt.getTime() });

/**
 * Turns undispatched outbox events into their effects, one transaction per batch:
 * - a run per (event, subscribed function); the unique (event_id, function_id) index makes a repeat harmless;
 * - waiting steps (step.waitForEvent) that match get the event, and their runs become due;
 * - runs whose cancelOn matches are cancelled;
 * - the event row records what it did: DISPATCHED with the functions it started, or NO_SUBSCRIBER
 *   when nothing in this process listened (rather than passing for done).
 * Returns how many events were dispatched.
 */
export async function dispatchEvents(db: Db, jobs: readonly AnyJob[], now: Date): Promise<number> {
  let total = 0;
  const cancellers = jobs.filter((j) => j.cancelOn?.length);
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const events = await tx
        .select()
        .from(jobEvents)
        .where(isNull(jobEvents.dispatchedAt))
        .orderBy(asc(jobEvents.createdAt), asc(jobEvents.id))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      if (events.length === 0) return 0;

      const started = new Map<string, string[]>();
      const runs = events.flatMap((e) => {
        const event = toJobEvent(e);
        const tenant = e.tenant ?? (typeof e.data.tenant === "string" ? e.data.tenant : null);
        const subscribers = jobs.filter((j) => subscribes(j, e));
        started.set(e.id, subscribers.map((j) => j.id));
        return subscribers.map((j) => ({
          id: newId(),
          functionId: j.id,
          eventId: e.id,
          eventName: e.name,
          event,
          tenant,
          status: "QUEUED",
          maxAttempts: maxAttempts(j),
          concurrencyKey: concurrencyKeyOf(j, event),
          nextRunAt: now,
          ...claimColumns(j, concurrencyKeyOf(j, event), now),
        }));
      });
      for (let i = 0; i < runs.length; i += BATCH) await tx.insert(jobRuns).values(runs.slice(i, i + BATCH)).onConflictDoNothing();

      const touched = new Set<string>();
      for (const id of await answerWaits(tx, events, now)) touched.add(id);
      for (const id of await cancelRuns(tx, cancellers, events, now)) touched.add(id);

      // one update per outcome and name: events of one name start the same functions
      const groups = new Map<string, { ids: string[]; status: string; functions: string[] }>();
      for (const e of events) {
        const functions = started.get(e.id)!;
        const status = functions.length || touched.has(e.id) ? "DISPATCHED" : "NO_SUBSCRIBER";
        const key = `${status}|${e.name}|${e.data.function_id ?? ""}`;
        const group = groups.get(key) ?? { ids: [], status, functions };
        group.ids.push(e.id);
        groups.set(key, group);
      }
      for (const g of groups.values()) {
        await tx.update(jobEvents).set({ dispatchedAt: now, status: g.status, startedFunctions: g.functions }).where(inArray(jobEvents.id, g.ids));
      }
      return events.length;
    });
    total += n;
    if (n < BATCH) return total;
  }
}

/**
 * Gives each event to the steps waiting for it: same name, the match path equal, and the wait
 * begun before the event was emitted. Events go in order, so the first match wins. Returns the
 * ids of the events that answered a wait.
 */
async function answerWaits(tx: DbOrTx, events: JobEventRow[], now: Date): Promise<string[]> {
  const names = await tx.selectDistinct({ name: jobSteps.waitEvent }).from(jobSteps).where(eq(jobSteps.status, "WAITING"));
  const awaited = new Set(names.map((n) => n.name));
  const answered: string[] = [];
  for (const e of events) {
    if (!awaited.has(e.name)) continue;
    const event = toJobEvent(e);
    const rows = await tx
      .update(jobSteps)
      .set({ status: "COMPLETED", output: event, attempts: 1 })
      .where(
        and(
          eq(jobSteps.status, "WAITING"),
          eq(jobSteps.waitEvent, e.name),
          sql`${jobSteps.createdAt} <= ${e.createdAt.toISOString()}::timestamptz`,
          sql`(${jobSteps.waitMatch} is null or (${JSON.stringify(event)}::jsonb #> string_to_array(${jobSteps.waitMatch}, '.')) = ${jobSteps.waitValue})`,
        ),
      )
      .returning({ runId: jobSteps.runId });
    if (rows.length === 0) continue;
    answered.push(e.id);
    // due now; a run still RUNNING is made due by its own end (store.ts endExecution)
    await tx
      .update(jobRuns)
      .set(dueAt(now))
      .where(and(inArray(jobRuns.id, rows.map((r) => r.runId)), eq(jobRuns.status, "SLEEPING")));
  }
  return answered;
}

/**
 * cancelOn: a run of a listening function, triggered before this event and not finished, whose
 * event has the same value at the match path, is CANCELLED. A RUNNING run stops at its next step
 * (every write of a worker requires the run to be RUNNING and its own). Returns the event ids that cancelled something.
 */
async function cancelRuns(tx: DbOrTx, cancellers: readonly AnyJob[], events: JobEventRow[], now: Date): Promise<string[]> {
  const hits: string[] = [];
  for (const e of events) {
    const event = toJobEvent(e);
    for (const job of cancellers) {
      for (const c of job.cancelOn!) {
        if (c.event !== e.name) continue;
        const value = readPath(event, c.match);
        if (value === undefined) continue;
        const rows = await tx
          .update(jobRuns)
          .set({ status: "CANCELLED", lockedBy: null, lockedUntil: null, endedAt: now, error: { name: "Cancelled", message: `cancelled by ${e.name} ${e.id} (match ${c.match})` } })
          .where(
            and(
              eq(jobRuns.functionId, job.id),
              inArray(jobRuns.status, CANCELLABLE),
              ne(jobRuns.eventId, e.id),
              sql`(${jobRuns.event}->>'ts')::bigint <= ${e.createdAt.getTime()}`,
              sql`(${jobRuns.event} #> string_to_array(${c.match}, '.')) = ${JSON.stringify(value)}::jsonb`,
            ),
          )
          .returning({ id: jobRuns.id });
        if (rows.length) hits.push(e.id);
      }
    }
  }
  return hits;
}

import { asc, inArray, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { jobEvents, jobRuns } from "@/db/schema";
import { newId } from "@/lib/ids";
import { concurrencyKeyOf, maxAttempts, type AnyJob, type JobEvent } from "./define";

const BATCH = 200;

/**
 * Turns undispatched outbox events into runs: one per (event, subscribed function). Each batch is
 * one transaction; the unique (event_id, function_id) index makes a repeated dispatch harmless.
 * Returns how many events were dispatched.
 */
export async function dispatchEvents(db: Db, jobs: readonly AnyJob[], now: Date): Promise<number> {
  let total = 0;
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
      const runs = events.flatMap((e) => {
        const event: JobEvent<Record<string, unknown>> = { id: e.id, name: e.name, data: e.data, ts: e.createdAt.getTime() };
        const tenant = e.tenant ?? (typeof e.data.tenant === "string" ? e.data.tenant : null);
        return jobs
          .filter((j) => j.event === e.name)
          .map((j) => ({
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
          }));
      });
      for (let i = 0; i < runs.length; i += BATCH) await tx.insert(jobRuns).values(runs.slice(i, i + BATCH)).onConflictDoNothing();
      await tx.update(jobEvents).set({ dispatchedAt: now }).where(inArray(jobEvents.id, events.map((e) => e.id)));
      return events.length;
    });
    total += n;
    if (n < BATCH) return total;
  }
}

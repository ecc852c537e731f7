import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { jobEvents, jobRuns, jobSteps, type JobRunRow } from "@/db/schema";
import type { z } from "zod";
import { eventCatalogue } from "@/lib/events/catalogue";
import { newId } from "@/lib/ids";
import { jobFactory } from "@/lib/jobs/define";

/** Writes an event to the outbox, as emit() does inside a service's transaction. */
export async function enqueue(db: Db, name: string, data: Record<string, unknown> = {}): Promise<string> {
  const id = newId();
  await db.insert(jobEvents).values({ id, name, data, tenant: typeof data.tenant === "string" ? data.tenant : null });
  return id;
}

export async function runsOf(db: Db, functionId: string): Promise<JobRunRow[]> {
  return db.select().from(jobRuns).where(eq(jobRuns.functionId, functionId)).orderBy(jobRuns.id);
}

export async function onlyRun(db: Db, functionId: string): Promise<JobRunRow> {
  const runs = await runsOf(db, functionId);
  if (runs.length !== 1) throw new Error(`expected one run of ${functionId}, found ${runs.length}`);
  return runs[0];
}

export async function stepsOf(db: Db, runId: string) {
  return db.select().from(jobSteps).where(eq(jobSteps.runId, runId)).orderBy(jobSteps.createdAt, jobSteps.stepId);
}

export async function countRuns(db: Db, functionId: string, status: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(jobRuns)
    .where(sql`${jobRuns.functionId} = ${functionId} and ${jobRuns.status} = ${status}`);
  return n;
}

/** Polls until `check` holds; the worker loop runs on its own, so tests wait on the database. */
export async function until(check: () => Promise<boolean>, timeoutMs = 15_000, what = "condition"): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A clock the test moves by hand, so retries and sleeps need no real waiting. */
export { manualClock } from "@/lib/jobs/clock";

/**
 * Test jobs may trigger on any `test/…` event (data unchecked) besides the catalogue's: a typo
 * in a catalogue name still fails the type check, and the catalogue's schemas still apply.
 */
type TestCatalogue = typeof eventCatalogue & Record<`test/${string}`, z.ZodType<Record<string, any>>>;
export const defineTestJob = jobFactory(eventCatalogue as TestCatalogue);

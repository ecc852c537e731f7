import { and, eq, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "@/db/client";
import { caseMilestones, jobEffects } from "@/db/schema";
import { ACK_MILESTONE, caseIntakeAcknowledgedJob } from "@/inngest/functions/case-intake-acknowledged";
import { insertCase } from "@/tests/helpers/case-rows";
import { createRunner } from "@/lib/jobs/runner";
import { testDatabase } from "@/tests/helpers/db";
import { enqueue, manualClock, onlyRun, stepsOf } from "./helpers";

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(async () => {
  await database?.close();
});

const QUERIES = new Set<PropertyKey>(["execute", "select", "insert", "update", "delete", "transaction"]);

const dialect = new PgDialect();
const writesMemo = (query: unknown) => /insert into "job_steps"/i.test(dialect.sqlToQuery(query as SQL).sql);

/**
 * The runner's database handle, which dies at its first step memo write (saveStep's one
 * statement) as the process would: that statement and every later one fail, so the dead worker
 * writes nothing more. The job's effect goes through the real handle, so it has committed by then.
 */
function crashingOnFirstMemo(db: Db) {
  const state = { crashed: false };
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === "execute" && !state.crashed) {
        return (query: unknown) => {
          if (!writesMemo(query)) return target.execute(query as SQL);
          state.crashed = true;
          throw new Error("process killed between the effect's commit and the step's memo row");
        };
      }
      if (state.crashed && QUERIES.has(prop)) {
        return () => {
          state.crashed = true;
          throw new Error("process killed between the effect's commit and the step's memo row");
        };
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db: proxy as Db, state };
}

describe("the reference step with a side effect (case-intake-acknowledged)", () => {
  it("records its milestone exactly once when the run crashes after the effect committed and is replayed", async () => {
    const { urn: caseUrn } = await insertCase(database.db, { tenant: "AF" });
    const job = caseIntakeAcknowledgedJob(async () => database.db);
    const clock = manualClock();
    const crashing = crashingOnFirstMemo(database.db);
    const first = createRunner({ db: crashing.db, jobs: [job], clock, leaseMs: 30_000, workerId: "doomed" });
    await enqueue(database.db, "case/created", { tenant: "AF", caseUrn });
    // the dead worker's loop stops at its next query
    await expect(first.tick()).rejects.toThrow("process killed");
    expect(crashing.state.crashed).toBe(true);

    const entries = () =>
      database.db.select().from(caseMilestones).where(and(eq(caseMilestones.caseUrn, caseUrn), eq(caseMilestones.milestone, ACK_MILESTONE)));
    // the effect is there, the memo row is not: the run still looks RUNNING under the dead worker's lease
    expect(await entries()).toHaveLength(1);
    const crashed = await onlyRun(database.db, "case-intake-acknowledged");
    expect(crashed).toMatchObject({ status: "RUNNING", lockedBy: "doomed" });
    expect(await stepsOf(database.db, crashed.id)).toHaveLength(0);

    // another worker reclaims it once the lease expires; the step runs again
    clock.advance(31_000);
    await createRunner({ db: database.db, jobs: [job], clock, workerId: "survivor" }).tick();
    const run = await onlyRun(database.db, "case-intake-acknowledged");
    const [entry] = await entries();
    expect(await entries()).toHaveLength(1);
    expect(run).toMatchObject({ status: "COMPLETED", attempt: 0, output: { acknowledgedAt: entry.at.toISOString(), fresh: false } });
    // the first (crashed) run recorded it; the replay only found the proof
    expect(entry).toMatchObject({ tenant: "AF", recordedBy: `job:${crashed.id}` });
    expect(await database.db.select().from(jobEffects)).toMatchObject([{ key: `case-intake-acknowledged:${run.eventId}`, runId: crashed.id, result: entry.at.toISOString() }]);
  });
});

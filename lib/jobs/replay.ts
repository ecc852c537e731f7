import type { Db, DbOrTx } from "@/db/client";
import { jobEvents, type JobRunRow, type JobStepRow } from "@/db/schema";
import { eventSchemas } from "@/inngest/events";
import { newId } from "@/lib/ids";
import { isNonRetriable, type OutgoingEvent, type StepTools } from "./define";
import { fromJobError, toJobError } from "./errors";
import { saveStep, type StepWrite } from "./store";
import { sleepMs, toDate } from "./timing";

/** Why an execution stops before the handler returns. */
export type Interrupt =
  | { kind: "sleep"; step: StepWrite }
  | { kind: "retry"; error: unknown; step: StepWrite }
  | { kind: "lost" }
  /** a parallel step finished after another one stopped the execution: nothing more to record */
  | { kind: "halted" };

export type ReplayDeps = {
  db: Db;
  run: JobRunRow;
  steps: JobStepRow[];
  workerId: string;
  maxAttempts: number;
  now: () => number;
  leaseUntil: () => Date;
  /** called after a transaction that wrote events commits */
  onEventsSent: () => void;
};

/** a write that must commit with the step's own row (sendEvent's outbox rows) */
type WriteWith = (tx: DbOrTx) => Promise<unknown>;

/**
 * A promise that never settles. Like Inngest's SDK, a step that must stop the run (a sleep, a
 * retry) hands this to the handler instead of throwing, so no try/catch in job code can swallow
 * the stop; the executor notices through `interrupted` and abandons the handler.
 */
const never = <T>() => new Promise<T>(() => {});

/** What a step or run output becomes in jsonb; the handler sees the same value on first run and on replay. */
export const toJson = (value: unknown): unknown => (value === undefined ? null : JSON.parse(JSON.stringify(value)));

/**
 * The step tools of one execution: completed steps answer from job_steps, new ones run and are
 * written before the handler continues, so a crash loses at most the step in progress.
 */
export class Replay {
  readonly interrupts: Interrupt[] = [];
  readonly interrupted: Promise<void>;
  /** failures since the last completed step: Inngest's retry count is per step */
  attempt: number;
  private signal!: () => void;
  private halted = false;
  private readonly memo: Map<string, JobStepRow>;
  private readonly used = new Set<string>();
  private readonly nextIndex = new Map<string, number>();
  private readonly inflight = new Set<Promise<unknown>>();

  constructor(private readonly deps: ReplayDeps) {
    this.attempt = deps.run.attempt;
    this.memo = new Map(deps.steps.map((s) => [s.stepId, s]));
    this.interrupted = new Promise((resolve) => (this.signal = resolve));
  }

  readonly step: StepTools = {
    run: (id, fn) => this.op(id, "run", fn) as never,
    sleep: (id, duration) => this.sleepStep(id, () => new Date(this.deps.now() + sleepMs(duration))),
    sleepUntil: (id, until) => this.sleepStep(id, () => toDate(until)),
    sendEvent: (id, payload) => {
      let rows: (typeof jobEvents.$inferInsert)[] = [];
      const prepare = () => {
        rows = (Array.isArray(payload) ? payload : [payload]).map(toEventRow);
        return { ids: rows.map((r) => r.id) };
      };
      const insert: WriteWith = async (tx) => {
        if (rows.length) await tx.insert(jobEvents).values(rows).onConflictDoNothing();
      };
      return this.op(id, "sendEvent", prepare, insert) as Promise<{ ids: string[] }>;
    },
  };

  /** Waits for steps already running when the handler stopped, so their results are kept. */
  async settle(): Promise<void> {
    while (this.inflight.size) await Promise.allSettled([...this.inflight]);
  }

  lose(): void {
    this.interrupt({ kind: "lost" });
  }

  /** Inngest's rule for a repeated id: the first keeps it, later ones become id:1, id:2, ... */
  private stepIdFor(id: string): string {
    if (!this.used.has(id)) {
      this.used.add(id);
      return id;
    }
    let i = this.nextIndex.get(id) ?? 1;
    while (this.used.has(`${id}:${i}`)) i++;
    this.nextIndex.set(id, i + 1);
    this.used.add(`${id}:${i}`);
    return `${id}:${i}`;
  }

  private interrupt<T>(i: Interrupt): Promise<T> {
    if (i.kind !== "halted") this.interrupts.push(i);
    this.halted = true;
    this.signal();
    return never<T>();
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.inflight.add(p);
    const done = () => this.inflight.delete(p);
    p.then(done, done);
    return p;
  }

  private async op(id: string, op: "run" | "sendEvent", fn: () => unknown, extra?: WriteWith): Promise<unknown> {
    if (this.halted) return never();
    const stepId = this.stepIdFor(id);
    const done = this.memo.get(stepId);
    if (done?.status === "COMPLETED") return done.output;
    if (done?.status === "FAILED") throw fromJobError(done.error);
    // tracked apart from what the handler awaits: the work settles, the handler's promise may not
    const result = await this.track(this.execute(stepId, op, fn, done?.attempts ?? 0, extra));
    return "stop" in result ? this.interrupt(result.stop) : result.value;
  }

  private async execute(
    stepId: string,
    op: StepWrite["op"],
    fn: () => unknown,
    attempts: number,
    extra?: WriteWith,
  ): Promise<{ value: unknown } | { stop: Interrupt }> {
    let output: unknown;
    try {
      output = toJson(await fn());
    } catch (err) {
      const step: StepWrite = { stepId, op, status: "RETRYING", error: toJobError(err), attempts: attempts + 1 };
      if (!isNonRetriable(err) && this.attempt + 1 < this.deps.maxAttempts) return { stop: { kind: "retry", error: err, step } };
      // out of retries: the error reaches the handler, which may catch it, as Inngest's StepError does
      if (!(await this.save({ ...step, status: "FAILED" }))) return { stop: { kind: "lost" } };
      throw err;
    }
    if (!(await this.save({ stepId, op, status: "COMPLETED", output, attempts: attempts + 1 }, extra))) return { stop: { kind: "lost" } };
    this.attempt = 0;
    if (op === "sendEvent") this.deps.onEventsSent();
    // another step of this execution may have stopped it meanwhile; the result is kept all the same
    return this.halted ? { stop: { kind: "halted" } } : { value: output };
  }

  private async sleepStep(id: string, wakeAtIfNew: () => Date): Promise<void> {
    if (this.halted) return never();
    const stepId = this.stepIdFor(id);
    const row = this.memo.get(stepId);
    if (row?.status === "COMPLETED") return;
    // on replay the wake time is the stored one, never recomputed from a later "now"
    const wakeAt = row?.wakeAt ?? wakeAtIfNew();
    const step: StepWrite = { stepId, op: "sleep", status: "SLEEPING", wakeAt, attempts: 0 };
    if (wakeAt.getTime() > this.deps.now()) return this.interrupt({ kind: "sleep", step });
    const saved = await this.track(this.save({ ...step, status: "COMPLETED" }));
    if (!saved) return this.interrupt({ kind: "lost" });
  }

  private save(step: StepWrite, extra?: WriteWith): Promise<boolean> {
    const { db, run, workerId, leaseUntil } = this.deps;
    return saveStep(db, run.id, workerId, leaseUntil(), step, extra);
  }
}

function toEventRow(e: OutgoingEvent): typeof jobEvents.$inferInsert {
  // known events are checked against their schema, as emit() does for services
  const schema = (eventSchemas as Record<string, { parse: (v: unknown) => unknown }>)[e.name];
  const data = (schema ? schema.parse(e.data) : e.data) as Record<string, unknown>;
  return { id: e.id ?? newId(), name: e.name, data, tenant: typeof data.tenant === "string" ? data.tenant : null };
}

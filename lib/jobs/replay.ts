import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { jobSteps, type JobRunRow, type JobStepRow } from "@/db/schema";
import { eventCatalogue } from "@/lib/events/catalogue";
import { newId } from "@/lib/ids";
import { isNonRetriable, readPath, type JobEvent, type OutgoingEvent, type StepRunOptions, type StepTools, type WaitForEventOptions } from "./define";
import { fromJobError, toJobError } from "./errors";
import { toJson } from "./json";
import { saveStep, saveSteps, type StepEvent, type StepWrite } from "./store";

/** a checkpoint is written after this many buffered steps, or this long after the first one */
const CHECKPOINT_STEPS = 32;
const CHECKPOINT_MS = 1_000;
import { sleepMs, toDate, withTimeout } from "./timing";

/** Why an execution stops before the handler returns. */
export type Interrupt =
  | { kind: "sleep"; step: StepWrite }
  /** waiting for an event: the step row is written already (dispatch may complete it at any moment) */
  | { kind: "wait"; wakeAt: Date; stepId: string }
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
  /** the job's default step timeout */
  stepTimeout?: string | number;
};

/**
 * A promise that never settles. Like Inngest's SDK, a step that must stop the run (a sleep, a
 * retry) hands this to the handler instead of throwing, so no try/catch in job code can swallow
 * the stop; the executor notices through `interrupted` and abandons the handler.
 */
const never = <T>() => new Promise<T>(() => {});

export { toJson };

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
  /** completed step.run results not written yet: a checkpoint writes them with the next write */
  private pending: StepWrite[] = [];
  private flushTimer: NodeJS.Timeout | undefined;

  constructor(private readonly deps: ReplayDeps) {
    this.attempt = deps.run.attempt;
    this.memo = new Map(deps.steps.map((s) => [s.stepId, s]));
    this.interrupted = new Promise((resolve) => (this.signal = resolve));
  }

  readonly step: StepTools<any> = {
    run: (id, fn, options?: StepRunOptions) => this.op(id, "run", fn, undefined, options?.timeout ?? this.deps.stepTimeout) as never,
    waitForEvent: (id, opts) => this.waitStep(id, opts) as never,
    sleep: (id, duration) => this.sleepStep(id, () => new Date(this.deps.now() + sleepMs(duration))),
    sleepUntil: (id, until) => this.sleepStep(id, () => toDate(until)),
    sendEvent: (id, payload) => {
      // filled when the step runs (its ids are made then, once; a replay answers from the memo), read by its write
      const events: StepEvent[] = [];
      const prepare = () => {
        events.splice(0, events.length, ...(Array.isArray(payload) ? payload : [payload]).map((e) => toEventRow(e as OutgoingEvent<any>)));
        return { ids: events.map((r) => r.id) };
      };
      return this.op(id, "sendEvent", prepare, events) as Promise<{ ids: string[] }>;
    },
  };

  /** Waits for steps already running when the handler stopped, so their results are kept. */
  async settle(): Promise<void> {
    while (this.inflight.size) await Promise.allSettled([...this.inflight]);
  }

  lose(): void {
    this.interrupt({ kind: "lost" });
  }

  /**
   * The buffered step results, for the execution's end to write in its own statement; stops the
   * flush timer. Steps are at-least-once (lib/jobs/effects.ts), so a crash before that write only
   * replays them; once the run has ended, every result that came back is written with it.
   */
  takePending(): StepWrite[] {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const steps = this.pending;
    this.pending = [];
    return steps;
  }

  /** Writes the buffered steps now (a checkpoint); false when the lease was lost. */
  private flush(): Promise<boolean> {
    const steps = this.takePending();
    if (steps.length === 0) return Promise.resolve(true);
    const { db, run, workerId, leaseUntil } = this.deps;
    return this.track(saveSteps(db, run.id, workerId, leaseUntil(), steps));
  }

  private buffer(step: StepWrite): Promise<boolean> | undefined {
    this.pending.push(step);
    if (this.pending.length >= CHECKPOINT_STEPS) return this.flush();
    // a long execution writes what it has at least every CHECKPOINT_MS, not only at its end
    this.flushTimer ??= setTimeout(() => {
      this.flushTimer = undefined;
      this.flush().then(
        (held) => held || this.lose(),
        () => {}, // the end's write carries nothing of these steps, so they replay: at-least-once
      );
    }, CHECKPOINT_MS);
    this.flushTimer.unref?.();
    return undefined;
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

  private async op(id: string, op: "run" | "sendEvent", fn: () => unknown, events?: StepEvent[], timeout?: string | number): Promise<unknown> {
    if (this.halted) return never();
    const stepId = this.stepIdFor(id);
    const done = this.memo.get(stepId);
    if (done?.status === "COMPLETED") return done.output;
    if (done?.status === "FAILED") throw fromJobError(done.error);
    const attempt = timeout === undefined ? fn : () => withTimeout(stepId, timeout, fn);
    // tracked apart from what the handler awaits: the work settles, the handler's promise may not
    const result = await this.track(this.execute(stepId, op, attempt, done?.attempts ?? 0, events));
    return "stop" in result ? this.interrupt(result.stop) : result.value;
  }

  private async execute(
    stepId: string,
    op: StepWrite["op"],
    fn: () => unknown,
    attempts: number,
    events?: StepEvent[],
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
    const done: StepWrite = { stepId, op, status: "COMPLETED", output, attempts: attempts + 1 };
    // a plain step.run is checkpointed (buffered, written with the next write); a step with a write
    // of its own (sendEvent's outbox rows) is written at once, with everything buffered before it, in one statement
    const saved = events ? this.track(this.saveWithBuffered({ ...done, at: new Date() }, events)) : this.buffer({ ...done, at: new Date() });
    if (saved && !(await saved)) return { stop: { kind: "lost" } };
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

  /**
   * step.waitForEvent. The WAITING row is written at once (not at the end of the execution), so
   * dispatch can match an event from that moment; dispatch completes the row with the event and
   * makes the run due. A replay past the timeout completes it with null, unless an event got there first.
   */
  private async waitStep(id: string, opts: WaitForEventOptions<string>): Promise<JobEvent<unknown> | null> {
    if (this.halted) return never();
    const stepId = this.stepIdFor(id);
    const row = this.memo.get(stepId);
    if (row?.status === "COMPLETED") return row.output as JobEvent<unknown> | null;
    const { db, run } = this.deps;
    if (row?.wakeAt && row.wakeAt.getTime() <= this.deps.now()) {
      const timedOut = await this.track(
        db
          .update(jobSteps)
          .set({ status: "COMPLETED", output: null, attempts: 1 })
          .where(and(eq(jobSteps.runId, run.id), eq(jobSteps.stepId, stepId), eq(jobSteps.status, "WAITING")))
          .returning({ output: jobSteps.output }),
      );
      if (timedOut.length) return null;
      const [now] = await db.select().from(jobSteps).where(and(eq(jobSteps.runId, run.id), eq(jobSteps.stepId, stepId)));
      return (now?.output ?? null) as JobEvent<unknown> | null;
    }
    const wakeAt = row?.wakeAt ?? new Date(this.deps.now() + sleepMs(opts.timeout));
    if (!row) {
      const value = opts.match ? readPath(run.event, opts.match) : undefined;
      const step: StepWrite = { stepId, op: "waitForEvent", status: "WAITING", wakeAt, attempts: 0, wait: { event: opts.event, match: opts.match ?? null, value: value === undefined ? null : value } };
      if (!(await this.track(this.save(step)))) return this.interrupt({ kind: "lost" });
    }
    return this.interrupt({ kind: "wait", wakeAt, stepId });
  }

  /** Writes one step now, after the buffered ones (so a replay never finds a later step without an earlier one). */
  private async save(step: StepWrite): Promise<boolean> {
    if (!(await this.flush())) return false;
    const { db, run, workerId, leaseUntil } = this.deps;
    return saveStep(db, run.id, workerId, leaseUntil(), step);
  }

  /** Writes the buffered steps, this one and its events in one statement (saveSteps). */
  private saveWithBuffered(step: StepWrite, events: StepEvent[]): Promise<boolean> {
    const { db, run, workerId, leaseUntil } = this.deps;
    return saveSteps(db, run.id, workerId, leaseUntil(), [...this.takePending(), step], events);
  }
}

function toEventRow(e: OutgoingEvent<any>): StepEvent {
  // known events are checked against their schema, as emit() does for services
  const schema = (eventCatalogue as Record<string, { parse: (v: unknown) => unknown }>)[e.name];
  const data = (schema ? schema.parse(e.data) : e.data) as Record<string, unknown>;
  return { id: e.id ?? newId(), name: e.name, data, tenant: typeof data.tenant === "string" ? data.tenant : null };
}

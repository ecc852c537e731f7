import type { Logger } from "inngest";
import { NonRetriableError, RetryAfterError } from "inngest";
import type { z } from "zod";
import { eventCatalogue, type EventCatalogue } from "@/lib/events/catalogue";
import { parseCron } from "./cron";
import type { Jsonify } from "./json";
import { sleepMs } from "./timing";

/** Thrown from a handler or a step, it fails the run at once, in Inngest and in the embedded runner. */
export { NonRetriableError };

/**
 * Thrown from a handler or a step, the retry waits at least until the time it names (a peer's
 * Retry-After), in Inngest and in the embedded runner alike; the backoff still applies when longer.
 */
export { RetryAfterError };

export type JobEvent<D> = { id: string; name: string; data: D; ts: number };

/** The event a cron-triggered run receives, named as Inngest names it. */
export const CRON_EVENT = "inngest/scheduled.timer";
export type CronData = { cron: string };

/** The event Inngest sends when a run has failed for good; the embedded runner writes the same. */
export const FAILURE_EVENT = "inngest/function.failed";

type Schemas = Record<string, z.ZodType>;
type Input<C extends Schemas, N extends keyof C> = z.input<C[N]>;
type Output<C extends Schemas, N extends keyof C> = z.output<C[N]>;

/** An event a step sends: only catalogue names, with their payload; `id` makes it idempotent in Inngest. */
export type OutgoingEvent<C extends Schemas = EventCatalogue> = { [N in keyof C & string]: { name: N; data: Input<C, N>; id?: string } }[keyof C & string];

export type StepRunOptions = {
  /** a duration ("30s", "2m") or ms: an attempt that takes longer fails with StepTimeoutError and is retried */
  timeout?: string | number;
};

export type WaitForEventOptions<N> = {
  event: N;
  /** how long to wait: a duration or ms; after it the step returns null */
  timeout: string | number;
  /** a dotted path present in both events (`data.caseUrn`): only an event with the same value matches */
  match?: string;
};

/**
 * The subset of Inngest's step tools both runners implement. Step outputs go through JSON in
 * Inngest and in the embedded runner alike, and the types say so (a Date comes back a string).
 */
export type StepTools<C extends Schemas = EventCatalogue> = {
  run<T>(id: string, fn: () => T | Promise<T>, options?: StepRunOptions): Promise<Jsonify<Awaited<T>>>;
  /** a duration Inngest understands ("5m", "2s", "1h30m") or milliseconds */
  sleep(id: string, duration: string | number): Promise<void>;
  sleepUntil(id: string, until: Date | string): Promise<void>;
  sendEvent(id: string, payload: OutgoingEvent<C> | OutgoingEvent<C>[]): Promise<{ ids: string[] }>;
  /** the first matching event emitted after this step began, or null once the timeout passes */
  waitForEvent<N extends keyof C & string>(id: string, opts: WaitForEventOptions<N>): Promise<JobEvent<Output<C, N>> | null>;
};

export type JobContext<D, C extends Schemas = EventCatalogue> = {
  event: JobEvent<D>;
  step: StepTools<C>;
  /** zero-based; counts failures since the last step that completed, as in Inngest */
  attempt: number;
  runId: string;
  logger: Logger;
};

/** What an onFailure handler gets: the run's own event and the error that ended it. */
export type FailureContext<D, C extends Schemas = EventCatalogue> = JobContext<D, C> & {
  error: Error;
  /** the run that failed */
  failedRunId: string;
};

export type Concurrency = {
  limit: number;
  /** an Inngest expression restricted to a dotted path (`event.data.caseUrn`) or a quoted literal */
  key?: string;
  /**
   * Inngest's scope: "fn" (the default) counts this function's runs; "env" counts the runs of every
   * function that names the same key (a quoted literal), so several functions share one ceiling
   * (the background lane, inngest/functions/lanes.ts). The embedded runner counts an "env" key per
   * worker and keeps some of its slots out of its reach (lib/jobs/runner.ts `reservedSlots`).
   */
  scope?: "fn" | "env";
};

/** One constraint, or two as Inngest allows (one of each scope here). */
export type ConcurrencyOption = Concurrency | readonly [Concurrency, Concurrency];

/** Inngest's cancelOn, restricted to `match`: the cancelling event's field equals the run event's. */
export type CancelOn<N extends string = string> = { event: N; match: string };

export type JobDefinition<D = unknown, O = unknown> = {
  id: string;
  /** the triggering event's name; for a cron job, CRON_EVENT */
  event: string;
  /** Inngest's cron syntax, with an optional `TZ=Europe/Paris ` prefix */
  cron?: string;
  /** validates event.data before the handler runs; the catalogue's schema for the event by default */
  schema?: z.ZodType<D>;
  /** retries after the first failure, per step, 0–20; Inngest's default is 3 */
  retries?: number;
  concurrency?: ConcurrencyOption;
  cancelOn?: CancelOn[];
  /** the default timeout of every step.run of this job (a step's own option wins) */
  stepTimeout?: string | number;
  /**
   * Inngest's `priority.run` as a constant: seconds (−600 to 600) a due run of this job is taken
   * ahead of others due at the same time; both runners order by due time minus this.
   */
  priority?: number;
  handler: (ctx: JobContext<D, any>) => Promise<O> | O;
  /** runs once, as its own run, after the last attempt failed (Inngest's onFailure) */
  onFailure?: (ctx: FailureContext<D, any>) => unknown;
  /** set on the embedded runner's failure-handler job: it takes FAILURE_EVENTs of this function only */
  failureOf?: string;
};

/** What registries and runners hold: the data type no longer matters once defined. */
export type AnyJob = JobDefinition<any, unknown>;

export const DEFAULT_RETRIES = 3;
const KEY_LITERAL = /^(?:"([^"]*)"|'([^']*)')$/;
const KEY_PATH = /^event(\.[A-Za-z_$][\w$]*)+$/;
const MATCH_PATH = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;

type Common<D, C extends Schemas, O> = {
  id: string;
  retries?: number;
  concurrency?: ConcurrencyOption;
  cancelOn?: CancelOn<keyof C & string>[];
  stepTimeout?: string | number;
  priority?: number;
  handler: (ctx: JobContext<D, C>) => Promise<O> | O;
  onFailure?: (ctx: FailureContext<D, C>) => unknown;
};

/**
 * defineJob for one event catalogue. The app's defineJob (below) knows the catalogue in
 * lib/events; a test builds its own with test events added. Trigger and cancelOn names are
 * keys of the catalogue, so a typo is a type error; the event's schema goes with the definition.
 */
export function jobFactory<C extends Schemas>(catalogue: C) {
  function defineJob<const N extends keyof C & string, S extends z.ZodType | undefined = undefined, O = unknown>(
    def: Common<S extends z.ZodType ? z.output<S> : Output<C, N>, C, O> & { event: N; schema?: S },
  ): JobDefinition<S extends z.ZodType ? z.output<S> : Output<C, N>, O>;
  function defineJob<O = unknown>(def: Common<CronData, C, O> & { cron: string }): JobDefinition<CronData, O>;
  function defineJob(def: Common<any, C, any> & { event?: string; cron?: string; schema?: z.ZodType }): AnyJob {
    validate(def);
    if (def.cron !== undefined) return { ...def, event: CRON_EVENT } as AnyJob;
    return { ...def, schema: def.schema ?? (catalogue as Schemas)[def.event!] } as AnyJob;
  }
  return defineJob;
}

/**
 * Declares a job once; inngest/adapter.ts turns it into an Inngest function and the embedded
 * runner executes it directly, so the same code runs with or without an Inngest server.
 */
export const defineJob = jobFactory(eventCatalogue);

function validate(def: { id: string; event?: string; cron?: string; retries?: number; concurrency?: ConcurrencyOption; cancelOn?: CancelOn[]; stepTimeout?: string | number; priority?: number }) {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(def.id)) throw new Error(`job id "${def.id}" must be lowercase kebab-case`);
  if ((def.event === undefined) === (def.cron === undefined)) throw new Error(`job ${def.id}: give either an event or a cron schedule`);
  if (def.cron !== undefined) parseCron(def.cron);
  const retries = def.retries ?? DEFAULT_RETRIES;
  if (!Number.isInteger(retries) || retries < 0 || retries > 20) throw new Error(`job ${def.id}: retries must be 0–20 (Inngest's range)`);
  if (def.priority !== undefined && !(Number.isInteger(def.priority) && Math.abs(def.priority) <= 600)) {
    throw new Error(`job ${def.id}: priority must be a whole number of seconds from -600 to 600 (Inngest's range)`);
  }
  const limits = constraints(def);
  for (const scope of ["fn", "env"]) {
    if (limits.filter((c) => (c.scope ?? "fn") === scope).length > 1) throw new Error(`job ${def.id}: at most one concurrency constraint of scope ${scope}`);
  }
  for (const c of limits) {
    if (!(Number.isInteger(c.limit) && c.limit >= 1)) throw new Error(`job ${def.id}: concurrency.limit must be a positive integer`);
    // refused here rather than at dispatch, where one bad key would stall every event behind it
    const key = c.key?.trim();
    if (key && !KEY_LITERAL.test(key) && !KEY_PATH.test(key)) {
      throw new Error(`job ${def.id}: concurrency key "${key}" must be a dotted path from event or a quoted literal`);
    }
    // the runner groups a shared key's runs by its value, known from the definition alone
    if (c.scope === "env" && !(key && KEY_LITERAL.test(key))) throw new Error(`job ${def.id}: a concurrency constraint of scope env needs a quoted literal key`);
  }
  for (const c of def.cancelOn ?? []) {
    if (!MATCH_PATH.test(c.match)) throw new Error(`job ${def.id}: cancelOn match "${c.match}" must be a dotted path such as data.caseUrn`);
  }
  if (def.stepTimeout !== undefined) sleepMs(def.stepTimeout);
}

/** The schema a run's event data is checked against before the handler sees it. */
export function schemaOf(job: AnyJob): z.ZodType | undefined {
  return job.schema;
}

export function maxAttempts(job: AnyJob): number {
  return (job.retries ?? DEFAULT_RETRIES) + 1;
}

/** A dotted path read from an object; undefined when any part is missing. */
export function readPath(root: unknown, path: string): unknown {
  let value = root;
  for (const part of path.split(".")) value = value == null ? undefined : (value as Record<string, unknown>)[part];
  return value;
}

function constraints(def: { concurrency?: ConcurrencyOption }): readonly Concurrency[] {
  const c = def.concurrency;
  return c === undefined ? [] : "limit" in c ? [c] : c;
}

/** The constraint on this function's own runs (its lane in job_runs, lib/jobs/due.ts), if any. */
export function functionLimit(job: AnyJob): Concurrency | undefined {
  return constraints(job).find((c) => (c.scope ?? "fn") === "fn");
}

/** The key this function shares with others (scope env), its literal's value, and the ceiling it names. */
export function sharedLimit(job: AnyJob): { key: string; limit: number } | undefined {
  const c = constraints(job).find((x) => x.scope === "env");
  const literal = c?.key ? KEY_LITERAL.exec(c.key.trim()) : null;
  return c && literal ? { key: literal[1] ?? literal[2], limit: c.limit } : undefined;
}

/**
 * Evaluates the function's concurrency key: only what our jobs need of Inngest's CEL, a dotted
 * path from `event` or a quoted literal (defineJob refuses anything else). A missing value is the key "".
 */
export function concurrencyKeyOf(job: AnyJob, event: JobEvent<unknown>): string | null {
  const own = functionLimit(job);
  const expr = own?.key?.trim();
  if (!own || !expr) return null;
  const literal = KEY_LITERAL.exec(expr);
  if (literal) return literal[1] ?? literal[2];
  const value = readPath({ event }, expr);
  return value == null ? "" : typeof value === "string" ? value : JSON.stringify(value);
}

export function isNonRetriable(err: unknown): boolean {
  return err instanceof NonRetriableError || (err instanceof Error && err.name === "NonRetriableError");
}

/** How long a RetryAfterError asks to wait (ms from `now`), or 0 for any other error. */
export function retryAfterMs(err: unknown, now: number): number {
  if (!(err instanceof Error) || err.name !== "RetryAfterError") return 0;
  const value = String((err as { retryAfter?: unknown }).retryAfter ?? "");
  // seconds as Inngest writes a number, or an RFC 3339 date
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now;
  return Number.isFinite(ms) ? Math.max(0, ms) : 0;
}

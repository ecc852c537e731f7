import type { Logger } from "inngest";
import { NonRetriableError } from "inngest";
import type { z } from "zod";
import { eventSchemas, type EventName } from "@/inngest/events";

/** Thrown from a handler or a step, it fails the run at once, in Inngest and in the embedded runner. */
export { NonRetriableError };

export type JobEvent<D> = { id: string; name: string; data: D; ts: number };

/** An event a step sends; `id` makes it idempotent in Inngest (the embedded outbox memoizes the step). */
export type OutgoingEvent = { name: string; data: Record<string, unknown>; id?: string };

/**
 * The subset of Inngest's step tools both runners implement. Step outputs go through JSON
 * (a Date comes back as a string), in Inngest and in the embedded runner alike.
 */
export type StepTools = {
  run<T>(id: string, fn: () => T | Promise<T>): Promise<Awaited<T>>;
  /** a duration Inngest understands ("5m", "2s", "1h30m") or milliseconds */
  sleep(id: string, duration: string | number): Promise<void>;
  sleepUntil(id: string, until: Date | string): Promise<void>;
  sendEvent(id: string, payload: OutgoingEvent | OutgoingEvent[]): Promise<{ ids: string[] }>;
};

export type JobContext<D> = {
  event: JobEvent<D>;
  step: StepTools;
  /** zero-based; counts failures since the last step that completed, as in Inngest */
  attempt: number;
  runId: string;
  logger: Logger;
};

export type Concurrency = {
  limit: number;
  /** an Inngest expression restricted to a dotted path (`event.data.caseUrn`) or a quoted literal */
  key?: string;
};

export type JobDefinition<D = unknown, O = unknown> = {
  id: string;
  event: string;
  /** validates event.data before the handler runs; defaults to the event's schema in inngest/events.ts */
  schema?: z.ZodType<D>;
  /** retries after the first failure, per step, 0–20; Inngest's default is 3 */
  retries?: number;
  concurrency?: Concurrency;
  handler: (ctx: JobContext<D>) => Promise<O> | O;
};

/** What registries and runners hold: the data type no longer matters once defined. */
export type AnyJob = JobDefinition<any, unknown>;

type DataOf<N extends string, S> = S extends z.ZodType
  ? z.output<S>
  : N extends EventName
    ? z.output<(typeof eventSchemas)[N]>
    : Record<string, unknown>;

export const DEFAULT_RETRIES = 3;
const KEY_LITERAL = /^(?:"([^"]*)"|'([^']*)')$/;
const KEY_PATH = /^event(\.[A-Za-z_$][\w$]*)+$/;

/**
 * Declares a job once; inngest/adapter.ts turns it into an Inngest function and the embedded
 * runner executes it directly, so the same code runs with or without an Inngest server.
 */
export function defineJob<const N extends string, S extends z.ZodType | undefined = undefined, O = unknown>(def: {
  id: string;
  event: N;
  schema?: S;
  retries?: number;
  concurrency?: Concurrency;
  handler: (ctx: JobContext<DataOf<N, S>>) => Promise<O> | O;
}): JobDefinition<DataOf<N, S>, O> {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(def.id)) throw new Error(`job id "${def.id}" must be lowercase kebab-case`);
  const retries = def.retries ?? DEFAULT_RETRIES;
  if (!Number.isInteger(retries) || retries < 0 || retries > 20) throw new Error(`job ${def.id}: retries must be 0–20 (Inngest's range)`);
  if (def.concurrency && !(Number.isInteger(def.concurrency.limit) && def.concurrency.limit >= 1)) {
    throw new Error(`job ${def.id}: concurrency.limit must be a positive integer`);
  }
  // refused here rather than at dispatch, where one bad key would stall every event behind it
  const key = def.concurrency?.key?.trim();
  if (key && !KEY_LITERAL.test(key) && !KEY_PATH.test(key)) {
    throw new Error(`job ${def.id}: concurrency key "${key}" must be a dotted path from event or a quoted literal`);
  }
  return def as JobDefinition<DataOf<N, S>, O>;
}

/** The schema a run's event data is checked against before the handler sees it. */
export function schemaOf(job: AnyJob): z.ZodType | undefined {
  return job.schema ?? (eventSchemas as Record<string, z.ZodType>)[job.event];
}

export function maxAttempts(job: AnyJob): number {
  return (job.retries ?? DEFAULT_RETRIES) + 1;
}

/**
 * Evaluates a concurrency key: only what our jobs need of Inngest's CEL, a dotted path from
 * `event` or a quoted literal (defineJob refuses anything else). A missing value is the key "".
 */
export function concurrencyKeyOf(job: AnyJob, event: JobEvent<unknown>): string | null {
  const expr = job.concurrency?.key?.trim();
  if (!job.concurrency || !expr) return null;
  const literal = KEY_LITERAL.exec(expr);
  if (literal) return literal[1] ?? literal[2];
  let value: unknown = { event };
  for (const part of expr.split(".")) value = value == null ? undefined : (value as Record<string, unknown>)[part];
  return value == null ? "" : typeof value === "string" ? value : JSON.stringify(value);
}

export function isNonRetriable(err: unknown): boolean {
  return err instanceof NonRetriableError || (err instanceof Error && err.name === "NonRetriableError");
}

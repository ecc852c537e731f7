import { AsyncLocalStorage } from "node:async_hooks";
import { config } from "@/lib/config";

/**
 * Counts database round trips and rows read, per label (a job's step, the runner, HTTP), for
 * `npm run bench:e2e -- --profile`. Off unless PROFILE_FILE is set: then db/client.ts wraps the
 * driver's query entry points once, and lib/observability/profile.ts writes the counts to a file.
 * A label is carried by AsyncLocalStorage, so a query issued anywhere inside `withLabel` is counted
 * under it without passing anything down.
 */
export type QueryCounts = { roundTrips: number; rows: number; ms: number };

type Holder = { als?: AsyncLocalStorage<string>; counts?: Map<string, QueryCounts> };
// on globalThis: Next bundles instrumentation and route handlers apart, and both must share one count
const holder = ((globalThis as Record<string, unknown>).__dasQueryStats ??= {}) as Holder;
const als = (holder.als ??= new AsyncLocalStorage<string>());
const counts = (holder.counts ??= new Map());

export const profiling = (): boolean => Boolean(config.PROFILE_FILE);
let prefixes: string[] | undefined;
/** the labels counted per statement (PROFILE_SQL) */
const perStatement = (): string[] => (prefixes ??= (config.PROFILE_SQL ?? "").split(",").filter(Boolean));

/** Runs fn with `label` as the owner of its queries (when profiling; otherwise just runs it). */
export function withLabel<T>(label: string, fn: () => T): T {
  return profiling() ? als.run(label, fn) : fn();
}

export function queryCounts(): Record<string, QueryCounts> {
  return Object.fromEntries(counts);
}

function record(ms: number, rows: number, sqlText?: string): void {
  let label = als.getStore() ?? "http and other";
  if (sqlText && perStatement().some((p) => label.startsWith(p))) label = `${label} :: ${sqlText.replace(/\s+/g, " ").slice(0, 160)}`;
  const c = counts.get(label) ?? { roundTrips: 0, rows: 0, ms: 0 };
  c.roundTrips += 1;
  c.rows += rows;
  c.ms += ms;
  counts.set(label, c);
}

const rowsOf = (result: unknown): number => {
  const r = result as { rows?: unknown[]; rowCount?: number | null } | undefined;
  return Array.isArray(r?.rows) ? r.rows.length : (r?.rowCount ?? 0);
};

type Queryable = { query: (...args: never[]) => unknown };
const WRAPPED = Symbol.for("das.queryStats.wrapped");

/** Wraps `target.query` (node-postgres pools and clients, PGlite and its transactions) to count each call. */
export function countQueries<T extends Queryable>(target: T): T {
  const t = target as T & { [WRAPPED]?: boolean };
  if (t[WRAPPED]) return target;
  t[WRAPPED] = true;
  const original = target.query.bind(target) as (...args: unknown[]) => unknown;
  (target as { query: unknown }).query = (...args: unknown[]) => {
    const started = performance.now();
    const out = original(...args);
    // only the promise form is counted: node-postgres's pool runs its own query() through the checked-out
    // client's callback form, so counting that too counted every statement outside a transaction twice
    if (out && typeof (out as Promise<unknown>).then === "function") {
      return (out as Promise<unknown>).then((result) => {
        const a0 = args[0] as unknown;
        record(performance.now() - started, rowsOf(result), typeof a0 === "string" ? a0 : (a0 as { text?: string })?.text);
        return result;
      });
    }
    return out;
  };
  return target;
}

import os from "node:os";
import path from "node:path";
import { Piscina } from "piscina";
import { type Config, config } from "@/lib/config";
import { log } from "@/lib/log";
import { tasks, type TaskInput, type TaskName, type TaskOutput } from "./tasks";

export type { TaskInput, TaskName, TaskOutput } from "./tasks";

type Holder = { pool?: Piscina | null; warned?: boolean };
// one pool per process, on globalThis because Next bundles routes and instrumentation apart
const holder = ((globalThis as Record<string, unknown>).__dasWorkerPool ??= {}) as Holder;

/** POOL_THREADS, or one thread per core but one (left to HTTP and the job loop), at least one. */
export function poolSize(env: Pick<Config, "POOL_THREADS"> = config): number {
  return env.POOL_THREADS ?? Math.max(1, os.availableParallelism() - 1);
}

function pool(): Piscina | null {
  if (holder.pool !== undefined) return holder.pool;
  try {
    const threads = poolSize();
    holder.pool = new Piscina({
      // resolved from the project root at run time, never bundled: it must be a file on disk
      filename: path.join(process.cwd(), "lib/pool/worker.mjs"),
      minThreads: 1,
      maxThreads: threads,
      idleTimeout: config.POOL_IDLE_MS,
    });
  } catch (err) {
    holder.pool = null;
    log("warn", "worker pool did not start; CPU-heavy tasks run in-process", { err: String(err) });
  }
  return holder.pool;
}

/** A task that outlasted its `timeoutMs`: its thread was stopped (and replaced). */
export class TaskTimedOut extends Error {
  constructor(readonly task: string, readonly ms: number) {
    super(`pool task ${task} ran longer than ${ms} ms`);
    this.name = "TaskTimedOut";
  }
}

/**
 * Runs a registered pure task in a worker thread, so a long computation (an allocation wave of
 * 20,000 groups) leaves this thread free for HTTP answers and job lease heartbeats. If the pool
 * cannot start or its worker cannot load, the task runs in-process, with a warning logged once.
 * With `timeoutMs`, a task still queued or running by then is given up and its thread stopped
 * (piscina terminates a worker whose task is aborted): `TaskTimedOut`. In-process, nothing can
 * stop it, and the option is moot.
 */
export async function runTask<N extends TaskName>(name: N, input: TaskInput<N>, options: { timeoutMs?: number } = {}): Promise<TaskOutput<N>> {
  const task = tasks[name];
  if (!task) throw new Error(`no pool task named ${String(name)}`);
  const p = pool();
  if (p) {
    const signal = options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined;
    try {
      return (await p.run({ file: task.file, input }, { signal })) as TaskOutput<N>;
    } catch (err) {
      if (signal?.aborted) throw new TaskTimedOut(name, options.timeoutMs!);
      // a failure of the task itself is the caller's; a worker that cannot load is ours
      if (!isLoadFailure(err)) throw err;
      // stop using it, but let other callers' tasks already on it finish
      if (holder.pool === p) holder.pool = null;
      void p.close().catch(() => {});
      warnOnce(err);
    }
  } else warnOnce(null);
  const mod = await task.load();
  return (mod.default as (i: TaskInput<N>) => TaskOutput<N>)(input);
}

function isLoadFailure(err: unknown): boolean {
  const code = (err as { code?: string })?.code;
  return code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND" || code === "ERR_WORKER_INIT_FAILED" || code === "ERR_UNKNOWN_FILE_EXTENSION";
}

function warnOnce(err: unknown) {
  if (holder.warned) return;
  holder.warned = true;
  // a worker's load failure is a plain object ({code, url}), not an Error: String() would say [object Object]
  log("warn", "worker pool unavailable; CPU-heavy tasks run in-process", err ? { err: err instanceof Error ? err.message : JSON.stringify(err) } : {});
}

/** Stops the threads (tests and scripts that want the process to exit promptly). */
export async function closePool(): Promise<void> {
  const p = holder.pool;
  holder.pool = undefined;
  holder.warned = false;
  if (p) await p.destroy();
}

import fs from "node:fs";
import { Session } from "node:inspector/promises";
import { profiling, queryCounts, withLabel } from "@/db/query-stats";
import type { AnyJob, JobContext, StepTools } from "@/lib/jobs/define";

/**
 * `npm run bench:e2e -- --profile` sets PROFILE_FILE: each app process then writes, every second,
 * `<PROFILE_FILE>.<pid>.json` with its CPU time (process.cpuUsage) and its database round trips,
 * rows and time per label; with PROFILE_CPU=1 it also records a V8 CPU profile, written to
 * `<PROFILE_FILE>.<pid>.cpuprofile` on SIGUSR2. The bench reads the files; nothing else does.
 */
export type ProcessProfile = {
  pid: number;
  role: string;
  at: number;
  cpu: { user: number; system: number };
  queries: ReturnType<typeof queryCounts>;
};

type Holder = { started?: boolean };
const holder = ((globalThis as Record<string, unknown>).__dasProfile ??= {}) as Holder;

export function startProfileWriter(role: string): void {
  const file = process.env.PROFILE_FILE;
  if (!file || holder.started) return;
  holder.started = true;
  const write = () => {
    const profile: ProcessProfile = { pid: process.pid, role, at: Date.now(), cpu: process.cpuUsage(), queries: queryCounts() };
    fs.writeFileSync(`${file}.${process.pid}.json.tmp`, JSON.stringify(profile));
    fs.renameSync(`${file}.${process.pid}.json.tmp`, `${file}.${process.pid}.json`);
  };
  setInterval(write, 1000).unref();
  process.on("exit", write);
  if (process.env.PROFILE_CPU === "1") void recordCpu(`${file}.${process.pid}.cpuprofile`);
}

async function recordCpu(out: string): Promise<void> {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 1000 });
  await session.post("Profiler.start");
  process.once("SIGUSR2", async () => {
    const { profile } = await session.post("Profiler.stop");
    fs.writeFileSync(out, JSON.stringify(profile));
  });
}

/**
 * The job with every step's queries counted under "<job>/<step>" (only when profiling): a wrapper
 * around the handler's step tools, so the runner and the definitions stay as they are.
 */
export function labelSteps(job: AnyJob): AnyJob {
  if (!profiling()) return job;
  const label = (ctx: JobContext<unknown>): JobContext<unknown> => {
    const step: StepTools = {
      ...ctx.step,
      run: (id, fn, options) => ctx.step.run(id, () => withLabel(`${job.id}/${stepName(id)}`, fn), options),
    };
    return { ...ctx, step };
  };
  return {
    ...job,
    handler: (ctx) => job.handler(label(ctx)),
    ...(job.onFailure ? { onFailure: (ctx) => job.onFailure!({ ...ctx, ...label(ctx) }) } : {}),
  };
}

/** "book-1-3" and "wait-find-lost-2-1" count with their kind: the numbers are attempts and ranks */
const stepName = (id: string) => id.replace(/-urn:.*$/, "").replace(/(-\d+)+$/, "");

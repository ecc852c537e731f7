import fs from "node:fs";
import { Session } from "node:inspector/promises";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { profiling, queryCounts, withLabel } from "@/db/query-stats";
import { config } from "@/lib/config";
import type { AnyJob, JobContext, StepTools } from "@/lib/jobs/define";

/**
 * `npm run bench:e2e -- --profile` sets PROFILE_FILE: each app process then writes, every second,
 * `<PROFILE_FILE>.<pid>.json` with its CPU time (process.cpuUsage) and its database round trips,
 * rows and time per label; with PROFILE_CPU=1 it also records a V8 CPU profile, written to
 * `<PROFILE_FILE>.<pid>.cpuprofile` on SIGUSR2. The bench reads the files; nothing else does.
 * Each process also reports its event-loop delay (`eventLoop`, ms) since the bench's mark: the bench
 * writes `<PROFILE_FILE>.mark` when the event starts, and the histogram restarts when the mark changes,
 * so the figures cover the event and not the build, the boot or the seeding before it.
 */
export type ProcessProfile = {
  pid: number;
  role: string;
  at: number;
  cpu: { user: number; system: number };
  queries: ReturnType<typeof queryCounts>;
  /** event-loop delay since the mark `since` (or since the process started, when null) */
  eventLoop: { since: string | null; p50Ms: number; p99Ms: number; maxMs: number; samples: number };
};

type Holder = { started?: boolean };
const holder = ((globalThis as Record<string, unknown>).__dasProfile ??= {}) as Holder;

export function startProfileWriter(role: string): void {
  const file = config.PROFILE_FILE;
  if (!file || holder.started) return;
  holder.started = true;
  // sampled every 10 ms (the default): a starved loop shows as samples of hundreds of ms
  const delay = monitorEventLoopDelay();
  delay.enable();
  let since: string | null = null;
  const write = () => {
    const mark = readMark(`${file}.mark`);
    if (mark !== null && mark !== since) {
      since = mark;
      delay.reset();
    }
    const ms = (ns: number) => Math.round(ns / 1e4) / 100;
    const eventLoop = { since, p50Ms: ms(delay.percentile(50)), p99Ms: ms(delay.percentile(99)), maxMs: ms(delay.max), samples: delay.count };
    const profile: ProcessProfile = { pid: process.pid, role, at: Date.now(), cpu: process.cpuUsage(), queries: queryCounts(), eventLoop };
    fs.writeFileSync(`${file}.${process.pid}.json.tmp`, JSON.stringify(profile));
    fs.renameSync(`${file}.${process.pid}.json.tmp`, `${file}.${process.pid}.json`);
  };
  setInterval(write, 1000).unref();
  process.on("exit", write);
  if (config.PROFILE_CPU) void recordCpu(`${file}.${process.pid}.cpuprofile`);
}

/** the mark's content (the bench's start time), or null while there is none */
function readMark(path: string): string | null {
  try {
    return fs.readFileSync(path, "utf8").trim() || null;
  } catch {
    return null;
  }
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

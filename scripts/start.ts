/**
 * `npm start`: builds the app when no build exists or the sources changed since the last one,
 * then serves the console and the API (default http://localhost:3000). The server itself
 * creates, migrates and seeds the embedded database on first start (instrumentation.ts).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import os from "node:os";
import fs from "node:fs";
import path from "node:path";
import { driverFor } from "../db/client";
import { demoSeedWanted } from "../db/seed";
import { authSecret } from "../lib/auth/secret";
import { config } from "../lib/config";
import { refuseBadConfig } from "../lib/config/check";
import { jobMode } from "../lib/config/job-mode";

// a bad value (PORT=abc, an unknown LOG_LEVEL) ends here, one line per variable, before any build or process
refuseBadConfig();
process.env.NEXT_TELEMETRY_DISABLED = "1";
const root = process.cwd();
const SOURCES = ["app", "components", "lib", "db", "inngest", "emails", "instrumentation.ts", "next.config.ts", "package.json", "postcss.config.mjs"];

function newestMtime(p: string): number {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

function buildIsStale(): boolean {
  const buildId = path.join(root, ".next", "BUILD_ID");
  if (!fs.existsSync(buildId)) return true;
  const built = fs.statSync(buildId).mtimeMs;
  return SOURCES.some((s) => newestMtime(s) > built);
}

// generated before the server starts so `npm run token` and the server agree from the first second
authSecret();

// The demo (the embedded database's default, or SEED_DEMO=1 on any database) takes its meal and ride
// vouchers from our sandbox issuers unless one is named. A real deployment names its own, or its
// vouchers wait and say why: a sandbox code handed to a real passenger would be refused at the counter.
if (demoSeedWanted(driverFor(config.DATABASE_URL))) {
  process.env.MEALS_URL ||= "sandbox";
  process.env.RIDES_URL ||= "sandbox";
}

const next = path.join(root, "node_modules", "next", "dist", "bin", "next");
if (!config.SKIP_BUILD && buildIsStale()) {
  console.log("Building the app (first start or changed sources)…");
  const build = spawnSync(process.execPath, [next, "build"], { stdio: "inherit", env: process.env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = String(config.PORT);
const children = new Set<ChildProcess>();
let stopping = false;
const stopAll = (signal: NodeJS.Signals) => {
  stopping = true;
  for (const c of children) c.kill(signal);
};
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => stopAll(signal));

/** nice value of the job workers: 10 gives the web process ~10× their share of a busy core */
const WORKER_NICENESS = 10;
const workers = workerCount();
if (jobMode() === "inngest") {
  // the web process boots as a serverless instance does (lib/boot.ts): no migrations on a server
  // database, no seeding, no sandboxes. What a deployment's build step and configuration provide
  // is done here once instead, so `npm start` against an Inngest dev server keeps working.
  const { prepareDatabase } = await import("../db/prepare");
  await prepareDatabase();
  const { startUnconfiguredPeers } = await import("../lib/boot-peers");
  await startUnconfiguredPeers();
  console.log("Jobs run on Inngest (INNGEST_DEV or Inngest keys): the app calls it after each commit and serves /api/inngest.");
}
if (workers > 0) {
  // one set of sandboxes for every process, started here before the processes that use them
  const { startUnconfiguredPeers } = await import("../lib/boot-peers");
  await startUnconfiguredPeers();
  const { startDrillSandboxesForWorkers } = await import("../lib/peers/drill-sources");
  await startDrillSandboxesForWorkers();
  console.log(`Jobs run in ${workers} worker process(es) beside the web process (WORKERS=${workers}).`);
}

const server = spawn(process.execPath, [next, "start", "-p", port, "-H", config.HOST], {
  stdio: "inherit",
  env: { ...process.env, ...(workers > 0 ? { JOBS_IN_PROCESS: "0" } : {}) },
});
children.add(server);
server.on("exit", (code) => {
  stopAll("SIGTERM");
  process.exit(code ?? 0);
});
for (let i = 0; i < workers; i++) startWorker(i);

/** A worker that dies is started again (its runs' leases expire and are claimed anew). */
function startWorker(i: number): void {
  // production, as `next start` sets it for the web process: otherwise React renders every voucher with its development build (≈ 7 % of a worker's CPU in a meltdown)
  const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? "production", WORKER_INDEX: String(i) };
  const worker = spawn(process.execPath, ["--import", "tsx", path.join(root, "scripts", "worker.ts")], { stdio: "inherit", env });
  // the console before the jobs when the cores are full (a meltdown): the web process answers a person
  // waiting on a page, a job waits a few ms more. A lower CPU priority, not a cap: idle cores are the worker's
  if (worker.pid) {
    try {
      os.setPriority(worker.pid, WORKER_NICENESS);
    } catch {
      /* not permitted here (a container without CAP_SYS_NICE can still lower its own children; if not, all run at one priority) */
    }
  }
  children.add(worker);
  worker.on("exit", (code, signal) => {
    children.delete(worker);
    if (stopping) return;
    console.error(`job worker ${i} exited (${signal ?? code}); starting it again`);
    setTimeout(() => startWorker(i), 1000);
  });
}

/**
 * WORKERS job worker processes beside the web process: on a PostgreSQL server only (embedded PGlite
 * is one process's), never when an Inngest server runs the jobs. Default: one per core but one
 * (left to the web process and the database), at least one. WORKERS=0 keeps jobs in the web process.
 */
function workerCount(): number {
  if (driverFor(config.DATABASE_URL) === "pglite" || jobMode() === "inngest") return 0;
  return config.WORKERS ?? Math.max(1, os.availableParallelism() - 1);
}

/**
 * The `--chaos` half of `npm run bench:e2e`: faults injected during the hub event, and the
 * invariants checked after it.
 *  - its own throwaway PostgreSQL cluster (initdb into a temp dir, a port of 5440–5449), restarted
 *    once mid-event (`pg_ctl stop -m immediate`, a few seconds down, start); with `--database-url`
 *    the database is someone else's and nothing but the app is restarted;
 *  - the app SIGKILLed twice (its whole process group) and started again on the same port and data;
 *  - the hotel sandboxes losing booking confirmations and hanging past the client's timeout;
 *  - the bench's SMTP sink (tests/helpers/smtp.ts, started by e2e.bench.ts for every run) receiving
 *    every voucher email, whose Message-IDs are checked against the outbox.
 * Each fault is timed: from the moment the service went down to /health answering 200 with the
 * database up, and to the next confirmed booking (progress resumed).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { messageIdOf } from "@/lib/messages/smtp";
import type { SmtpServer } from "@/tests/helpers/smtp";

/** added to the default run's provider faults: bookings made whose answer is lost, calls that hang past the client's 8 s */
export const CHAOS_PROVIDER_FAULTS = { loseConfirmations: 0.05, rateTimeout: 0.01, timeoutMs: 10_000 };

/** a job is stuck when it is this late: past a dead worker's lease (30 s) and a poll, with room to spare */
const STUCK_AFTER_MS = 90_000;
const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

export type FaultKind = "sigkill" | "pg-restart";
export type Recovery = { fault: FaultKind; during: string; atBooked: number; downAt: number; healthMs: number | null; progressMs: number | null };

/** A PostgreSQL cluster of our own, in a temp dir, so restarting it disturbs no one else's database. */
export class Cluster {
  readonly url: string;
  private readonly dir: string;
  private readonly asPostgres: boolean;

  private constructor(
    readonly port: number,
    dir: string,
  ) {
    this.dir = dir;
    this.url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    // initdb refuses to run as root: then the cluster belongs to the postgres user
    this.asPostgres = process.getuid?.() === 0;
  }

  static async create(port: number): Promise<Cluster> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-chaos-pg-"));
    const cluster = new Cluster(port, dir);
    if (cluster.asPostgres) fs.chownSync(dir, Number(run("id", ["-u", "postgres"]).trim()), Number(run("id", ["-g", "postgres"]).trim()));
    cluster.pg("initdb", ["-D", cluster.data, "-U", "postgres", "-A", "trust", "--no-sync"]);
    cluster.start();
    return cluster;
  }

  private get data() {
    return path.join(this.dir, "data");
  }

  private pg(bin: string, args: string[]): string {
    const full = path.join(PG_BIN, bin);
    return this.asPostgres ? run("runuser", ["-u", "postgres", "--", full, ...args]) : run(full, args);
  }

  start(): void {
    const opts = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off`;
    this.pg("pg_ctl", ["-D", this.data, "-o", opts, "-l", path.join(this.dir, "log"), "-w", "start"]);
  }

  /** as a crash would: no checkpoint, every connection cut */
  stopImmediately(): void {
    this.pg("pg_ctl", ["-D", this.data, "-m", "immediate", "-w", "stop"]);
  }

  destroy(): void {
    try {
      this.stopImmediately();
    } catch {
      /* not running */
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

function run(cmd: string, args: string[]): string {
  const r = spawnSync(cmd, args, { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")}: ${r.stderr || r.stdout}`);
  return r.stdout;
}

export type AppControl = {
  base: string;
  /** SIGKILL the app's process group; resolves once it is gone */
  kill(): Promise<void>;
  /** start it again on the same port and data */
  start(): void;
};

export type ChaosSetup = { databaseUrl: string; smtpUrl: string; cluster: Cluster | null };

/**
 * Runs the faults against a live event and checks the invariants after it. `begin` starts the
 * schedule beside the bench's own polling; `settle` waits for the mail and the jobs to finish and
 * answers the chaos figures.
 */
export class Chaos {
  readonly recoveries: Recovery[] = [];
  private readonly monitor: pg.Pool;
  private schedule: Promise<void> | null = null;
  private stopped = false;
  private constructor(
    readonly setup: ChaosSetup,
    private readonly smtp: SmtpServer,
    private readonly say: (...m: unknown[]) => void,
  ) {
    this.monitor = new pg.Pool({ connectionString: setup.databaseUrl, max: 2, connectionTimeoutMillis: 2_000 });
    // the restart cuts the monitor's connections too
    this.monitor.on("error", () => {});
  }

  /** `smtp`: the bench's mail sink, which the app's SMTP_URL points at; the bench starts and stops it */
  static async prepare(o: { databaseUrl: string | null; pgPort: number; smtp: SmtpServer; say: (...m: unknown[]) => void }): Promise<Chaos> {
    let cluster: Cluster | null = null;
    if (o.databaseUrl) o.say(`chaos: database ${redact(o.databaseUrl)} is given, so only the app is restarted (no PostgreSQL restart)`);
    else {
      cluster = await Cluster.create(o.pgPort);
      o.say(`chaos: a PostgreSQL cluster of our own on :${o.pgPort}, restarted once mid-event`);
    }
    return new Chaos({ databaseUrl: o.databaseUrl ?? cluster!.url, smtpUrl: o.smtp.url, cluster }, o.smtp, o.say);
  }

  /** Starts the fault schedule: a SIGKILL during allocation, the PostgreSQL restart at 35 % booked, a SIGKILL at 65 %. */
  begin(app: AppControl, groups: number): void {
    this.schedule = (async () => {
      await this.until(async () => (await this.count(`select count(*) from job_runs where function_id like 'allocate%' and status = 'RUNNING'`)) > 0 || (await this.booked()) > 0);
      await this.killApp(app, "allocation");
      if (this.setup.cluster) {
        await this.until(async () => (await this.booked()) >= groups * 0.35);
        await this.restartDatabase(app, "booking");
      }
      await this.until(async () => (await this.booked()) >= groups * 0.65);
      await this.killApp(app, "booking");
    })().catch((err) => {
      if (!this.stopped) throw err;
    });
  }

  /** after the bench's own polling: the schedule must have run to its end */
  async end(): Promise<void> {
    await this.schedule;
  }

  private async killApp(app: AppControl, during: string) {
    if (this.stopped) return;
    const atBooked = await this.booked();
    await app.kill();
    const downAt = Date.now();
    this.say(`chaos: SIGKILL of the app during ${during} (${atBooked} booked); starting it again`);
    app.start();
    await this.recover("sigkill", during, atBooked, downAt, app.base);
  }

  private async restartDatabase(app: AppControl, during: string) {
    if (this.stopped) return;
    const cluster = this.setup.cluster!;
    const atBooked = await this.booked();
    cluster.stopImmediately();
    const downAt = Date.now();
    this.say(`chaos: PostgreSQL stopped (immediate) during ${during} (${atBooked} booked); up again in 3 s`);
    await sleep(3_000);
    cluster.start();
    await this.recover("pg-restart", during, atBooked, downAt, app.base);
  }

  private async recover(fault: FaultKind, during: string, atBooked: number, downAt: number, base: string) {
    const r: Recovery = { fault, during, atBooked, downAt, healthMs: null, progressMs: null };
    this.recoveries.push(r);
    const deadline = downAt + 10 * 60_000;
    await Promise.all([
      (async () => {
        while (!this.stopped && Date.now() < deadline && !(await healthy(base))) await sleep(200);
        if (Date.now() < deadline && !this.stopped) r.healthMs = Date.now() - downAt;
      })(),
      (async () => {
        while (!this.stopped && Date.now() < deadline && (await this.booked()) <= atBooked) await sleep(250);
        if (Date.now() < deadline && !this.stopped) r.progressMs = Date.now() - downAt;
      })(),
    ]);
    this.say(`chaos: ${fault} recovered: /health 200 after ${fmt(r.healthMs)}, bookings moving again after ${fmt(r.progressMs)}`);
  }

  /**
   * Once every group is vouchered: waits (up to `timeoutMs`) for every voucher email to be SENT and
   * no job to be late, then counts lost and duplicated mail and stuck jobs.
   */
  async settle(timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    let figures = await this.figures();
    while (Date.now() < deadline && (figures.lostEmails > 0 || figures.stuckJobs > 0 || figures.pendingJobs > 0)) {
      await sleep(2_000);
      figures = await this.figures();
    }
    return figures;
  }

  private async figures() {
    // the one outbox of every channel (db/schema/messages.ts; email_outbox until migration 0023): its emails
    const outbox = (await this.query<{ urn: string; status: string; kind: string }>(`select urn, status, kind from messages where channel = 'EMAIL'`)) ?? [];
    // an email is sent once the mail server accepted it; DELIVERED would be a later receipt
    const sent = (e: { status: string }) => e.status === "SENT" || e.status === "DELIVERED";
    const received = new Map<string, number>();
    for (const m of this.smtp.received) received.set(m.messageId, (received.get(m.messageId) ?? 0) + 1);
    const notSent = outbox.filter((e) => !sent(e));
    const missing = outbox.filter((e) => sent(e) && !received.has(messageIdOf(e.urn)));
    const known = new Set(outbox.map((e) => messageIdOf(e.urn)));
    const duplicateEmails = [...received.values()].reduce((s, n) => s + n - 1, 0);
    // each duplicate by the fault that followed its first copy: what window of which fault sends mail twice
    const firstAt = new Map<string, number>();
    for (const m of this.smtp.received) if (!firstAt.has(m.messageId)) firstAt.set(m.messageId, m.receivedAt);
    const duplicatesBefore: Record<string, number> = {};
    for (const [id, n] of received) {
      if (n < 2) continue;
      const next = this.recoveries.filter((r) => r.downAt >= firstAt.get(id)! - 1_000).sort((a, b) => a.downAt - b.downAt)[0];
      const key = next ? `${next.fault} during ${next.during}` : "no fault after it";
      duplicatesBefore[key] = (duplicatesBefore[key] ?? 0) + n - 1;
    }
    const strayEmails = [...received.keys()].filter((id) => !known.has(id)).length;
    const late = new Date(Date.now() - STUCK_AFTER_MS).toISOString();
    const stuck =
      (await this.query<{ id: string; function_id: string; status: string; error: unknown }>(
        `select id, function_id, status, error from job_runs
          where (status = 'RUNNING' and locked_until < $1) or (status in ('QUEUED', 'RETRYING', 'SLEEPING') and next_run_at < $1)`,
        [late],
      )) ?? [];
    const failed = (await this.query<{ id: string; function_id: string; error: { name?: string; message?: string } | null }>(`select id, function_id, error from job_runs where status = 'FAILED'`)) ?? [];
    // still moving but not late yet: settle waits for these
    const pending = (await this.count(`select count(*) from job_runs where status in ('QUEUED', 'RETRYING', 'RUNNING') and next_run_at < now() + interval '10 minutes'`)) ?? 0;
    return {
      emails: outbox.length,
      emailsReceived: this.smtp.received.length,
      lostEmails: notSent.length + missing.length,
      duplicateEmails,
      duplicatesBefore,
      strayEmails,
      stuckJobs: stuck.length + failed.length,
      pendingJobs: pending,
      stuck: stuck.slice(0, 10).map((r) => `${r.function_id} ${r.status} ${r.id}`),
      failed: failed.slice(0, 10).map((r) => `${r.function_id} ${r.id}: ${r.error?.name ?? ""} ${r.error?.message ?? ""}`.slice(0, 300)),
      notSent: notSent.slice(0, 10).map((e) => `${e.kind} ${e.urn} ${e.status}`),
    };
  }

  private booked(): Promise<number> {
    return this.count(`select count(*) from reservations where status = 'CONFIRMED'`).then((n) => n ?? -1);
  }

  private async count(q: string): Promise<number> {
    const rows = await this.query<{ count: string }>(q);
    return rows ? Number(rows[0].count) : -1;
  }

  /** null while the database is down */
  private async query<T>(q: string, params: unknown[] = []): Promise<T[] | null> {
    try {
      return (await this.monitor.query(q, params)).rows as T[];
    } catch {
      return null;
    }
  }

  private async until(cond: () => Promise<boolean>) {
    while (!this.stopped && !(await cond())) await sleep(250);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.schedule;
    await this.monitor.end().catch(() => {});
    this.setup.cluster?.destroy();
  }
}

async function healthy(base: string): Promise<boolean> {
  try {
    const res = await fetch(`${base}/api/v1/health`, { signal: AbortSignal.timeout(2_000) });
    if (res.status !== 200) return false;
    const body = (await res.json()) as { database?: { ok?: boolean } };
    return body.database?.ok === true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fmt = (ms: number | null) => (ms === null ? "never" : `${(ms / 1000).toFixed(1)} s`);
const redact = (url: string) => url.replace(/\/\/[^@/]*@/, "//…@");

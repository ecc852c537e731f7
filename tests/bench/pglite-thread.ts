import path from "node:path";
import { Worker } from "node:worker_threads";
import { errorFields, log } from "@/lib/log";

/**
 * The idea not taken (docs/embedded-database.md says why), kept for tests/bench/pglite-offthread.bench.ts:
 * the embedded database on its own thread (tests/bench/pglite-worker.mjs holds PGlite), seen from the main
 * thread as the part of a PGlite client that drizzle's PGlite driver calls: query, exec and
 * transaction. A query's parse, plan, execution and WAL writes run on that thread, so the web
 * process's event loop keeps answering while the job runner writes hard (docs/embedded-database.md
 * has the figures). If the thread dies (a WASM abort, out of memory) the calls in flight fail as
 * "database unavailable" (503 with Retry-After on the API), and a new thread reopens the directory.
 */

type Result = { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };
type QueryOptions = { rowMode?: "array" | "object"; parsers?: Record<number, unknown> };
type Pending = { resolve: (v: unknown) => void; reject: (e: unknown) => void };

export type ThreadTx = { query: (sql: string, params?: unknown[], opts?: QueryOptions) => Promise<Result>; exec: (sql: string) => Promise<Result[]> };

/** An error isDatabaseUnavailable (db/unavailable.ts) recognises: SQLSTATE 57P01/57P03. */
function unavailable(message: string, code: "57P01" | "57P03"): Error {
  return Object.assign(new Error(message), { code });
}

function revive(e: { message: string; name?: string } & Record<string, unknown>): Error {
  const err = Object.assign(new Error(e.message), e);
  err.name = e.name ?? "Error";
  return err;
}

const WORKER_FILE = () => path.join(process.cwd(), "tests", "bench", "pglite-worker.mjs");

export class PgliteThread {
  private worker: Worker | null = null;
  private generation = 0;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  private closing = false;
  private restarts = 0;
  private down: Error | null = null;

  private constructor(private readonly dataDir: string | undefined) {}

  /** Starts the thread and waits until PGlite has opened (and recovered) the directory. */
  static async open(dataDir: string | undefined): Promise<PgliteThread> {
    const t = new PgliteThread(dataDir);
    await t.start();
    return t;
  }

  private start(): Promise<void> {
    const worker = new Worker(WORKER_FILE(), { workerData: { dataDir: this.dataDir } });
    const generation = ++this.generation;
    return new Promise((resolve, reject) => {
      let ready = false;
      worker.on("message", (m: { id?: number; ok?: boolean; value?: unknown; error?: never; ready?: boolean }) => {
        if (m.ready !== undefined) {
          if (!m.ready) return reject(revive(m.error!));
          ready = true;
          this.worker = worker;
          this.down = null;
          return resolve();
        }
        const p = this.pending.get(m.id!);
        if (!p) return;
        this.pending.delete(m.id!);
        if (m.ok) p.resolve(m.value);
        else p.reject(revive(m.error!));
      });
      worker.on("error", (err) => {
        if (!ready) reject(err);
        else log("error", "the embedded database's thread failed", errorFields(err));
      });
      worker.on("exit", (code) => {
        if (generation !== this.generation) return;
        this.worker = null;
        if (!ready) return reject(new Error(`the embedded database's thread exited with ${code} while opening`));
        this.lost(code);
      });
    });
  }

  /** The thread is gone: fail what was asked of it, then reopen, backing off while that fails. */
  private lost(code: number): void {
    const err = unavailable(`the embedded database's thread stopped (exit ${code}); it is being restarted`, "57P01");
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
    if (this.closing) return;
    this.down = unavailable("the embedded database is restarting", "57P03");
    log("error", "the embedded database's thread stopped; restarting it", { exitCode: code, restarts: this.restarts });
    const again = (delayMs: number) =>
      setTimeout(() => {
        if (this.closing) return;
        this.restarts++;
        this.start().then(
          () => log("warn", "the embedded database's thread is back", { restarts: this.restarts }),
          (e) => {
            log("error", "the embedded database's thread did not reopen", errorFields(e));
            again(Math.min(delayMs * 2, 10_000));
          },
        );
      }, delayMs).unref();
    again(100);
  }

  private call<T>(message: Record<string, unknown>, generation = this.generation): Promise<T> {
    if (this.down) return Promise.reject(this.down);
    if (!this.worker || generation !== this.generation) return Promise.reject(unavailable("the embedded database's thread was restarted", "57P01"));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker!.postMessage({ ...message, id });
    });
  }

  query(sql: string, params: unknown[] = [], opts: QueryOptions = {}, tx?: number, generation?: number): Promise<Result> {
    // drizzle passes parsers only to keep dates as text: the thread holds that same table
    return this.call({ op: "query", sql, params, rowMode: opts.rowMode ?? "object", rawDates: !!opts.parsers, tx }, generation);
  }

  exec(sql: string, tx?: number, generation?: number): Promise<Result[]> {
    return this.call({ op: "exec", sql, tx }, generation);
  }

  /** One PGlite transaction, held on the thread while fn runs here; fn's queries go into it. */
  async transaction<T>(fn: (tx: ThreadTx) => Promise<T>): Promise<T> {
    const generation = this.generation;
    const tx = await this.call<number>({ op: "begin" });
    const handle: ThreadTx = {
      query: (sql, params, opts) => this.query(sql, params, opts, tx, generation),
      exec: (sql) => this.exec(sql, tx, generation),
    };
    let result: T;
    try {
      result = await fn(handle);
    } catch (err) {
      await this.call({ op: "end", tx, commit: false }, generation).catch(() => {});
      throw err;
    }
    await this.call({ op: "end", tx, commit: true }, generation);
    return result;
  }

  /** A consistent gzipped tarball of the data directory (db/backup.ts says why it is). */
  dumpDataDir(): Promise<Uint8Array> {
    return this.call<Uint8Array>({ op: "dump" });
  }

  /** Tests: the thread dies as a crash would kill it. */
  async crashForTest(): Promise<void> {
    await this.worker?.terminate();
  }

  get restartCount(): number {
    return this.restarts;
  }

  async close(): Promise<void> {
    this.closing = true;
    const worker = this.worker;
    if (!worker) return;
    await this.call({ op: "close" }).catch(() => {});
    await worker.terminate();
  }
}

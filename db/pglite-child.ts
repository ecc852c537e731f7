import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { config } from "@/lib/config";
import { errorFields, log } from "@/lib/log";
import type { DataDirLock } from "./lock";

/**
 * The server's embedded database in a child process (db/pglite-server.ts), so that no query runs
 * on the web process's main thread: the web process talks to it through node-postgres over a Unix
 * socket in a private directory, with one connection (PGlite runs one statement at a time anyway).
 * docs/embedded-database.md has the figures against the in-process and worker-thread variants.
 *
 * If the child dies (a WASM abort, out of memory, a kill), queries in flight fail as "Connection
 * terminated" and new ones as ECONNREFUSED: both "database unavailable", a 503 with Retry-After on
 * the API, /health reports the database not ok; meanwhile a new child reopens the directory
 * (PGlite replays its WAL), retried with backoff, and the pool reconnects by itself.
 */
export type PgliteChild = {
  /** the directory of the socket, node-postgres's `host` (port 5432) */
  socketDir: string;
  /** a consistent gzipped tarball of the data directory, taken by the child between transactions */
  dump: () => Promise<Uint8Array>;
  close: () => Promise<void>;
};

type Reply = { id: number; ok: boolean; value?: Uint8Array; error?: string } | { ready: true };

const root = () => /*turbopackIgnore: true*/ process.cwd();

function spawnServer(socketDir: string, dataDir: string | undefined): ChildProcess {
  // the server is TypeScript like the rest of db/: run with tsx's loader, outside the Next bundle
  const loader = pathToFileURL(path.join(root(), "node_modules", "tsx", "dist", "loader.mjs")).href;
  // bench:e2e's profile: PGlite's time per statement, beside the app processes' figures (db/pglite-statement-profile.ts)
  const statements = config.PROFILE_FILE ? `${config.PROFILE_FILE}-pglite-statements.json` : "";
  return spawn(process.execPath, ["--import", loader, path.join(root(), "db", "pglite-server.ts"), socketDir, dataDir ?? "", statements], {
    cwd: root(),
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    // the tarball crosses the channel as bytes, not as JSON
    serialization: "advanced",
  });
}

/** Starts the child and waits until PGlite has opened the directory and the socket listens. */
export async function startPgliteChild(dataDir: string | undefined, lock: DataDirLock): Promise<PgliteChild> {
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), "das-pglite-"));
  const waiting = new Map<number, { resolve: (v: Uint8Array) => void; reject: (e: Error) => void }>();
  let child: ChildProcess | null = null;
  let nextId = 1;
  let restarts = 0;
  let closing = false;
  // a relaunch under way, which close() waits for so that the child it starts is closed too
  let launching: Promise<void> | null = null;

  const launch = () =>
    new Promise<void>((resolve, reject) => {
      lock.handTo(process.pid);
      const c = spawnServer(socketDir, dataDir);
      let ready = false;
      c.on("message", (m: Reply) => {
        if ("ready" in m) {
          ready = true;
          child = c;
          // the lock names the process that has the directory open: a restarted server finds it
          // held until this child is gone, even if this process was SIGKILLed before it
          lock.handTo(c.pid!);
          return resolve();
        }
        const w = waiting.get(m.id);
        waiting.delete(m.id);
        if (m.ok) w?.resolve(m.value!);
        else w?.reject(new Error(m.error));
      });
      c.on("error", (err) => !ready && reject(err));
      c.on("exit", (code, signal) => {
        if (!ready) return reject(new Error(`the embedded database's process exited (${signal ?? code}) while opening ${dataDir ?? "memory"}`));
        child = null;
        for (const w of waiting.values()) w.reject(Object.assign(new Error("the embedded database's process stopped"), { code: "57P01" }));
        waiting.clear();
        if (closing) return;
        log("error", "the embedded database's process stopped; restarting it", { exitCode: code, signal, restarts });
        relaunch(100);
      });
    });

  const relaunch = (delayMs: number) =>
    setTimeout(() => {
      if (closing) return;
      restarts++;
      launching = launch().finally(() => void (launching = null));
      launching.then(
        () => log("warn", "the embedded database's process is back", { restarts }),
        (err) => {
          log("error", "the embedded database's process did not reopen", errorFields(err));
          relaunch(Math.min(delayMs * 2, 10_000));
        },
      );
    }, delayMs).unref();

  try {
    await launch();
  } catch (err) {
    fs.rmSync(socketDir, { recursive: true, force: true });
    throw err;
  }

  return {
    socketDir,
    dump: () => {
      if (!child) return Promise.reject(Object.assign(new Error("the embedded database is restarting"), { code: "57P03" }));
      const id = nextId++;
      const c = child;
      return new Promise<Uint8Array>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        c.send({ id, op: "dump" });
      });
    },
    close: async () => {
      closing = true;
      await launching?.catch(() => {});
      const c = child;
      if (c && c.exitCode === null && c.signalCode === null) {
        const gone = new Promise((r) => c.once("exit", r));
        c.send({ id: 0, op: "close" });
        // PGlite flushes on close; a child that hangs is killed rather than hanging the caller
        const timer = setTimeout(() => c.kill("SIGKILL"), 15_000);
        await gone;
        clearTimeout(timer);
      }
      fs.rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

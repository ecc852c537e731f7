import fs from "node:fs";
import path from "node:path";

/** Releases the lock; handTo names another process (the child that opened the directory) as its holder. */
export type DataDirLock = (() => void) & { handTo: (pid: number) => void };

/**
 * PGlite has no lock of its own: a second process opening the same directory can corrupt it
 * for good. This lock file makes a second opener fail with a clear message instead. It holds the
 * pid of the process that has the directory open: this one, or the child it handed it to
 * (db/pglite-child.ts), which may outlive this process by a moment if this one is killed.
 */
export function acquireDataDirLock(dir: string): DataDirLock {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "pglite.lock");
  try {
    const [holder, owner] = fs.readFileSync(file, "utf8").trim().split(" ").map(Number);
    // a child whose owner was killed is closing the directory by itself (db/pglite-server.ts exits on
    // disconnect): a restart right after a SIGKILL waits for it instead of failing
    if (holder && owner && !isAlive(owner)) waitForExit(holder, 10_000);
    if (holder && holder !== process.pid && isAlive(holder)) {
      throw new Error(
        `The embedded database in ${dir} is in use by process ${holder} (probably the running server). ` +
          "Stop it first, or talk to it over HTTP; opening it twice would corrupt it.",
      );
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  fs.writeFileSync(file, String(process.pid));
  const mine = new Set([String(process.pid)]);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    try {
      if (mine.has(fs.readFileSync(file, "utf8").trim().split(" ")[0])) fs.unlinkSync(file);
    } catch {
      /* already gone */
    }
  };
  return Object.assign(release, {
    handTo: (pid: number) => {
      if (released) return;
      mine.add(String(pid));
      // the child's pid, then ours: a lock whose owner is dead is a child on its way out
      fs.writeFileSync(file, `${pid} ${process.pid}`);
    },
  });
}

/** Blocks (the lock is taken synchronously, before anything else opens) until pid is gone or ms passed. */
function waitForExit(pid: number, ms: number): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (const until = Date.now() + ms; isAlive(pid) && Date.now() < until; ) Atomics.wait(pause, 0, 0, 50);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

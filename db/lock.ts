import fs from "node:fs";
import path from "node:path";

/**
 * PGlite has no lock of its own: a second process opening the same directory can corrupt it
 * for good. This lock file makes a second opener fail with a clear message instead.
 */
export function acquireDataDirLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "pglite.lock");
  try {
    const holder = Number(fs.readFileSync(file, "utf8").trim());
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
  let released = false;
  return () => {
    if (released) return;
    released = true;
    try {
      if (fs.readFileSync(file, "utf8").trim() === String(process.pid)) fs.unlinkSync(file);
    } catch {
      /* already gone */
    }
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

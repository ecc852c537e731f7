/**
 * Which lane's message the embedded database runs next, between transactions (db/pglite-server.ts).
 *
 * PGlite runs one statement at a time. In arrival order, each statement of a console read (the board
 * is 16) waited for the job transaction in progress, then the jobs lane's next BEGIN slipped in
 * during the millisecond the web process took to send the read's next statement: a read of n
 * statements waited for n job transactions (reads p99 0.75–1.7 s during a meltdown). So the web
 * lane goes first, and for GRACE_MS after one of its statements the database waits for its next one
 * rather than open a job transaction. Jobs are never starved: a job message that has waited
 * JOB_WAIT_MAX_MS runs before any further web statement (at most one job transaction per that
 * bound while the console reads without pause; docs/embedded-database.md has the figures).
 */
export type Lane = "web" | "jobs";
export type Queued = { lane: Lane; queuedAt: number };
export type Pick = { index: number } | { waitMs: number } | null;

export const GRACE_MS = 4;
export const JOB_WAIT_MAX_MS = 50;

export function webFirst({ graceMs = GRACE_MS, jobWaitMaxMs = JOB_WAIT_MAX_MS } = {}) {
  let lastWebAt = -Infinity;
  return {
    /** a statement of `lane` ended at `now` */
    ran(lane: Lane, now: number) {
      if (lane === "web") lastWebAt = now;
    },
    /** between transactions: the index in `queue` to run, how long to wait for the web lane, or nothing */
    pick(queue: readonly Queued[], now: number): Pick {
      if (!queue.length) return null;
      const web = queue.findIndex((q) => q.lane === "web");
      const job = queue.findIndex((q) => q.lane === "jobs");
      if (job >= 0 && now - queue[job].queuedAt >= jobWaitMaxMs) return { index: job };
      if (web >= 0) return { index: web };
      const sinceWeb = now - lastWebAt;
      if (sinceWeb < graceMs) return { waitMs: Math.min(graceMs - sinceWeb, jobWaitMaxMs - (now - queue[job].queuedAt)) };
      return { index: 0 };
    },
  };
}

const STARTUP_PARAMETERS_AT = 8;

/** The lane a connection's startup message names in application_name (db/client.ts sets it); web by default. */
export function laneOfStartup(message: Uint8Array): Lane {
  const text = Buffer.from(message.subarray(STARTUP_PARAMETERS_AT)).toString("utf8").split("\0");
  for (let i = 0; i + 1 < text.length; i += 2) if (text[i] === "application_name") return text[i + 1] === "jobs" ? "jobs" : "web";
  return "web";
}

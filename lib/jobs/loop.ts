import { logJson } from "./log";

export type Loop = { start(): void; stop(): Promise<void>; kick(): void; readonly running: boolean };

/**
 * Calls `body` until stopped. Its answer says when to call again: `true` at once (more work
 * waits), `false` after `pollMs` or as soon as someone kicks, `{ wait }` after that many ms or as
 * soon as someone kicks (a timer set to the next due time), a number after that many ms whatever
 * the kicks (a back-off). An error is logged and the loop carries on: it never throws;
 * errors in a row (the database restarting) wait longer each time, up to MAX_ERROR_PAUSE_MS, rather
 * than log one every poll.
 */
const MAX_ERROR_PAUSE_MS = 2_000;

export function pollLoop(name: string, pollMs: number, body: () => Promise<boolean | number | { wait: number }>): Loop {
  let running = false;
  let done: Promise<void> | undefined;
  let kicked = false;
  let interrupt: (() => void) | undefined;
  let kickable = false;

  const pause = (ms: number, byKick: boolean) =>
    new Promise<void>((resolve) => {
      if ((byKick && kicked) || !running) return resolve();
      const timer = setTimeout(finish, ms);
      kickable = byKick;
      interrupt = finish;
      function finish() {
        clearTimeout(timer);
        interrupt = undefined;
        resolve();
      }
    });

  async function run() {
    let errors = 0;
    while (running) {
      kicked = false;
      let next: boolean | number | { wait: number } = false;
      try {
        next = await body();
        errors = 0;
      } catch (err) {
        errors += 1;
        logJson("error", `${name} loop error`, { err, inARow: errors });
        next = Math.min(MAX_ERROR_PAUSE_MS, pollMs * 2 ** errors);
      }
      if (next === true) continue;
      if (typeof next === "object") await pause(next.wait, true);
      else await pause(next === false ? pollMs : next, next === false);
    }
  }

  return {
    get running() {
      return running;
    },
    start() {
      if (running) return;
      running = true;
      done = run();
    },
    async stop() {
      running = false;
      interrupt?.();
      await done;
    },
    kick() {
      kicked = true;
      if (kickable) interrupt?.();
    },
  };
}

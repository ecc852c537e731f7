import { logJson } from "./log";

export type Loop = { start(): void; stop(): Promise<void>; kick(): void; readonly running: boolean };

/**
 * Calls `body` until stopped. Its answer says when to call again: `true` at once (more work
 * waits), `false` after `pollMs` or as soon as someone kicks, a number after that many ms
 * whatever the kicks (a back-off). An error is logged and the loop carries on: it never throws.
 */
export function pollLoop(name: string, pollMs: number, body: () => Promise<boolean | number>): Loop {
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
    while (running) {
      kicked = false;
      let next: boolean | number = false;
      try {
        next = await body();
      } catch (err) {
        logJson("error", `${name} loop error`, { err });
      }
      if (next === true) continue;
      await pause(next === false ? pollMs : next, next === false);
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

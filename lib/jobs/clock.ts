/**
 * The one time source of the job runner: claims, leases, sleeps, waits, cron ticks and retry
 * delays all read `now()`. Tests (and later the SLA checks) pass a manual clock and advance it
 * instead of waiting.
 */
export type Clock = { now(): number };

export const systemClock: Clock = { now: () => Date.now() };

export type ManualClock = Clock & { advance(ms: number): void; set(at: Date | number): void };

export function manualClock(start: Date | number = Date.now()): ManualClock {
  let t = typeof start === "number" ? start : start.getTime();
  return {
    now: () => t,
    advance: (ms) => void (t += ms),
    set: (at) => void (t = typeof at === "number" ? at : at.getTime()),
  };
}

import { durationToMs } from "inngest";

/** Inngest's own parser, so "5m", "1h30m" or a number of ms mean the same in both runners. */
export function sleepMs(duration: string | number): number {
  return durationToMs(duration, { name: "sleep duration" });
}

export function toDate(until: Date | string): Date {
  const d = until instanceof Date ? until : new Date(until);
  if (Number.isNaN(d.getTime())) throw new Error(`sleepUntil: "${String(until)}" is not a date`);
  return d;
}

/**
 * Exponential backoff with "equal jitter": base·2^attempt capped, then a random half of it
 * added to a fixed half, so retries of many runs failing together spread out.
 */
export function backoffMs(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** A step attempt that ran past its timeout; retried like any other failure. */
export class StepTimeoutError extends Error {
  constructor(stepId: string, ms: number) {
    super(`step ${stepId} did not finish within ${ms} ms`);
    this.name = "StepTimeoutError";
  }
}

/**
 * Runs a step's function against its timeout. JavaScript cannot stop the function itself: it
 * carries on in the background and its result is dropped, so work behind a step with a timeout
 * must be idempotent (as every step's must be) — the retry may overlap the abandoned attempt.
 */
export async function withTimeout<T>(stepId: string, timeout: string | number | undefined, fn: () => T | Promise<T>): Promise<T> {
  if (timeout === undefined) return fn();
  const ms = sleepMs(timeout);
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StepTimeoutError(stepId, ms)), ms);
  });
  try {
    return await Promise.race([Promise.resolve().then(fn), expired]);
  } finally {
    clearTimeout(timer);
  }
}

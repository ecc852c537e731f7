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

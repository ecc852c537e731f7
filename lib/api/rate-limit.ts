import { envInt } from "@/lib/config";
import { rateLimited } from "@/lib/errors";

type Window = { start: number; count: number };
type Holder = { windows?: Map<string, Window> };
const holder = ((globalThis as Record<string, unknown>).__dasRateLimit ??= {}) as Holder;
const windows = (holder.windows ??= new Map());

/**
 * A fixed one-minute window per token (RATE_LIMIT_PER_MINUTE, default 600). In-process: with
 * several replicas each enforces its own share, which errs on the side of letting work through.
 */
export function checkRateLimit(key: string, now = Date.now()): void {
  const limit = envInt("RATE_LIMIT_PER_MINUTE", 600);
  if (limit === 0) return;
  let w = windows.get(key);
  if (!w || now - w.start >= 60_000) {
    w = { start: now, count: 0 };
    windows.set(key, w);
    if (windows.size > 10_000) sweep(now);
  }
  w.count++;
  if (w.count > limit) throw rateLimited(Math.max(1, Math.ceil((w.start + 60_000 - now) / 1000)));
}

function sweep(now: number) {
  for (const [k, w] of windows) if (now - w.start >= 60_000) windows.delete(k);
}

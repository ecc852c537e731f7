/**
 * The console's reader during a bench: a steady 5 requests/s (by default) over the pages a night
 * shift keeps open — the board, a case, its demand summary, the review queue — each timed. A
 * request with no answer within `timeoutMs` is aborted and counted unanswered. Requests are sent
 * on schedule whether or not the previous ones answered, as browsers polling would.
 */
export type ReaderFigures = { requests: number; readP50Ms: number; readP99Ms: number; readMaxMs: number; unanswered: number; errors: number };

export function steadyReader(o: { base: string; token: string; paths: () => string[]; perSecond?: number; timeoutMs?: number }) {
  const perSecond = o.perSecond ?? 5;
  const timeoutMs = o.timeoutMs ?? 10_000;
  const latencies: number[] = [];
  let unanswered = 0;
  let errors = 0;
  let sent = 0;
  const inflight = new Set<Promise<void>>();
  const one = async (path: string) => {
    const started = performance.now();
    try {
      const res = await fetch(`${o.base}/api/v1${path}`, { headers: { authorization: `Bearer ${o.token}` }, signal: AbortSignal.timeout(timeoutMs) });
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      if (res.status >= 500) errors++;
    } catch (err) {
      if ((err as Error).name === "TimeoutError" || (err as Error).name === "AbortError") unanswered++;
      else errors++;
    }
  };
  const timer = setInterval(() => {
    const paths = o.paths();
    if (paths.length === 0) return;
    const p = one(paths[sent++ % paths.length]).finally(() => inflight.delete(p));
    inflight.add(p);
  }, 1000 / perSecond);
  return {
    async stop(): Promise<ReaderFigures> {
      clearInterval(timer);
      await Promise.allSettled([...inflight]);
      const sorted = [...latencies].sort((a, b) => a - b);
      const q = (x: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(x * sorted.length) - 1)] : 0);
      const r = (x: number) => Math.round(x * 10) / 10;
      return { requests: sent, readP50Ms: r(q(0.5)), readP99Ms: r(q(0.99)), readMaxMs: r(sorted.at(-1) ?? 0), unanswered, errors };
    },
  };
}

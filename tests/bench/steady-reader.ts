/**
 * The console's reader during a bench: a steady 5 requests/s (by default) over the pages a night
 * shift keeps open — the board, a case, its demand summary, the review queue — each timed. A
 * request with no answer within `timeoutMs` is aborted and counted unanswered. Requests are sent
 * on schedule whether or not the previous ones answered, as browsers polling would.
 */
export type ReaderFigures = {
  requests: number;
  readP50Ms: number;
  readP99Ms: number;
  readMaxMs: number;
  unanswered: number;
  errors: number;
  /** p99 per page read, to say which read is slow */
  byPath: Record<string, number>;
  /** p99 per page of the time until `marker` arrived in the streamed document (pages that hold it) */
  markerByPath: Record<string, number>;
};

/** how a page is asked for: by default the API with a bearer token; the console's pages with a session cookie */
export type ReadOne = (path: string, signal: AbortSignal) => Promise<Response>;
export const apiReads =
  (base: string, token: string): ReadOne =>
  (path, signal) =>
    fetch(`${base}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` }, signal });

/**
 * `marker`: a text whose arrival in the body is timed too. A console page streams: its first screen
 * comes with the shell, its slower sections after it under `<Suspense>`; the whole document is the
 * upper bound, the marker's arrival what the person sees first.
 */
export function steadyReader(o: { read: ReadOne; paths: () => string[]; perSecond?: number; timeoutMs?: number; marker?: string }) {
  const perSecond = o.perSecond ?? 5;
  const timeoutMs = o.timeoutMs ?? 10_000;
  const latencies: number[] = [];
  const perPath = new Map<string, number[]>();
  const markerPerPath = new Map<string, number[]>();
  let unanswered = 0;
  let errors = 0;
  let sent = 0;
  const inflight = new Set<Promise<void>>();
  const one = async (path: string) => {
    const started = performance.now();
    try {
      const res = await o.read(path, AbortSignal.timeout(timeoutMs));
      const key = path.split("?")[0].replace(/urn(:|%3A)[^/]+/gi, ":urn");
      if (o.marker && res.body) {
        const decoder = new TextDecoder();
        let text = "";
        let seen = false;
        const body = res.body.getReader();
        for (let chunk = await body.read(); !chunk.done; chunk = await body.read()) {
          if (seen) continue;
          text += decoder.decode(chunk.value, { stream: true });
          if (text.includes(o.marker)) {
            seen = true;
            markerPerPath.set(key, [...(markerPerPath.get(key) ?? []), performance.now() - started]);
          }
        }
      } else await res.arrayBuffer();
      const ms = performance.now() - started;
      latencies.push(ms);
      perPath.set(key, [...(perPath.get(key) ?? []), ms]);
      // a redirect (a session gone: the sign-in page) is no page read either
      if (res.status >= 500 || (res.status >= 300 && res.status < 400)) errors++;
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
      const quantile = (values: number[], x: number) => {
        const sorted = [...values].sort((a, b) => a - b);
        return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(x * sorted.length) - 1)] : 0;
      };
      const r = (x: number) => Math.round(x * 10) / 10;
      const byPath = Object.fromEntries([...perPath].map(([p, values]) => [p, r(quantile(values, 0.99))]));
      const markerByPath = Object.fromEntries([...markerPerPath].map(([p, values]) => [p, r(quantile(values, 0.99))]));
      const max = latencies.length ? Math.max(...latencies) : 0;
      return { requests: sent, readP50Ms: r(quantile(latencies, 0.5)), readP99Ms: r(quantile(latencies, 0.99)), readMaxMs: r(max), unanswered, errors, byPath, markerByPath };
    },
  };
}

import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedInngestEvent = { id?: string; name: string; data: Record<string, unknown>; ts?: number };

export type InngestEventSandbox = {
  /** the base URL to give the SDK (INNGEST_BASE_URL or INNGEST_EVENT_API_BASE_URL) */
  url: string;
  /** every event accepted, once per event id (Inngest deduplicates by id), in arrival order */
  events: ReceivedInngestEvent[];
  /** how many POSTs arrived, refused ones included */
  posts(): number;
  /** the next n POSTs are answered `status` (500 by default) */
  failNext(n: number, status?: number): void;
  close(): Promise<void>;
};

/**
 * Inngest's event API, the part our app uses: `POST /e/:eventKey` with one event or an array of
 * them (JSON), answered `{ ids, status: 200 }`, or `{ error, status: 401 }` for an unknown key. Events
 * with an id already received are accepted and not recorded again, as Inngest ignores them.
 * Tests start it in their own process and point the SDK at it; it runs no functions.
 */
export async function startInngestEventSandbox({ eventKey }: { eventKey: string }): Promise<InngestEventSandbox> {
  const events: ReceivedInngestEvent[] = [];
  const seen = new Set<string>();
  const failures: number[] = [];
  let posts = 0;
  const answer = (res: http.ServerResponse, status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const key = /^\/e\/([^/?]+)/.exec(req.url ?? "")?.[1];
      if (req.method !== "POST" || key === undefined) return answer(res, 404, { error: "not found", status: 404 });
      posts++;
      const failure = failures.shift();
      if (failure) return answer(res, failure, { error: "sandbox: failure asked for", status: failure });
      if (decodeURIComponent(key) !== eventKey) return answer(res, 401, { error: "Event key not found", status: 401 });
      let payload: unknown;
      try {
        payload = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        return answer(res, 400, { error: "invalid JSON", status: 400 });
      }
      const batch = (Array.isArray(payload) ? payload : [payload]) as ReceivedInngestEvent[];
      if (batch.some((e) => !e || typeof e.name !== "string" || e.name === "")) return answer(res, 400, { error: "event name is required", status: 400 });
      for (const e of batch) {
        if (e.id && seen.has(e.id)) continue;
        if (e.id) seen.add(e.id);
        events.push({ id: e.id, name: e.name, data: e.data ?? {}, ts: e.ts });
      }
      answer(res, 200, { ids: batch.map(() => crypto.randomUUID()), status: 200 });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    events,
    posts: () => posts,
    failNext: (n, status = 500) => failures.push(...Array<number>(n).fill(status)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

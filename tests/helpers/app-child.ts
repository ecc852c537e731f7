/**
 * One app process of the multi-process test (`node --import tsx tests/helpers/app-child.ts`): a
 * plain Node HTTP server in front of the real route handlers (the same wrapper, services, rate
 * limiter and database as under `next start`, for the few routes the test calls), and the
 * embedded job runner with a job whose every execution appends a line to EFFECTS_FILE, so the
 * test can count executions across processes. Opens the database of DATABASE_URL, shares the
 * rate limit through REDIS_URL when set. Prints `{"port":…}` once it serves and its limiter counts.
 */
import fs from "node:fs";
import http from "node:http";
import { database } from "@/db/client";
import { rateLimitReady } from "@/lib/http/rate-limit";
import { createRunner } from "@/lib/jobs/runner";
import { GET as listCases, POST as createCase } from "@/app/api/v1/cases/route";
import { GET as getCase } from "@/app/api/v1/cases/[caseUrn]/route";
import { POST as createDemand } from "@/app/api/v1/demand/case/[caseUrn]/route";
import { defineTestJob } from "@/tests/integration/jobs/helpers";

export const COUNTED_EVENT = "test/counted";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
const ROUTES: [string, RegExp, Handler][] = [
  ["GET", /^\/api\/v1\/cases$/, listCases],
  ["POST", /^\/api\/v1\/cases$/, createCase],
  ["GET", /^\/api\/v1\/cases\/(?<caseUrn>[^/]+)$/, getCase],
  ["POST", /^\/api\/v1\/demand\/case\/(?<caseUrn>[^/]+)$/, createDemand],
];

const effectsFile = process.env.EFFECTS_FILE!;
const counted = defineTestJob({
  id: "multi-process-counted",
  event: COUNTED_EVENT,
  handler: async ({ event, step }) =>
    step.run("effect", async () => {
      // long enough that both workers hold runs at once
      await new Promise((r) => setTimeout(r, 20));
      fs.appendFileSync(effectsFile, `${process.pid} ${event.data.n}\n`);
      return null;
    }),
});

const { db } = await database();
createRunner({ db, jobs: [counted], concurrency: 4, pollMs: 50 }).start();

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const route = ROUTES.find(([method, pattern]) => method === req.method && pattern.test(url.pathname));
  if (!route) {
    res.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = chunks.length ? Buffer.concat(chunks) : undefined;
  const params = Object.fromEntries(Object.entries(route[1].exec(url.pathname)!.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)]));
  const response = await route[2](new Request(url, { method: req.method, headers: req.headers as Record<string, string>, body }), { params: Promise.resolve(params) });
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
});
await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
while (!(await rateLimitReady())) await new Promise((r) => setTimeout(r, 20));
process.stdout.write(`${JSON.stringify({ port: (server.address() as { port: number }).port })}\n`);

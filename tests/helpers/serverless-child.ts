/**
 * One serverless-like app process for the inngest-mode test (`node --import tsx
 * tests/helpers/serverless-child.ts`), started with Inngest keys and INNGEST_BASE_URL pointing at
 * the test's event API sandbox. It boots as instrumentation.ts does (lib/boot.ts, inngest mode),
 * then serves POST /api/v1/cases through the real route handler in a plain Node HTTP server, and
 * GET /outbox (test only: the outbox rows, to compare with what reached the sandbox). Prints
 * `{"port":…,"timers":[…]}` once it serves: `timers` are the stacks of the timers and immediates
 * still pending after boot, so the test can see that boot left none (PGlite's own, from inside its
 * WebAssembly, are left out: PGlite is the test's database here, never a serverless one).
 * On the embedded database (DATABASE_URL=memory://) it seeds the test airports itself, the part
 * of a deploy step (`npm run db:migrate`) a memory database cannot have had; on PostgreSQL the
 * test migrates and seeds before it starts this process.
 */
import { createHook } from "node:async_hooks";
import http from "node:http";

// before anything else is loaded, so a timer set at import time is seen too
const pending = new Map<number, string>();
createHook({
  init(id, type) {
    if (type === "Timeout" || type === "Immediate") pending.set(id, `${type}${new Error().stack!.split("\n").slice(2).join("\n")}`);
  },
  destroy(id) {
    pending.delete(id);
  },
}).enable();

const { asc } = await import("drizzle-orm");
const { database } = await import("@/db/client");
const { jobEvents } = await import("@/db/schema");
const { boot } = await import("@/lib/boot");
const { jobs } = await import("@/inngest/functions");
const { POST: createCase } = await import("@/app/api/v1/cases/route");
const { seedTestAirports } = await import("@/tests/helpers/airports");

if (process.env.DATABASE_URL === "memory://") await seedTestAirports((await database()).db);
await boot({ jobs });
// a timer that fired or was cleared has had its destroy hook by now
const timers = [...pending.values()].filter((stack) => !stack.includes("@electric-sql/pglite"));

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  if (req.method === "GET" && url.pathname === "/outbox") {
    const rows = await (await database()).db.select({ id: jobEvents.id, name: jobEvents.name, status: jobEvents.status, dispatchedAt: jobEvents.dispatchedAt }).from(jobEvents).orderBy(asc(jobEvents.createdAt));
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(rows));
    return;
  }
  if (req.method !== "POST" || url.pathname !== "/api/v1/cases") {
    res.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const response = await createCase(new Request(url, { method: "POST", headers: req.headers as Record<string, string>, body: Buffer.concat(chunks) }), { params: Promise.resolve({}) });
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
});
await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
process.stdout.write(`${JSON.stringify({ port: (server.address() as { port: number }).port, timers })}\n`);

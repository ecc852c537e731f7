/**
 * `npm run bench:api [-- --database postgres|pglite] [--json] [--steps 50,100,200,300,400] [--seconds 12] [--cases 40]`:
 * the REST API under a steady, realistic load.
 *
 * Starts the app (`npm start`; SKIP_BUILD=1 reuses the build) on PostgreSQL (default: a fresh
 * database on BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres, dropped
 * after; or the empty database of DATABASE_URL, kept) or on the embedded database (a scratch
 * DATA_DIR), with both hotel sandboxes run here. Seeds one tenant through the API: an
 * auto-approving policy, N cases of 12–30 passengers with an approved INITIAL demand, booked until
 * every group has a reservation and a voucher (so waves, reservations and vouchers exist), and a
 * few cases under an unsatisfiable policy whose groups land in the review queue.
 *
 * Then steps of a constant request rate, each `--seconds` long, through autocannon (overallRate):
 * 90 % reads (case, case list, demand summary, wave, reservation list, voucher, review list) and
 * 10 % writes (case create, INCREMENTAL demand create, which waits for a supervisor and so starts
 * no booking). Each step's rate is spread over 20 autocannon instances started 50 ms apart, since
 * one instance sends each second's quota at the start of the second. Tokens: 32 ADMIN tokens
 * picked at random, and the server's RATE_LIMIT_PER_MINUTE raised, so the per-token limit is not
 * what is measured. A step is held when it reached ≥ 95 % of its rate with read p99 < 100 ms and
 * no error (a status other than the endpoint's success, a timeout or a connection error); the
 * steps stop after the first that is not held. Prints p50/p95/p99 per endpoint and step, the
 * server's CPU time per request (its process group, from /proc), and, with --json, last on stdout
 * one object: heldRate, readP99Ms, writeP99Ms (at the held step), errors (all steps), database.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { mintToken } from "@/lib/auth/tokens";
import { startSandboxes, type RunningSandboxes } from "@/lib/providers/sandboxes";
import { freePort } from "@/tests/helpers/ports";
import { quantile, startApp, type RunningApp } from "./app-server";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const JSON_OUT = args.includes("--json");
const DATABASE = option("database", "postgres");
const STEPS = option("steps", "50,100,200,300,400").split(",").map(Number);
const SECONDS = Number(option("seconds", "12"));
const CASES = Number(option("cases", "40"));
const SLICES = 20;
const TOKENS = 32;
const TENANT = "BA";
const READ_P99_TARGET_MS = 100;
const say = (...m: unknown[]) => (JSON_OUT ? console.error(...m) : console.log(...m));

if (DATABASE !== "postgres" && DATABASE !== "pglite") {
  console.error(`--database must be postgres or pglite, not ${DATABASE}`);
  process.exit(2);
}
if (STEPS.some((s) => !Number.isInteger(s) || s < SLICES) || !(SECONDS >= 1) || !(CASES >= 1)) {
  console.error(`--steps are whole rates of at least ${SLICES} req/s; --seconds and --cases are positive`);
  process.exit(2);
}

type Endpoint = { name: string; kind: "read" | "write"; weight: number; method: "GET" | "POST"; status: number; path: () => string; body?: () => string };
type Seeded = { cases: string[]; waves: string[]; reservations: string[] };
type EndpointStats = { name: string; kind: "read" | "write"; requests: number; errors: number; p50: number; p95: number; p99: number };
type Step = {
  rate: number;
  achieved: number;
  held: boolean;
  errors: number;
  readP50Ms: number;
  readP95Ms: number;
  readP99Ms: number;
  writeP99Ms: number;
  serverCpuMsPerRequest: number;
  endpoints: EndpointStats[];
};

async function main() {
  const secret = process.env.AUTH_SECRET ?? `bench-${crypto.randomBytes(16).toString("hex")}`;
  process.env.AUTH_SECRET = secret;
  let sandboxes: RunningSandboxes | null = null;
  let app: RunningApp | null = null;
  let dataDir: string | null = null;
  let dropDatabase: (() => Promise<void>) | null = null;
  try {
    sandboxes = await startSandboxes();
    const env: Record<string, string> = {
      AUTH_SECRET: secret,
      EXPEDIA_RAPID_URL: sandboxes.expediaUrl,
      HOTELBEDS_URL: sandboxes.hotelbedsUrl,
      // 32 tokens at up to 400 req/s would pass 600 a minute each: the limiter still runs, at a ceiling not reached
      RATE_LIMIT_PER_MINUTE: "1000000",
      JOBS_CONCURRENCY: process.env.JOBS_CONCURRENCY ?? "16",
    };
    if (DATABASE === "postgres") {
      const db = await postgresDatabase();
      env.DATABASE_URL = db.url;
      dropDatabase = db.drop;
    } else {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-api-"));
      env.DATA_DIR = dataDir;
      env.DATABASE_URL = "";
    }
    const port = Number(process.env.BENCH_PORT) || (await freePort());
    say(`starting the app on :${port} on ${DATABASE}; a first start builds it, which takes minutes`);
    app = await startApp(env, { port, quiet: true });

    const tokens = await Promise.all(
      Array.from({ length: TOKENS }, async () => (await mintToken({ tenant: TENANT, roles: ["ADMIN"], airports: ["*"], ttlSeconds: 4 * 3600 })).token),
    );
    const seeded = await seed(app.base, tokens[0]);
    // the bookings leave transport plans, webhooks and e-mails queued: measure the API, not their backlog
    say("waiting for the job queue to drain (the server idle)");
    await waitIdle(app.pid, 10 * 60_000);
    const review = await (await fetch(`${app.base}/api/v1/manual-review?limit=200`, { headers: { authorization: `Bearer ${tokens[0]}` } })).json();
    say(`seeded ${seeded.cases.length} cases, ${seeded.waves.length} waves, ${seeded.reservations.length} vouchered reservations, ${review.items.length} review items`);

    const endpoints = mix(seeded);
    say("warming up at 50 req/s for 5 s");
    await runStep(app, endpoints, tokens, 50, 5);
    const steps: Step[] = [];
    for (const rate of STEPS) {
      const step = await runStep(app, endpoints, tokens, rate, SECONDS);
      steps.push(step);
      say(
        `${rate} req/s: achieved ${step.achieved}, read p50/p95/p99 ${step.readP50Ms}/${step.readP95Ms}/${step.readP99Ms} ms, write p99 ${step.writeP99Ms} ms, errors ${step.errors}, server CPU ${step.serverCpuMsPerRequest} ms/request → ${step.held ? "held" : "NOT held"}`,
      );
      if (!step.held) break;
    }
    report(steps);
  } finally {
    app?.stop();
    await sandboxes?.stop();
    await dropDatabase?.();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A fresh database on the PostgreSQL server, or the one DATABASE_URL names (kept). */
async function postgresDatabase(): Promise<{ url: string; drop: (() => Promise<void>) | null }> {
  if (process.env.DATABASE_URL?.startsWith("postgres")) return { url: process.env.DATABASE_URL, drop: null };
  const server = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `bench_api_${crypto.randomBytes(4).toString("hex")}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: server });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

// --- seeding ---------------------------------------------------------------------------------

async function seed(base: string, token: string): Promise<Seeded> {
  // a kept-alive connection the busy server closed resets: try again (POST /cases is idempotent; a repeated demand is a 409)
  const api = async (p: string, init: { method?: string; body?: unknown } = {}) => {
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await fetch(`${base}/api/v1${p}`, {
          method: init.method ?? (init.body === undefined ? "GET" : "POST"),
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
        });
        const json = await res.json().catch(() => null);
        return { status: res.status, json };
      } catch (err) {
        if (attempt >= 4) throw err;
        await new Promise((r) => setTimeout(r, 250 * attempt));
      }
    }
  };
  const must = async (what: string, p: string, init: { method?: string; body?: unknown }, ok: number[] = [200, 201]) => {
    const r = await api(p, init);
    if (!ok.includes(r.status)) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.json).slice(0, 300)}`);
    return r.json;
  };
  const ALL_TIERS = ["FIRST", "BUSINESS", "PREMIUM_ECONOMY", "ECONOMY", "CREW"];
  const policies = [
    {
      name: "Bench CDG",
      context: { airport: "CDG" },
      constraints: { minStars: 2, maxDistanceKm: 40, maxNightlyRate: 600, requiredAmenities: [] },
      autoApproveDemand: true,
      maxAutomaticRoomsPerWave: 1000,
    },
    // no hotel is this cheap: the groups of its cases go to the review queue
    {
      name: "Bench CDG airline ZZ",
      context: { airport: "CDG", airline: "ZZ" },
      constraints: { minStars: 5, maxDistanceKm: 1, maxNightlyRate: 10, requiredAmenities: [] },
      autoApproveDemand: true,
      maxAutomaticRoomsPerWave: 1000,
    },
  ];
  for (const p of policies) {
    const created = await must("policy", "/policies", { body: { ...p, tiers: ALL_TIERS, incrementalRequiresApproval: true } });
    await must("activate", `/policies/${encodeURIComponent(created.urn)}/activate`, { body: { reason: "bench" } });
  }

  say(`creating ${CASES} cases with an approved demand, and ${Math.max(2, Math.round(CASES / 10))} for the review queue`);
  const all = [
    ...Array.from({ length: CASES }, (_, i) => ({ i, airline: "BA" })),
    ...Array.from({ length: Math.max(2, Math.round(CASES / 10)) }, (_, i) => ({ i: CASES + i, airline: "ZZ" })),
  ];
  const cases: { urn: string; groups: number; airline: string }[] = [];
  for (let i = 0; i < all.length; i += 8) {
    cases.push(
      ...(await Promise.all(
        all.slice(i, i + 8).map(async ({ i: n, airline }) => {
          const record = await must(`case ${n}`, "/cases", { body: casePayload(n, airline, 12 + ((n * 7) % 19)) });
          await must(`demand ${n}`, `/demand/case/${encodeURIComponent(record.urn)}`, { body: { type: "INITIAL", roomsRequested: record.roomsNeeded } }, [201, 409]);
          return { urn: record.urn as string, groups: record.passengerGroups.length as number, airline };
        }),
      )),
    );
  }

  const booked = cases.filter((c) => c.airline !== "ZZ");
  const wanted = booked.reduce((s, c) => s + c.groups, 0);
  const deadline = Date.now() + 10 * 60_000;
  let reservations: { urn: string; waveUrn: string; status: string; voucherUrn: string | null }[] = [];
  for (;;) {
    reservations = (await Promise.all(booked.map((c) => listReservations(api, c.urn)))).flat();
    const ready = reservations.filter((r) => r.status === "CONFIRMED" && r.voucherUrn).length;
    say(`  ${ready}/${wanted} groups vouchered`);
    if (ready >= wanted * 0.95) break;
    if (Date.now() > deadline) throw new Error("seeding did not finish in 10 minutes");
    await new Promise((r) => setTimeout(r, 3000));
  }
  const vouchered = reservations.filter((r) => r.status === "CONFIRMED" && r.voucherUrn);
  return { cases: booked.map((c) => c.urn), waves: [...new Set(vouchered.map((r) => r.waveUrn))], reservations: vouchered.map((r) => r.urn) };
}

type Api = (p: string) => Promise<{ status: number; json: any }>;

async function listReservations(api: Api, caseUrn: string) {
  const out = [];
  let cursor: string | null = null;
  do {
    const page = await api(`/booking/reservations?caseUrn=${encodeURIComponent(caseUrn)}&limit=200${cursor ? `&cursor=${cursor}` : ""}`);
    if (page.status !== 200) break;
    out.push(...page.json.items);
    cursor = page.json.nextCursor;
  } while (cursor);
  return out;
}

const TIERS = ["ECONOMY", "ECONOMY", "ECONOMY", "ECONOMY", "ECONOMY", "PREMIUM_ECONOMY", "BUSINESS", "FIRST"];

/** A cancelled flight out of CDG: PNRs of 1–3 passengers of one tier and a crew of 4. */
function casePayload(i: number, airline: string, passengers: number, externalEventId = `bench-api-${Date.now()}-${i}`) {
  const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const next = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const crew = 4;
  const groups: { pnr: string; passengers: { id: string; firstName: string; lastName: string; tier: string; email?: string }[] }[] = [];
  let n = 0;
  for (let g = 0; n < passengers - crew; g++) {
    const size = Math.min(1 + ((g * 7 + i) % 3), passengers - crew - n);
    const tier = TIERS[(g + i) % TIERS.length];
    const pnr = `A${String(i % 1000).padStart(3, "0")}${String(g).padStart(3, "0")}`;
    groups.push({
      pnr,
      passengers: Array.from({ length: size }, (_, k) => ({
        id: `${pnr}-${k}`,
        firstName: `Pax${k}`,
        lastName: `Flight${i}G${g}`,
        tier,
        ...(k === 0 ? { email: `pax.${pnr.toLowerCase()}@example.org` } : {}),
      })),
    });
    n += size;
  }
  groups.push({
    pnr: `CREW${i}`,
    passengers: Array.from({ length: crew }, (_, k) => ({ id: `C${i}-${k}`, firstName: `Crew${k}`, lastName: `Flight${i}`, tier: "CREW" })),
  });
  return {
    externalEventId,
    flight: {
      number: `${airline}${String(1000 + (i % 8000))}`,
      origin: "CDG",
      destination: "JFK",
      scheduledDeparture: `${day}T18:05:00Z`,
      status: "CANCELLED",
    },
    nextFlight: { number: `${airline}${String(2000 + (i % 7000))}`, scheduledDeparture: `${next}T09:30:00Z` },
    passengerGroups: groups,
  };
}

// --- load ------------------------------------------------------------------------------------

function mix(s: Seeded): Endpoint[] {
  const pick = (xs: string[]) => encodeURIComponent(xs[Math.floor(Math.random() * xs.length)]);
  let created = 0;
  return [
    { name: "GET /cases/{urn}", kind: "read", weight: 25, method: "GET", status: 200, path: () => `/api/v1/cases/${pick(s.cases)}` },
    { name: "GET /cases", kind: "read", weight: 12, method: "GET", status: 200, path: () => `/api/v1/cases?limit=50` },
    {
      name: "GET /demand/case/{urn}/summary",
      kind: "read",
      weight: 15,
      method: "GET",
      status: 200,
      path: () => `/api/v1/demand/case/${pick(s.cases)}/summary`,
    },
    { name: "GET /allocation/wave/{urn}", kind: "read", weight: 10, method: "GET", status: 200, path: () => `/api/v1/allocation/wave/${pick(s.waves)}` },
    {
      name: "GET /booking/reservations?caseUrn",
      kind: "read",
      weight: 10,
      method: "GET",
      status: 200,
      path: () => `/api/v1/booking/reservations?caseUrn=${pick(s.cases)}&limit=50`,
    },
    {
      name: "GET /booking/reservations/{urn}/voucher/text",
      kind: "read",
      weight: 8,
      method: "GET",
      status: 200,
      path: () => `/api/v1/booking/reservations/${pick(s.reservations)}/voucher/text`,
    },
    { name: "GET /manual-review", kind: "read", weight: 10, method: "GET", status: 200, path: () => `/api/v1/manual-review?limit=50` },
    {
      name: "POST /cases",
      kind: "write",
      weight: 5,
      method: "POST",
      status: 201,
      path: () => "/api/v1/cases",
      body: () => JSON.stringify(casePayload(100_000 + created++, "BA", 6, `bench-api-load-${crypto.randomUUID()}`)),
    },
    {
      name: "POST /demand/case/{urn} (INCREMENTAL)",
      kind: "write",
      weight: 5,
      method: "POST",
      status: 201,
      path: () => `/api/v1/demand/case/${pick(s.cases)}`,
      body: () => JSON.stringify({ type: "INCREMENTAL", roomsRequested: 1 }),
    },
  ];
}

type Sample = { endpoint: number; ms: number; ok: boolean };

async function runStep(app: RunningApp, endpoints: Endpoint[], tokens: string[], rate: number, seconds: number): Promise<Step> {
  const total = endpoints.reduce((s, e) => s + e.weight, 0);
  const choose = () => {
    let r = Math.random() * total;
    for (let i = 0; i < endpoints.length; i++) if ((r -= endpoints[i].weight) < 0) return i;
    return endpoints.length - 1;
  };
  const samples: Sample[] = [];
  let failures = 0;
  const cpuBefore = groupCpuMs(app.pid);
  const runs = Array.from({ length: SLICES }, async (_, slice) => {
    const sliceRate = Math.floor(rate / SLICES) + (slice < rate % SLICES ? 1 : 0);
    await new Promise((r) => setTimeout(r, (slice * 1000) / SLICES));
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: app.base,
          overallRate: sliceRate,
          // about two requests a second per connection: a slow answer delays the next one on its connection only a little
          connections: Math.max(1, Math.ceil(sliceRate / 2)),
          duration: seconds,
          timeout: 10,
          requests: [
            {
              setupRequest: (req: any, context: any) => {
                const i = choose();
                const e = endpoints[i];
                context.endpoint = i;
                return {
                  ...req,
                  method: e.method,
                  path: e.path(),
                  headers: { authorization: `Bearer ${tokens[Math.floor(Math.random() * tokens.length)]}`, "content-type": "application/json" },
                  body: e.body ? e.body() : undefined,
                };
              },
            },
          ],
        },
        (err, res) => (err ? reject(err) : resolve(res)),
      );
      instance.on("response", (client: any, status: number, _bytes: number, ms: number) => {
        const i = client.requestIterator.context.endpoint as number;
        samples.push({ endpoint: i, ms, ok: status === endpoints[i].status });
      });
    });
    failures += result.errors + result.timeouts;
  });
  await Promise.all(runs);
  const cpuMs = groupCpuMs(app.pid) - cpuBefore;

  const stats = endpoints.map((e, i): EndpointStats => {
    const mine = samples.filter((s) => s.endpoint === i);
    const ms = mine.map((s) => s.ms).sort((a, b) => a - b);
    return {
      name: e.name,
      kind: e.kind,
      requests: mine.length,
      errors: mine.filter((s) => !s.ok).length,
      p50: r1(quantile(ms, 0.5)),
      p95: r1(quantile(ms, 0.95)),
      p99: r1(quantile(ms, 0.99)),
    };
  });
  const of = (kind: "read" | "write") =>
    samples
      .filter((s) => endpoints[s.endpoint].kind === kind)
      .map((s) => s.ms)
      .sort((a, b) => a - b);
  const reads = of("read");
  const writes = of("write");
  const errors = failures + samples.filter((s) => !s.ok).length;
  // the last slice starts (SLICES-1)/SLICES s late: the rate is over the span all slices ran together
  const achieved = Math.round(samples.length / seconds);
  const readP99Ms = r1(quantile(reads, 0.99));
  return {
    rate,
    achieved,
    held: achieved >= rate * 0.95 && readP99Ms < READ_P99_TARGET_MS && errors === 0,
    errors,
    readP50Ms: r1(quantile(reads, 0.5)),
    readP95Ms: r1(quantile(reads, 0.95)),
    readP99Ms,
    writeP99Ms: r1(quantile(writes, 0.99)),
    serverCpuMsPerRequest: r1(cpuMs / Math.max(1, samples.length)),
    endpoints: stats,
  };
}

/** Until the app's processes use under 5 % of a core over 3 s: the job backlog of the seeding is done. */
async function waitIdle(pgid: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const before = groupCpuMs(pgid);
    await new Promise((r) => setTimeout(r, 3000));
    const share = (groupCpuMs(pgid) - before) / 3000;
    if (share < 0.05) return;
    if (Date.now() > deadline) throw new Error(`the server was still busy (${Math.round(share * 100)} % CPU) after ${timeoutMs / 60_000} minutes`);
  }
}

/** CPU time (user + system) of every process in the app's process group, from /proc (Linux). */
function groupCpuMs(pgid: number): number {
  const tick = 1000 / 100; // USER_HZ is 100 on Linux
  let total = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // after the command: state(0) ppid(1) pgrp(2) … utime(11) stime(12)
      if (Number(fields[2]) === pgid) total += (Number(fields[11]) + Number(fields[12])) * tick;
    } catch {
      /* the process ended meanwhile */
    }
  }
  return total;
}

function report(steps: Step[]) {
  const held = [...steps].reverse().find((s) => s.held) ?? null;
  const shown = held ?? steps[0];
  if (!JSON_OUT) {
    for (const step of steps) {
      console.log(`\n${step.rate} req/s (achieved ${step.achieved}; ${step.held ? "held" : "not held"}; server CPU ${step.serverCpuMsPerRequest} ms/request)`);
      console.table(
        Object.fromEntries(step.endpoints.map((e) => [e.name, { requests: e.requests, errors: e.errors, "p50 ms": e.p50, "p95 ms": e.p95, "p99 ms": e.p99 }])),
      );
    }
  }
  const result = {
    database: DATABASE,
    heldRate: held?.rate ?? 0,
    readP99Ms: shown?.readP99Ms ?? null,
    writeP99Ms: shown?.writeP99Ms ?? null,
    errors: steps.reduce((s, x) => s + x.errors, 0),
    steps: steps.map(({ endpoints: _endpoints, ...rest }) => rest),
  };
  if (JSON_OUT) {
    for (const step of steps) console.error(JSON.stringify(step));
    console.log(JSON.stringify(result));
  } else {
    console.log(
      `\nheld ${result.heldRate} req/s with read p99 < ${READ_P99_TARGET_MS} ms and no error on ${DATABASE} (read p99 ${result.readP99Ms} ms, write p99 ${result.writeP99Ms} ms; ${result.errors} errors over all steps)`,
    );
  }
}

const r1 = (x: number) => Math.round(x * 10) / 10;

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);

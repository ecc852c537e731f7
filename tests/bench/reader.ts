/**
 * `npx tsx tests/bench/reader.ts --base http://127.0.0.1:<port> [--seconds 60] [--rate 5] [--tenant BX]`:
 * a steady console reader beside a load (bench:e2e): every 1/rate s, whether or not the previous
 * request has answered, GET the CDG board, then the first CDG case, alternately, as an ADMIN of the
 * tenant (AUTH_SECRET must be the app's). A request not answered within 10 s counts as unanswered.
 * Runs --seconds, or until SIGTERM; --trace <file> adds one JSON line per request.
 * Prints one JSON line: requests, unanswered, latency p50/p95/p99/max in ms, statuses.
 */
import fs from "node:fs";
import { mintToken } from "@/lib/auth/tokens";

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const BASE = opt("base", "http://127.0.0.1:3000");
const SECONDS = Number(opt("seconds", "60"));
const RATE = Number(opt("rate", "5"));
const TENANT = opt("tenant", "BX");
// --trace <file>: one JSON line per request (start offset, latency, status) to cut any window afterwards
const TRACE = opt("trace", "");
const t0 = performance.now();
const trace = (o: Record<string, unknown>) => TRACE && fs.appendFileSync(TRACE, JSON.stringify(o) + "\n");

const token = (await mintToken({ tenant: TENANT, roles: ["ADMIN"], airports: ["*"], ttlSeconds: 3600 })).token;
const headers = { authorization: `Bearer ${token}` };
let caseUrn: string | null = null;
const latencies: number[] = [];
const statuses: Record<string, number> = {};
let unanswered = 0;

async function one(i: number) {
  const path = i % 2 === 1 && caseUrn ? `/cases/${encodeURIComponent(caseUrn)}` : "/board?airport=CDG";
  const started = performance.now();
  try {
    const res = await fetch(`${BASE}/api/v1${path}`, { headers, signal: AbortSignal.timeout(10_000) });
    const body = await res.text();
    latencies.push(performance.now() - started);
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    trace({ t: Math.round(started - t0), ms: Math.round(performance.now() - started), status: res.status, path });
    if (!caseUrn) {
      const list = await fetch(`${BASE}/api/v1/cases?airport=CDG&limit=1`, { headers, signal: AbortSignal.timeout(10_000) }).then((r) => r.json()).catch(() => null);
      caseUrn = (list?.items ?? list?.data ?? [])[0]?.urn ?? null;
    }
    return body.length;
  } catch {
    unanswered++;
    trace({ t: Math.round(started - t0), ms: null, status: null, path });
  }
}

const inFlight: Promise<unknown>[] = [];
const until = Date.now() + SECONDS * 1000;
// stopped early (SIGTERM when the load ends): what was asked still gets its 10 s to answer
let stop = false;
process.on("SIGTERM", () => (stop = true));
for (let i = 0; Date.now() < until && !stop; i++) {
  inFlight.push(one(i));
  await new Promise((r) => setTimeout(r, 1000 / RATE));
}
await Promise.all(inFlight);
const sorted = latencies.sort((a, b) => a - b);
const q = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0);
console.log(JSON.stringify({ requests: inFlight.length, unanswered, p50Ms: q(0.5), p95Ms: q(0.95), p99Ms: q(0.99), maxMs: Math.round(sorted[sorted.length - 1] ?? 0), statuses, case: caseUrn !== null }));

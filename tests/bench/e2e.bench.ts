/**
 * `npm run bench:e2e [-- --json] [--flights 30] [--passengers 160] [--hubs CDG,AMS,FRA,LHR,MAD]`: a whole
 * disruption through the API.
 *
 * Starts the app itself (`npm start`, embedded defaults, a scratch DATA_DIR) with both hotel
 * sandboxes run here at 150 ms latency, 2 % transient 5xx and 1 % 429, or uses the app at BASE_URL
 * (then give AUTH_SECRET, and EXPEDIA_RAPID_URL / HOTELBEDS_URL of its sandboxes to set their faults).
 * Creates N cancelled flights of M passengers at one hub at once, with an auto-approving policy for
 * every tier, and measures until every group has a CONFIRMED reservation with a voucher: per flight
 * the time from case creation to fully vouchered (p50, p95, max), the total, bookings per second,
 * duplicate bookings (provider-side bookings under any candidate's client reference beyond the one
 * reservation of the group: must be 0) and unbooked groups.
 * `--hubs CDG,AMS,…`: a storm over several hubs at once, each with the sandboxes' hotels
 * (lib/providers/world.ts): one airline per hub within the one tenant (BX, BY, BZ, BW, BV…: the
 * designator that starts the flight number, which a case's `airline` is), its policy scoped to that
 * airport and airline, its N × M manifest (`--flights` and `--passengers` are per hub); the policies
 * are created at once, then every hub's flights at once, the steady reader reads each hub's board in
 * turn, and the JSON line adds `hubs` and `perHub` (each hub's groups, booked and reached seconds).
 * Without it: CDG alone, its policy scoped to the airport only, as before.
 * Then what the passenger feels (issue 28): the app mails to an SMTP sink and texts through the SMS
 * gateway sandbox, both run here (./message-sinks.ts), and the bench waits until every group's lead
 * passenger has their voucher message and every ride is decided: when every group was booked,
 * vouchered, its ride decided (./rides.ts) and reached (./passenger-reach.ts), what the voucher
 * emails said about the ride, vouchers answering 404 (./voucher-sample.ts), legs holding both a
 * shuttle seat and a taxi voucher, the web process's event-loop delay and each job lane's lag
 * (./lanes.ts).
 *
 * `--chaos [--database-url postgres://…]`: the same event through faults (tests/bench/chaos.ts): the
 * app SIGKILLed twice, PostgreSQL restarted once, providers losing confirmations and timing out, mail
 * delivered to an SMTP sandbox; then duplicates, unbooked groups, lost email and stuck jobs must all
 * be 0 (else the exit code is 1), and each fault's recovery time is printed.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { mintToken } from "@/lib/auth/tokens";
import { clientReference } from "@/lib/booking/plan";
import { expediaRapid } from "@/lib/providers/expedia-rapid/client";
import { hotelbeds } from "@/lib/providers/hotelbeds/client";
import { startSandboxes, type RunningSandboxes } from "@/lib/providers/sandboxes";
import type { HotelProvider } from "@/lib/providers/types";
import { HUBS as WORLD_HUBS } from "@/lib/providers/world";
import { freePort } from "@/tests/helpers/ports";
import { type AppControl, CHAOS_PROVIDER_FAULTS, Chaos } from "./chaos";
import { summarizeCpuProfile } from "./cpu-profile";
import { type Lanes, lanesOnPglite, lanesOnPostgres } from "./lanes";
import { type MessageSinks, startMessageSinks } from "./message-sinks";
import { PassengerReach } from "./passenger-reach";
import { perBooking, readProfiles, webEventLoopP99, writeMark, type PerBooking } from "./profile-files";
import { groupsOwedTransport, readCaseRides, shuttleAndTaxiLegs, undecidedRides } from "./rides";
import { runTimings, scratchPostgres, type ScratchDatabase } from "./scratch-postgres";
import { consoleReads } from "./console-session";
import { apiReads, steadyReader } from "./steady-reader";
import { VoucherSample } from "./voucher-sample";

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const JSON_OUT = args.includes("--json");
const FLIGHTS = flag("flights", 30);
const PASSENGERS = flag("passengers", 160);
const CHAOS = args.includes("--chaos");
// --hubs CDG,AMS,…: the same event at every hub at once, --flights × --passengers each; without it, CDG alone
const MULTI_HUB = args.includes("--hubs");
const HUB_CODES = MULTI_HUB ? [...new Set((args[args.indexOf("--hubs") + 1] ?? "").split(",").map((h) => h.trim().toUpperCase()).filter(Boolean))] : ["CDG"];
/** one airline per hub, all of the tenant: the designator its flight numbers start with (a case's `airline`) */
const AIRLINES = ["BX", "BY", "BZ", "BW", "BV", "BU", "BT", "BS", "BR", "BQ", "BP", "BO"];
const airlineOf = (hub: string) => AIRLINES[HUB_CODES.indexOf(hub)];
/** flights over every hub */
const TOTAL_FLIGHTS = FLIGHTS * HUB_CODES.length;
// faults cost minutes (a killed run waits out its 30 s lease) and the bookkeeping jobs run last
const TIMEOUT_S = flag("timeout", CHAOS ? 1800 : 600);
const TENANT = "BX";
const FAULTS = { latencyMs: 150, rate5xx: 0.02, rate429: 0.01, retryAfterSeconds: 1 };
const CHAOS_DATABASE_URL = args.includes("--database-url") ? args[args.indexOf("--database-url") + 1] : null;
// --postgres: a scratch database on the machine's PostgreSQL (BENCH_DATABASE_URL names another server)
const POSTGRES = args.includes("--postgres");
const PROFILE = args.includes("--profile");
// the console's own pages read too, signed in (issue 31): on the embedded database they double the event's time
// (docs/benchmarks.md), so the passenger's figures are measured as issue 28 defines them, with the API reader only
const CONSOLE_PAGES = args.includes("--console-pages");
const WORKERS = args.includes("--workers") ? String(flag("workers", 0)) : process.env.WORKERS;
const say = (...m: unknown[]) => (JSON_OUT ? console.error(...m) : console.log(...m));

type Flight = {
  urn: string;
  hub: string;
  groups: number;
  createdAt: number;
  /** every group CONFIRMED, then every CONFIRMED reservation vouchered, then every ride decided (ms) */
  bookedAt: number | null;
  doneAt: number | null;
  ridesAt: number | null;
  number: string;
  checks?: number;
  /** the groups owed transport, read once the flight is booked */
  owed?: Set<string> | null;
};
/** a booked flight's reservations and rides are read every this many seconds (a lighter load than every second) */
const CHECK_EVERY = 5;
/** voucher texts fetched in all, as flights are booked */
const VOUCHER_SAMPLE = 20;

async function main(): Promise<boolean> {
  const secret = process.env.AUTH_SECRET ?? `bench-${Math.random().toString(36).slice(2)}-${Date.now()}`;
  process.env.AUTH_SECRET = secret;
  let sandboxes: RunningSandboxes | null = null;
  let app: ChildProcess | null = null;
  let chaosApp: AppControl | null = null;
  let base = process.env.BASE_URL ?? null;
  let expediaUrl = process.env.EXPEDIA_RAPID_URL ?? null;
  let hotelbedsUrl = process.env.HOTELBEDS_URL ?? null;
  let chaos: Chaos | null = null;
  let scratch: ScratchDatabase | null = null;
  let profileFile: string | null = null;
  let dataDir: string | null = null;
  let sinks: MessageSinks | null = null;
  try {
    if (CHAOS && base) throw new Error("--chaos starts, kills and restarts the app itself: unset BASE_URL");
    if (HUB_CODES.length === 0 || HUB_CODES.length > AIRLINES.length) throw new Error(`--hubs: 1 to ${AIRLINES.length} airports, comma-separated`);
    // the sandboxes started here have hotels at the world's hubs only: elsewhere no group could be booked
    const noHotels = base ? [] : HUB_CODES.filter((h) => !(h in WORLD_HUBS));
    if (noHotels.length) throw new Error(`--hubs: the hotel sandboxes have no inventory at ${noHotels.join(", ")} (lib/providers/world.ts has ${Object.keys(WORLD_HUBS).join(", ")})`);
    // the app's port is chosen first: the SMS gateway posts its receipts there
    const port = base ? null : String(await freePort());
    if (port) sinks = await startMessageSinks(`http://127.0.0.1:${port}`);
    if (CHAOS) chaos = await Chaos.prepare({ databaseUrl: CHAOS_DATABASE_URL, pgPort: flag("pg-port", 5441), smtp: sinks!.smtp, say });
    if (port && sinks) {
      // inventory for ~4,800 passengers at one hub: twice the sandboxes' default allotments; every hub has
      // its own hotels (lib/providers/world.ts), so the scale is the same with --hubs (--flights × --passengers each)
      sandboxes = await startSandboxes({ scale: Math.max(1, Math.ceil((FLIGHTS * PASSENGERS) / 2400)) });
      expediaUrl = sandboxes.expediaUrl;
      hotelbedsUrl = sandboxes.hotelbedsUrl;
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-e2e-"));
      if (POSTGRES && !chaos) scratch = await scratchPostgres(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
      // every app process writes its CPU time and query counts here (lib/observability/profile.ts)
      profileFile = path.join(dataDir, "profile");
      say(`starting the app on :${port} (data ${dataDir}); a first start builds it, which takes minutes`);
      const env = {
        ...process.env,
        PORT: port,
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        AUTH_SECRET: secret,
        EXPEDIA_RAPID_URL: expediaUrl,
        HOTELBEDS_URL: hotelbedsUrl,
        RATE_LIMIT_PER_MINUTE: "1000000",
        PROFILE_FILE: profileFile,
        // mail to the sink, SMS through the gateway sandbox, both timed here
        ...sinks.env,
        // taxi vouchers from the ride sandbox on both databases (the embedded default's demo takes it
        // anyway): without a ride provider a taxi is never ISSUED and a ride owed one never decided
        RIDES_URL: process.env.RIDES_URL || "sandbox",
        ...(PROFILE && process.env.PROFILE_CPU ? { PROFILE_CPU: process.env.PROFILE_CPU } : {}),
        ...(WORKERS !== undefined ? { WORKERS } : {}),
        // the app's own defaults (runs at once, pool size): what `npm start` does is what is measured
        ...(scratch ? { DATABASE_URL: scratch.url } : {}),
        ...(chaos ? { DATABASE_URL: chaos.setup.databaseUrl } : {}),
      };
      const startApp = (extra: Record<string, string> = {}) =>
        spawn(process.execPath, [path.join("node_modules", "tsx", "dist", "cli.mjs"), "scripts/start.ts"], {
          env: { ...env, ...extra },
          stdio: ["ignore", JSON_OUT ? "ignore" : "inherit", "inherit"],
          // its own process group: the build, the wrapper and the server stop together
          detached: true,
        });
      app = startApp();
      base = `http://127.0.0.1:${port}`;
      await waitHealthy(base, 20 * 60_000);
      if (chaos) {
        const appBase = base;
        chaosApp = {
          base: appBase,
          kill: async () => {
            const gone = app!.exitCode === null && app!.signalCode === null ? new Promise((r) => app!.once("exit", r)) : Promise.resolve();
            process.kill(-app!.pid!, "SIGKILL");
            await gone;
          },
          // the build made at the first start is reused
          start: () => void (app = startApp({ SKIP_BUILD: "1" })),
        };
      }
    }
    for (const url of [expediaUrl, hotelbedsUrl]) if (url) await post(`${url}/__sandbox/faults`, chaos ? { ...FAULTS, ...CHAOS_PROVIDER_FAULTS } : FAULTS);

    // while the app is down (chaos), calls wait for it to come back rather than give up
    const attempts = chaos ? 240 : 4;
    const token = (await mintToken({ tenant: TENANT, roles: ["ADMIN"], airports: ["*"], ttlSeconds: 3600 })).token;
    // a kept-alive connection the busy server closed resets: try again (POST /cases is idempotent; a repeated demand is a 409);
    // the body is read here too, so an answer cut off by a kill (--chaos) is tried again rather than thrown at the caller
    const api = async (p: string, init: RequestInit = {}): Promise<Response> => {
      for (let attempt = 1; ; attempt++) {
        try {
          const res = await fetch(`${base}/api/v1${p}`, { ...init, headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...(init.headers ?? {}) } });
          const body = await res.arrayBuffer();
          return new Response(res.status === 204 || res.status === 304 ? null : body, { status: res.status, headers: res.headers });
        } catch (err) {
          if (attempt >= attempts) throw err;
          await new Promise((r) => setTimeout(r, 250 * Math.min(attempt, 4)));
        }
      }
    };
    // one policy per hub, all at once: with --hubs scoped to the hub's airport and airline
    await Promise.all(
      HUB_CODES.map(async (hub) => {
        const policy = await (await api("/policies", { method: "POST", body: JSON.stringify(policyBody(hub, MULTI_HUB ? airlineOf(hub) : null)) })).json();
        if (!policy.urn) throw new Error(`policy: ${JSON.stringify(policy)}`);
        const activated = await api(`/policies/${encodeURIComponent(policy.urn)}/activate`, { method: "POST", body: JSON.stringify({ reason: "bench" }) });
        if (!activated.ok) throw new Error(`activate: ${activated.status} ${await activated.text()}`);
      }),
    );

    if (MULTI_HUB) say(`creating ${FLIGHTS} cancelled flights × ${PASSENGERS} passengers at each of ${HUB_CODES.map((h) => `${h} (${airlineOf(h)})`).join(", ")} through the API, ${TOTAL_FLIGHTS} at once`);
    else say(`creating ${FLIGHTS} cancelled flights × ${PASSENGERS} passengers at CDG through the API, at once`);
    const profileBefore = profileFile ? readProfiles(profileFile) : new Map();
    const started = Date.now();
    // the app processes' event-loop histograms restart here (lib/observability/profile.ts)
    const mark = String(started);
    if (profileFile) writeMark(profileFile, mark);
    const reach = sinks ? new PassengerReach(sinks) : null;
    const sample = new VoucherSample(VOUCHER_SAMPLE, TOTAL_FLIGHTS);
    // the night shift's console while it runs: the board, a case, its demand summary, the review queue
    const readerPaths: string[] = [];
    const reader = steadyReader({ read: apiReads(base!, token), paths: () => readerPaths });
    // and a supervisor on the console itself, signed in: the case page and the board, server-rendered, once a second
    const pagePaths: string[] = [];
    const pages = CONSOLE_PAGES ? steadyReader({ read: await consoleReads(base!, api, HUB_CODES), paths: () => pagePaths, perSecond: 1, marker: 'data-testid="housing-count"' }) : null;
    /** each reach group's hub */
    const hubOfGroup = new Map<string, string>();
    const flights: Flight[] = await Promise.all(
      // the hubs' flights interleaved (i: over every hub, i / hubs: within its hub), so the storm starts at every hub at once
      Array.from({ length: TOTAL_FLIGHTS }, async (_, i) => {
        const hub = HUB_CODES[i % HUB_CODES.length];
        const payload = casePayload(i, hub, airlineOf(hub), Math.floor(i / HUB_CODES.length));
        // whom each group's voucher message goes to: its lead passenger's email and phone
        for (const g of payload.passengerGroups) {
          reach?.add(`${i} ${g.pnr}`, [g.passengers[0].email, g.passengers[0].phone].filter((a): a is string => Boolean(a)));
          hubOfGroup.set(`${i} ${g.pnr}`, hub);
        }
        const createdAt = Date.now();
        const res = await api("/cases", { method: "POST", body: JSON.stringify(payload) });
        const record = await res.json();
        if (res.status !== 201) throw new Error(`case ${i}: ${res.status} ${JSON.stringify(record)}`);
        const demand = await api(`/demand/case/${encodeURIComponent(record.urn)}`, { method: "POST", body: JSON.stringify({ type: "INITIAL", roomsRequested: record.roomsNeeded }) });
        const d = await demand.json();
        if (demand.status !== 409 && (demand.status !== 201 || d.status !== "APPROVED")) throw new Error(`demand ${i}: ${demand.status} ${JSON.stringify(d).slice(0, 300)}`);
        return { urn: record.urn, hub, groups: record.passengerGroups.length, createdAt, bookedAt: null, doneAt: null, ridesAt: null, number: payload.flight.number };
      }),
    );
    const groups = flights.reduce((s, f) => s + f.groups, 0);
    // each hub's board in turn, with a case of that hub (its middle flight), its demand summary and the review queue
    for (const hub of HUB_CODES) {
      const mine = flights.filter((f) => f.hub === hub);
      const watched = encodeURIComponent(mine[Math.floor(mine.length / 2)].urn);
      readerPaths.push(`/board?airport=${hub}`, `/cases/${watched}`, `/demand/case/${watched}/summary`, "/manual-review?limit=50");
      pagePaths.push(`/cases/${watched}`, `/board?airport=${hub}`);
    }
    if (chaos && chaosApp) chaos.begin(chaosApp, groups);

    // the bench's own watching is a reader too: each flight in turn every CHECK_EVERY seconds, its
    // demand summary until it looks booked, then its reservations, to see every voucher, and its rides
    // until they are all there. Every flight's summary every second (30 reads a second) and every booked
    // flight's reservations every second (600,000 rows in a 30-flight run, 40 % of the app's CPU on a
    // 2-core machine) measured the bench's own load, not the night shift's: that is the steady reader's
    // 5 reads a second. So bookedSeconds, vouchersSeconds and ridesSeconds are known to within
    // CHECK_EVERY seconds; reachedSeconds, read at the mail server and the SMS gateway, is exact.
    const confirmed = new Map<string, Reservation[]>();
    const live = new Map<string, Reservation[]>();
    const looksBooked = new Set<string>();
    const vouchered = async (f: Flight) => {
      const list = (await listAll(api, f.urn)).filter((r) => r.status === "CONFIRMED");
      live.set(f.urn, list);
      if (f.bookedAt === null && list.length >= f.groups) f.bookedAt = Date.now();
      const ready = list.filter((r) => r.voucherUrn);
      confirmed.set(f.urn, ready);
      return ready.length;
    };
    /** due: this flight's turn (every CHECK_EVERY seconds) to be read */
    const watchBooking = async (f: Flight, due: boolean) => {
      if (!due) return;
      let justBooked = false;
      if (!looksBooked.has(f.urn)) {
        const res = await api(`/demand/case/${encodeURIComponent(f.urn)}/summary`);
        const summary = res.ok ? ((await res.json()) as { totalApproved: number; totalBooked: number }) : null;
        const booked = summary && summary.totalApproved > 0 && summary.totalBooked >= summary.totalApproved;
        // rooms approved beyond what the groups needed would keep the summary short: look anyway every other time
        const everyOther = (f.checks = (f.checks ?? 0) + 1) % 2 === 0;
        if (!booked && !everyOther) return;
        if (booked) looksBooked.add(f.urn);
        justBooked = Boolean(booked);
      }
      if ((await vouchered(f)) >= f.groups) f.doneAt = Date.now();
      // the console says booked: does each CONFIRMED reservation's voucher answer?
      if (justBooked) await sample.take(api, live.get(f.urn) ?? []);
    };
    const watchRides = async (f: Flight) => {
      if (f.owed === undefined || f.owed === null) f.owed = await groupsOwedTransport(api, f.urn);
      const rides = f.owed ? await readCaseRides(api, f.urn) : null;
      if (rides && undecidedRides(rides, live.get(f.urn) ?? [], f.owed!).length === 0) f.ridesAt = Date.now();
    };
    const allThere = () => flights.every((f) => f.doneAt !== null && f.ridesAt !== null) && (!reach || reach.everyGroupReached());
    for (let tick = 0; !allThere() && Date.now() - started < TIMEOUT_S * 1000; tick++) {
      await Promise.all(
        flights.map(async (f, i) => {
          // flights take their turns, so the reads spread over the seconds
          const due = (tick + i) % CHECK_EVERY === 0;
          if (f.doneAt === null) await watchBooking(f, due);
          if (f.bookedAt !== null && f.ridesAt === null && due) await watchRides(f);
        }),
      );
      const done = flights.filter((f) => f.doneAt).length;
      const rode = flights.filter((f) => f.ridesAt).length;
      const reached = reach ? `, ${reach.reached().size}/${reach.groups.size} groups reached` : "";
      say(`${((Date.now() - started) / 1000).toFixed(1)} s: ${looksBooked.size}/${TOTAL_FLIGHTS} flights booked, ${done}/${TOTAL_FLIGHTS} vouchered, ${rode}/${TOTAL_FLIGHTS} rides decided${reached}`);
      if (!allThere()) await new Promise((r) => setTimeout(r, 1000));
    }
    const watchedUntil = Date.now();
    // what every flight ended with, counted the same way for all
    for (const f of flights) if (f.doneAt === null) await vouchered(f);
    const end = Math.max(...flights.map((f) => f.doneAt ?? Date.now()));
    const read = await reader.stop();
    const paged = await pages?.stop();
    // the passenger's path, each from the first case created; null: not every flight got there
    const last = (at: (f: Flight) => number | null, of: Flight[] = flights) => (of.every((f) => at(f) !== null) ? round((Math.max(...of.map((f) => at(f)!)) - started) / 1000) : null);
    const reachedAt = reach?.reached();
    // each hub's own: its groups, when its last group was booked and its last passenger reached
    const perHub = Object.fromEntries(
      HUB_CODES.map((hub) => {
        const mine = flights.filter((f) => f.hub === hub);
        const contacts = reach ? [...reach.groups].filter((g) => hubOfGroup.get(g) === hub) : [];
        const reachedSeconds = reach && reachedAt && contacts.every((g) => reachedAt.has(g)) ? round((Math.max(started, ...contacts.map((g) => reachedAt.get(g)!)) - started) / 1000) : null;
        return [hub, { groups: mine.reduce((s, f) => s + f.groups, 0), bookedSeconds: last((f) => f.bookedAt, mine), reachedSeconds }];
      }),
    );
    const passengerPath = {
      bookedSeconds: last((f) => f.bookedAt),
      vouchersSeconds: last((f) => f.doneAt),
      ridesSeconds: last((f) => f.ridesAt),
      reachedSeconds: reach && reachedAt && reachedAt.size >= reach.groups.size ? round((Math.max(...reachedAt.values()) - started) / 1000) : null,
      voucherWithRideShare: reach?.voucherWithRideShare() ?? null,
      voucher404: sample.notFound,
      shuttleAndTaxiSameLeg: await countShuttleAndTaxi(api, flights),
    };
    say(`vouchers sampled when their flight was booked: ${sample.notFound} of ${sample.fetched} answered 404`);
    const lanesDatabase = scratch?.url ?? chaos?.setup.databaseUrl ?? null;
    const lanesWindow = { from: started, to: watchedUntil, until: watchedUntil };
    let lanes: Lanes | null = lanesDatabase ? await lanesOnPostgres(lanesDatabase, lanesWindow) : null;
    const totalSeconds = (end - started) / 1000;
    const perFlight = flights.map((f) => ((f.doneAt ?? Date.now()) - f.createdAt) / 1000).sort((a, b) => a - b);
    const booked = [...confirmed.values()].reduce((s, l) => s + l.length, 0);
    await chaos?.end();
    // let the processes write their last second of figures (and, with PROFILE_CPU=1, their CPU profiles)
    if (profileFile && PROFILE && process.env.PROFILE_CPU === "1") for (const pid of readProfiles(profileFile).keys()) process.kill(pid, "SIGUSR2");
    if (profileFile) await new Promise((r) => setTimeout(r, 1500));
    const profileAfter = profileFile ? readProfiles(profileFile) : null;
    const costs: PerBooking | null = profileAfter ? perBooking(profileBefore, profileAfter, booked) : null;
    const eventLoopP99Ms = profileAfter ? webEventLoopP99(profileAfter, mark) : null;

    // duplicates: every candidate's client reference of every group, looked up at its provider
    for (const url of [expediaUrl, hotelbedsUrl]) if (url) await post(`${url}/__sandbox/faults/reset`, {});
    const sources: Partial<Record<string, HotelProvider>> = {
      ...(expediaUrl ? { EXPEDIA_RAPID: expediaRapid({ baseUrl: expediaUrl, key: "sandbox-key", secret: "sandbox-secret", tier: "SELF_SERVICE", timeoutMs: 10_000 }) } : {}),
      ...(hotelbedsUrl ? { HOTELBEDS: hotelbeds({ baseUrl: hotelbedsUrl, key: "sandbox-key", secret: "sandbox-secret", timeoutMs: 10_000 }) } : {}),
    };
    const duplicateBookings = await countDuplicates(api, flights, sources);
    // the embedded database is the app's alone: its job runs are read once the app has stopped
    if (!lanes && !chaos && app && dataDir) {
      await stopApp(app);
      lanes = await lanesOnPglite(path.join(dataDir, "pgdata"), lanesWindow).catch((err) => (say(`lanes: the embedded database could not be read: ${err}`), null));
    }

    const result = {
      flights: TOTAL_FLIGHTS,
      passengers: TOTAL_FLIGHTS * PASSENGERS,
      groups,
      totalSeconds: round(totalSeconds),
      flightP50Seconds: round(quantile(perFlight, 0.5)),
      flightP95Seconds: round(quantile(perFlight, 0.95)),
      flightMaxSeconds: round(perFlight[perFlight.length - 1] ?? 0),
      bookingsPerSecond: round(booked / Math.max(totalSeconds, 0.001)),
      duplicateBookings,
      unbooked: groups - booked,
      cpuMsPerBooking: costs?.cpuMs ?? null,
      dbRoundTripsPerBooking: costs ? jobRoundTrips(costs) : null,
      readP99Ms: read.readP99Ms,
      // the console's own pages, whole documents as a signed-in browser gets them
      casePageP99Ms: paged?.byPath["/cases/:urn"] ?? null,
      // …and its first screen: "N of M groups housed" arrived
      caseFirstScreenP99Ms: paged?.markerByPath["/cases/:urn"] ?? null,
      boardPageP99Ms: paged?.byPath["/board"] ?? null,
      unanswered: read.unanswered + (paged?.unanswered ?? 0),
      workers: costs ? costs.workers : null,
      database: scratch || chaos?.setup.databaseUrl ? "postgres" : "pglite",
      ...passengerPath,
      eventLoopP99Ms,
      ...(MULTI_HUB ? { hubs: HUB_CODES, perHub } : {}),
      lanes,
    };
    if (MULTI_HUB) for (const [hub, h] of Object.entries(perHub)) say(`${hub} (${airlineOf(hub)}): ${h.groups} groups, every one booked at ${h.bookedSeconds ?? "never"} s, reached at ${h.reachedSeconds ?? "never"} s`);
    if (costs && (PROFILE || !JSON_OUT)) reportCosts(costs, read);
    say(`reads p99 by page: ${Object.entries(read.byPath).map(([p, ms]) => `${p} ${ms} ms`).join(", ")}`);
    if (paged) say(`console pages (signed in): ${paged.requests} requests, p50 ${paged.readP50Ms} ms, p99 ${paged.readP99Ms} ms, ${paged.unanswered} unanswered, ${paged.errors} errors; ${Object.entries(paged.byPath).map(([p, ms]) => `${p} ${ms} ms`).join(", ")}; first screen ${Object.entries(paged.markerByPath).map(([p, ms]) => `${p} ${ms} ms`).join(", ")}`);
    if (PROFILE && profileFile && process.env.PROFILE_CPU === "1") {
      for (const [pid, p] of readProfiles(profileFile)) {
        const file = `${profileFile}.${pid}.cpuprofile`;
        if (!fs.existsSync(file)) continue;
        say(`CPU of the ${p.role} process ${pid} (self time, whole run):`);
        if (JSON_OUT) for (const row of summarizeCpuProfile(file)) console.error(`  ${row.what.padEnd(40)} ${String(row.ms).padStart(7)} ms ${row.share}`);
        else console.table(summarizeCpuProfile(file));
      }
    }
    if (PROFILE && scratch) {
      // which jobs the time went to: runs, their duration, and when the last of each ended
      const timings = await runTimings(scratch.url, started);
      if (JSON_OUT) for (const t of timings) console.error(`  ${t.functionId.padEnd(44)} ${String(t.runs).padStart(6)} runs avg ${t.avgMs} ms max ${t.maxMs} ms, last ended at ${t.lastEndS} s`);
      else console.table(timings);
    }
    if (!chaos) {
      if (JSON_OUT) console.log(JSON.stringify(result));
      else console.table(result);
      return true;
    }
    say(`chaos: ${booked}/${groups} groups vouchered; waiting for the mail to be sent and the jobs to settle`);
    const settleStarted = Date.now();
    const settled = await chaos.settle(flag("settle", 600) * 1000);
    const figures = {
      kills: chaos.recoveries.filter((r) => r.fault === "sigkill").length,
      pgRestarts: chaos.recoveries.filter((r) => r.fault === "pg-restart").length,
      recoveryMs: chaos.recoveries,
      lostEmails: settled.lostEmails,
      duplicateEmails: settled.duplicateEmails,
      duplicatesBefore: settled.duplicatesBefore,
      strayEmails: settled.strayEmails,
      emails: settled.emails,
      emailsReceived: settled.emailsReceived,
      stuckJobs: settled.stuckJobs,
      /** from the last group vouchered to every email SENT and no job late */
      settleSeconds: round((Date.now() - settleStarted) / 1000),
    };
    const failures = [
      ...(result.duplicateBookings ? [`${result.duplicateBookings} duplicate bookings`] : []),
      ...(result.unbooked ? [`${result.unbooked} unbooked groups`] : []),
      ...(settled.lostEmails ? [`${settled.lostEmails} lost emails: ${settled.notSent.join("; ")}`] : []),
      ...(settled.duplicateEmails || settled.strayEmails ? [`${settled.duplicateEmails} emails received twice (${JSON.stringify(settled.duplicatesBefore)}), ${settled.strayEmails} not in the outbox`] : []),
      ...(settled.stuckJobs ? [`${settled.stuckJobs} stuck or failed jobs: ${[...settled.stuck, ...settled.failed].join("; ")}`] : []),
      ...(figures.kills < 2 ? [`${figures.kills} of 2 kills happened (the event ended first)`] : []),
      ...(chaos.setup.cluster && figures.pgRestarts < 1 ? ["the PostgreSQL restart did not happen (the event ended first)"] : []),
      ...chaos.recoveries.filter((r) => r.healthMs === null || r.progressMs === null).map((r) => `no recovery after the ${r.fault} during ${r.during}`),
    ];
    if (!JSON_OUT) {
      console.table(result);
      console.table(chaos.recoveries.map((r) => ({ fault: r.fault, during: r.during, atBooked: r.atBooked, "down→health 200 (s)": sec(r.healthMs), "down→progress (s)": sec(r.progressMs) })));
      console.table({ ...figures, recoveryMs: undefined });
    }
    for (const f of failures) console.error(`chaos invariant failed: ${f}`);
    if (JSON_OUT) console.log(JSON.stringify({ ...result, chaos: figures }));
    return failures.length === 0;
  } finally {
    if (app?.pid) {
      try {
        process.kill(-app.pid, "SIGKILL");
      } catch {
        /* already gone */
      }
    }
    await sandboxes?.stop();
    await chaos?.stop();
    await sinks?.stop();
    // BENCH_KEEP_DATABASE=1 keeps the scratch database for a look at its plans afterwards (EXPLAIN on the night's rows)
    if (process.env.BENCH_KEEP_DATABASE === "1" && scratch) say(`kept the scratch database: ${scratch.url}`);
    else await scratch?.drop();
  }
}

/** Round trips of the booking pipeline: every label but HTTP (the bench's own polling and the reader). */
const HTTP_LABEL = "http and other";
const jobRoundTrips = (c: PerBooking) => round(c.byLabel.filter((l) => l.label !== HTTP_LABEL).reduce((s, l) => s + l.roundTrips, 0));

function reportCosts(c: PerBooking, read: Awaited<ReturnType<ReturnType<typeof steadyReader>["stop"]>>) {
  const out = JSON_OUT ? console.error : console.log;
  out(`\nper booked group: ${c.cpuMs} ms app CPU (${c.processes} process(es), HTTP included), ${jobRoundTrips(c)} database round trips in jobs (${c.roundTrips} with HTTP), ${c.rows} rows`);
  out("where the round trips go (per booked group):");
  if (JSON_OUT) for (const l of c.byLabel) out(`  ${l.label.padEnd(48)} ${String(l.roundTrips).padStart(7)} trips ${String(l.rows).padStart(8)} rows ${String(l.dbMs).padStart(8)} ms`);
  else console.table(c.byLabel);
  out(`reader: ${read.requests} requests, p50 ${read.readP50Ms} ms, p99 ${read.readP99Ms} ms, max ${read.readMaxMs} ms, ${read.unanswered} unanswered, ${read.errors} errors`);
}

/** legs holding both a live shuttle (or car) seat and an issued taxi voucher, over every flight */
async function countShuttleAndTaxi(api: Api, flights: Flight[]): Promise<number | null> {
  let legs = 0;
  for (const f of flights) {
    const rides = await readCaseRides(api, f.urn);
    if (!rides) return null;
    legs += shuttleAndTaxiLegs(rides);
  }
  return legs;
}

/** SIGTERM to the app's process group (the embedded database's child closes its directory), SIGKILL after 15 s */
async function stopApp(app: ChildProcess): Promise<void> {
  if (!app.pid || app.exitCode !== null || app.signalCode !== null) return;
  const gone = new Promise((r) => app.once("exit", r));
  try {
    process.kill(-app.pid, "SIGTERM");
  } catch {
    return;
  }
  await Promise.race([gone, new Promise((r) => setTimeout(r, 15_000))]);
  // the database's child closes after the server: a moment for it, then nothing may be left
  await new Promise((r) => setTimeout(r, 1_000));
  try {
    process.kill(-app.pid, "SIGKILL");
  } catch {
    /* all gone */
  }
}

const sec = (ms: number | null) => (ms === null ? "never" : round(ms / 1000));

type Reservation = { urn: string; status: string; voucherUrn: string | null; groupId: string; waveUrn: string; provider: string };
type Api = (p: string, init?: RequestInit) => Promise<Response>;

async function listAll(api: Api, caseUrn: string): Promise<Reservation[]> {
  const out: Reservation[] = [];
  let cursor: string | null = null;
  do {
    const res: Response = await api(`/booking/reservations?caseUrn=${encodeURIComponent(caseUrn)}&limit=200${cursor ? `&cursor=${cursor}` : ""}`);
    if (!res.ok) return out;
    const page = (await res.json()) as { items: Reservation[]; nextCursor: string | null };
    out.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

async function countDuplicates(api: Api, flights: Flight[], sources: Partial<Record<string, HotelProvider>>): Promise<number> {
  let duplicates = 0;
  const checks: (() => Promise<void>)[] = [];
  for (const f of flights) {
    const waves = new Map<string, { allocations: { groupId: string; hotelUrn: string; provider: string; fallbacks: { hotelUrn: string; provider: string }[] }[] }>();
    for (const r of await listAll(api, f.urn)) {
      if (!waves.has(r.waveUrn)) waves.set(r.waveUrn, await (await api(`/allocation/wave/${encodeURIComponent(r.waveUrn)}`)).json());
      const a = waves.get(r.waveUrn)!.allocations.find((x) => x.groupId === r.groupId);
      if (!a) continue;
      const live = r.status === "CONFIRMED" || r.status === "CHECKED_OUT" ? 1 : 0;
      checks.push(async () => {
        let found = 0;
        for (const c of [a, ...a.fallbacks]) {
          const source = sources[c.provider];
          if (source && (await source.findByReference(clientReference(TENANT, f.urn, r.waveUrn, r.groupId, c.hotelUrn, "0|")))) found++;
        }
        duplicates += Math.max(0, found - live);
      });
    }
  }
  for (let i = 0; i < checks.length; i += 32) await Promise.all(checks.slice(i, i + 32).map((c) => c()));
  return duplicates;
}

/** `airline`: with --hubs, the hub's airline (the policy then applies to its flights only); null: any airline, as before */
function policyBody(hub: string, airline: string | null) {
  return {
    name: airline ? `Bench ${hub} ${airline} every tier` : `Bench ${hub} every tier`,
    context: airline ? { airport: hub, airline } : { airport: hub },
    tiers: ["FIRST", "BUSINESS", "PREMIUM_ECONOMY", "ECONOMY", "CREW"],
    constraints: { minStars: 2, maxDistanceKm: 40, maxNightlyRate: 600, requiredAmenities: [] },
    autoApproveDemand: true,
    maxAutomaticRoomsPerWave: 1000,
  };
}

const TIERS = ["ECONOMY", "ECONOMY", "ECONOMY", "ECONOMY", "ECONOMY", "PREMIUM_ECONOMY", "BUSINESS", "FIRST"];

/**
 * One cancelled flight out of `hub`: PNRs of 1–3 passengers of one tier, and a crew of 8. `i` numbers
 * the flight over every hub (PNRs, contacts and event ids unique over the storm); `nth` within its hub
 * (the manifest's shape and the flight number, so every hub gets the same manifests).
 */
function casePayload(i: number, hub = "CDG", airline = "BX", nth = i) {
  const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const next = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const groups: { pnr: string; passengers: { id: string; firstName: string; lastName: string; tier: string; email?: string; phone?: string }[] }[] = [];
  let n = 0;
  const crew = 8;
  for (let g = 0; n < PASSENGERS - crew; g++) {
    const size = Math.min(1 + ((g * 7 + nth) % 3), PASSENGERS - crew - n);
    const tier = TIERS[(g + nth) % TIERS.length];
    const pnr = `B${String(i).padStart(2, "0")}${String(g).padStart(4, "0")}`;
    // the lead passenger has an email; every third group's lead a mobile number too (SMS), unique per flight and group
    const lead = { email: `pax.${pnr.toLowerCase()}@example.org`, ...(g % 3 === 0 ? { phone: `+33612${String(i * 1000 + g).padStart(6, "0")}` } : {}) };
    groups.push({ pnr, passengers: Array.from({ length: size }, (_, k) => ({ id: `${pnr}-${k}`, firstName: `Pax${k}`, lastName: `Flight${i}G${g}`, tier, ...(k === 0 ? lead : {}) })) });
    n += size;
  }
  groups.push({ pnr: `CREW${i}`, passengers: Array.from({ length: crew }, (_, k) => ({ id: `C${i}-${k}`, firstName: `Crew${k}`, lastName: `Flight${i}`, tier: "CREW" })) });
  return {
    externalEventId: `bench-${Date.now()}-${i}`,
    flight: { number: `${airline}${String(1000 + nth)}`, origin: hub, destination: "JFK", scheduledDeparture: `${day}T18:05:00Z`, status: "CANCELLED" },
    nextFlight: { number: `${airline}${String(2000 + nth)}`, scheduledDeparture: `${next}T09:30:00Z` },
    passengerGroups: groups,
  };
}


async function waitHealthy(base: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`the app at ${base} did not become healthy`);
}

async function post(url: string, body: unknown) {
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

const round = (x: number) => Math.round(x * 100) / 100;

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);

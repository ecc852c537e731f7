import { duration, flag, hours, int, list, oneOf, positiveNumber, str, url, type VarType } from "./types";

/**
 * Every environment variable the project reads, in the order of docs/configuration.md and
 * .env.example (both checked against this list by tests/unit/config): its type, default (as it
 * would be written in the environment; null: unset) and what it does, in one line. Set by hand in
 * production; "Set for you" are handed down by `npm start` and Next.js; "Tests" and "Benchmarks"
 * are read by tests/ and scripts/ only, so the server does not check them at boot. (What a test
 * hands to its own child process, tests/helpers/*-child.ts, is not configuration and not listed.)
 */
export const GROUPS = ["Server", "Database", "Authentication", "API limits", "Jobs", "Hotel providers", "Email, SMS, payments, meals and rides", "Ground transport", "Model", "Profiling", "Set for you", "Tests", "Benchmarks"] as const;
export type Group = (typeof GROUPS)[number];

export type Variable<T = unknown, D extends string | null = string | null> = VarType<T> & { group: Group; default: D; description: string };

function v<T, const D extends string | null>(group: Group, type: VarType<T>, dflt: D, description: string): Variable<T, D> {
  return { ...type, group, default: dflt, description };
}

const HTTP = ["http", "https"] as const;
const ms = (min = 1) => int(min);

export const VARIABLES = {
  // Server
  PORT: v("Server", int(1, 65535), "3000", "the port `npm start` serves console and API on"),
  HOST: v("Server", str(), "0.0.0.0", "the address it listens on"),
  PUBLIC_URL: v("Server", url(HTTP), null, "the service's public URL (default http://localhost:$PORT): base of passenger links, callbacks and sign-in redirects; https makes cookies Secure"),
  NEXT_TELEMETRY_DISABLED: v("Server", flag(), "1", "keeps Next.js from reporting usage"),
  LOG_LEVEL: v("Server", oneOf(["debug", "info", "warn", "error", "silent"]), "info", "the lowest level logged; every log line is JSON"),
  SKIP_BUILD: v("Server", flag(), null, "1: `npm start` serves the existing build without checking that it is up to date"),

  // Database
  DATA_DIR: v("Database", str(), "./.data", "the embedded database, the generated auth secret and the sandboxes' generated keys"),
  DATABASE_URL: v("Database", url(["postgres", "postgresql", "memory", "file"]), null, "postgres://user:pass@host:5432/db → node-postgres, a *.neon.tech host → Neon; unset → embedded PGlite. node-postgres names its statements (prepared once per connection, db/named-statements.ts): behind PgBouncer in transaction mode, use 1.21 or later with max_prepared_statements set"),
  DATABASE_DRIVER: v("Database", oneOf(["neon"]), null, "neon: Neon's serverless driver for any URL"),
  DATABASE_POOL_MAX: v("Database", int(1), "10", "connections per app process on PostgreSQL (2–5 per instance on Neon)"),
  NEON_WS_PROXY: v("Database", str(), null, "local testing of the Neon driver through a WebSocket proxy, e.g. 127.0.0.1:5488"),
  SEED_DEMO: v("Database", flag(), null, "1/0: seed the demo tenant, users and policies (default: on the embedded database only)"),
  DEMO_ACCOUNTS: v("Database", oneOf(["on", "off"]), "on", "off: the sign-in page does not list the demo accounts"),

  // Authentication
  AUTH_SECRET: v("Authentication", str(), null, "HS256 key of API tokens and console sessions; generated under DATA_DIR on first start when unset"),
  AUTH_JWKS_URL: v("Authentication", url(HTTP), null, "verify bearer tokens against an identity provider's JWKS instead of AUTH_SECRET"),
  AUTH_ISSUER: v("Authentication", str(), null, "the `iss` those tokens must carry"),
  AUTH_AUDIENCE: v("Authentication", str(), null, "the `aud` those tokens must carry"),
  AUTH_OIDC_ISSUER: v("Authentication", url(HTTP), null, "console sign-in through this OIDC provider (ID token claims: tenant, roles, airports)"),
  AUTH_OIDC_ID: v("Authentication", str(), null, "its client id"),
  AUTH_OIDC_SECRET: v("Authentication", str(), null, "its client secret"),
  AUTH_OIDC_NAME: v("Authentication", str(), "Single sign-on", "the sign-in button's label"),
  AUTH_URL: v("Authentication", url(HTTP), null, "next-auth's own URL when not PUBLIC_URL; a tenant's outbound URL may not point at it"),
  NEXTAUTH_URL: v("Authentication", url(HTTP), null, "the same, under next-auth's older name"),
  TOKEN_MAX_TTL: v("Authentication", duration(), "24h", "longest lifetime of a bearer token (npm run token, an identity provider's)"),
  SERVICE_TOKEN_MAX_TTL: v("Authentication", duration(), "730d", "longest lifetime of a service token minted in the console (revocable by jti)"),
  ALLOWED_ORIGINS: v("Authentication", list(), null, "other origins the console is served under, e.g. https://ops.example.com"),
  TRUSTED_PROXIES: v("Authentication", list(), null, "reverse proxies in front of the app (addresses or CIDR ranges): only their X-Forwarded-* headers are believed"),
  SIGN_IN_MAX_FAILURES: v("Authentication", int(1), "5", "failed console sign-ins per e-mail before tries from new addresses are slowed (never a lockout)"),
  SIGN_IN_MAX_FAILURES_PER_IP: v("Authentication", int(1), "20", "the same per client address"),
  SESSION_CHECK_CACHE_MS: v("Authentication", int(0), "5000", "how long a process trusts that a console session is live (0: every request)"),

  // API limits
  JSON_BODY_LIMIT_BYTES: v("API limits", int(1), "1048576", "largest JSON body"),
  UPLOAD_LIMIT_BYTES: v("API limits", int(1), "5242880", "largest spreadsheet upload"),
  BULK_MAX_ROWS: v("API limits", int(1), "5000", "passengers in one manifest, JSON or spreadsheet"),
  BULK_MAX_XLSX_BYTES: v("API limits", int(1), "16777216", "decompressed size an uploaded workbook may reach"),
  RATE_LIMIT_PER_MINUTE: v("API limits", int(0), "600", "requests per token a minute; 0 disables"),
  REDIS_URL: v("API limits", url(["redis", "rediss"]), null, "the rate limit shared by every app process in this Redis (Upstash); unset: in memory, per process"),
  RATE_LIMIT_KEY_PREFIX: v("API limits", str(), "das:rl", "Redis key prefix, when environments share one Redis"),

  // Jobs
  INNGEST_DEV: v("Jobs", str(), null, "1 (or the dev server's URL): events go to a local Inngest dev server; 0: off"),
  INNGEST_BASE_URL: v("Jobs", url(HTTP), null, "the Inngest server's address, when not the default"),
  INNGEST_EVENT_KEY: v("Jobs", str(), null, "Inngest Cloud's event key: jobs go to Inngest"),
  INNGEST_SIGNING_KEY: v("Jobs", str(), null, "Inngest Cloud's signing key: jobs go to Inngest"),
  INNGEST_ENV: v("Jobs", str(), null, "Inngest branch environment (a preview deployment: its git branch)"),
  JOBS_CONCURRENCY: v("Jobs", int(1), "64", "runs the embedded job runner executes at once (most of a meltdown's runs wait on a provider); a quarter of them, at least one, no background run may take"),
  JOBS_POLL_MS: v("Jobs", ms(), null, "how often the embedded runner looks for due runs when nothing woke it (default 5000); inngest mode has no loop"),
  WORKERS: v("Jobs", int(0), null, "PostgreSQL only: job worker processes beside the web process (default cores − 1, at least 1; 0: jobs in the web process)"),
  BOOKING_CONCURRENCY_PER_PROVIDER: v("Jobs", int(1), "32", "a wave's bookings asked of one hotel provider at once (the size of its chunks), and the bookings of their own (book-group) in flight per provider"),
  ALLOCATION_BATCH_SECONDS: v("Jobs", int(0), "120", "policy mode BATCH: the window an airport's approvals wait for, aligned on the clock"),
  POOL_THREADS: v("Jobs", int(1), null, "worker threads of the allocation engine (default cores − 1, at least 1)"),
  POOL_IDLE_MS: v("Jobs", int(0), "60000", "an idle worker thread ends after this long"),
  JOB_RETENTION_DAYS: v("Jobs", int(1), "14", "finished job runs, with their steps, events and effects' keys, are deleted by the hourly job-retention job once this old"),

  // Hotel providers
  EXPEDIA_RAPID_URL: v("Hotel providers", url(HTTP), null, "Expedia Rapid, e.g. https://api.ean.com; unset: the in-process sandbox"),
  EXPEDIA_RAPID_KEY: v("Hotel providers", str(), "sandbox-key", "its OAuth2 client id"),
  EXPEDIA_RAPID_SECRET: v("Hotel providers", str(), "sandbox-secret", "its OAuth2 client secret"),
  EXPEDIA_RAPID_TIER: v("Hotel providers", oneOf(["SELF_SERVICE", "ENTERPRISE"]), "SELF_SERVICE", "SELF_SERVICE (no cancel, no modify) or ENTERPRISE"),
  HOTELBEDS_URL: v("Hotel providers", url(HTTP), null, "Hotelbeds, e.g. https://api.test.hotelbeds.com; unset: the in-process sandbox"),
  HOTELBEDS_KEY: v("Hotel providers", str(), "sandbox-key", "its Api-key"),
  HOTELBEDS_SECRET: v("Hotel providers", str(), "sandbox-secret", "the secret of its X-Signature"),
  PROVIDER_TIMEOUT_MS: v("Hotel providers", ms(), "8000", "per provider call, search and booking alike"),
  OFFER_CACHE_TTL_SECONDS: v("Hotel providers", int(0), "300", "how long searched offers are reused; 0 disables the offer cache"),
  HOTEL_SEARCH_RADIUS_KM: v("Hotel providers", int(1), "60", "search radius around the airport"),
  SANDBOX_INVENTORY_SCALE: v("Hotel providers", positiveNumber(), "1", "multiplies the sandboxes' rooms (benchmarks of big meltdowns)"),
  QUALITY_MIN_RATINGS: v("Hotel providers", int(1), "5", "ratings a hotel needs before its stay-quality score counts"),
  PASSENGER_LINK_GRACE_DAYS: v("Hotel providers", int(0, 3650), "3", "days a passenger's voucher link keeps working after the stay's check-out"),

  // Email, SMS, payments, meals and rides
  SMTP_URL: v("Email, SMS, payments, meals and rides", url(["smtp", "smtps"]), null, "smtp://user:pass@host:587 or smtps://…; unset: mail is KEPT in the outbox"),
  MAIL_FROM: v("Email, SMS, payments, meals and rides", str(), "Airline passenger desk <no-reply@localhost>", "the sender of e-mails"),
  OUTBOUND_ALLOW_PRIVATE: v("Email, SMS, payments, meals and rides", flag(), "0", "1: a tenant's webhook or alerting URL may point at loopback or a private network (development, tests)"),
  PSP_URL: v("Email, SMS, payments, meals and rides", url(HTTP), null, "payment service provider of CARD reservations; unset: the in-process sandbox"),
  PSP_API_KEY: v("Email, SMS, payments, meals and rides", str(), null, "its bearer key (default: the sandbox's)"),
  PSP_TIMEOUT_MS: v("Email, SMS, payments, meals and rides", ms(), "8000", "per PSP call"),
  SMS_URL: v("Email, SMS, payments, meals and rides", url(HTTP, ["sandbox"]), null, "Twilio-like account URL; sandbox: ours, started by npm start; unset: SMS are KEPT"),
  SMS_KEY: v("Email, SMS, payments, meals and rides", str(), null, "the account's auth token, which also signs its receipts and replies"),
  SMS_FROM: v("Email, SMS, payments, meals and rides", str(), null, "sender number (E.164) or sender name"),
  SMS_TIMEOUT_MS: v("Email, SMS, payments, meals and rides", ms(), "8000", "per SMS gateway call"),
  MEALS_URL: v("Email, SMS, payments, meals and rides", url(HTTP, ["sandbox"]), null, "meal-voucher issuer; sandbox: ours (npm start with the demo data); unset: meal vouchers wait"),
  MEALS_KEY: v("Email, SMS, payments, meals and rides", str(), null, "the issuer's API key"),
  MEALS_SECRET: v("Email, SMS, payments, meals and rides", str(), null, "HMAC key of the issuer's redemption callbacks (X-Meal-Signature)"),
  MEALS_TIMEOUT_MS: v("Email, SMS, payments, meals and rides", ms(), "8000", "per issuer call"),
  MEALS_ATTEMPTS: v("Email, SMS, payments, meals and rides", int(1), "4", "tries of an issuer call that failed on 429/5xx or the network"),
  MEALS_RETRY_BASE_MS: v("Email, SMS, payments, meals and rides", int(0), "500", "the first wait between those tries, doubling"),
  RIDES_URL: v("Email, SMS, payments, meals and rides", url(HTTP, ["sandbox"]), null, "ride provider; sandbox: ours (npm start with the demo data); unset: ride vouchers wait"),
  RIDES_KEY: v("Email, SMS, payments, meals and rides", str(), null, "the provider's API key"),
  RIDES_SECRET: v("Email, SMS, payments, meals and rides", str(), null, "HMAC key of its usage callbacks (X-Ride-Signature)"),
  RIDES_TIMEOUT_MS: v("Email, SMS, payments, meals and rides", ms(), "8000", "per ride provider call"),
  RIDE_VOUCHER_MAX_AMOUNT: v("Email, SMS, payments, meals and rides", int(1), "80", "a taxi voucher's cap, in the airport's currency"),
  RIDE_VOUCHER_VALID_HOURS: v("Email, SMS, payments, meals and rides", int(1), "6", "how long a taxi voucher stays valid after its pickup time"),

  // Ground transport
  FLEET_URL: v("Ground transport", url(HTTP), null, "transport provider (dispatcher); unset: the in-process sandbox fleet"),
  FLEET_API_KEY: v("Ground transport", str(), null, "its key (default: the sandbox's)"),
  FLEET_TIMEOUT_MS: v("Ground transport", ms(), "8000", "per fleet call"),
  TRANSPORT_SHUTTLE_HOURS: v("Ground transport", hours(), "05:00-23:00", "local hours shuttles run; a pickup outside them gets a taxi voucher where transport is owed"),
  TRANSPORT_SLOT_MINUTES: v("Ground transport", int(1), "30", "pickups are grouped into slots of this length (shared shuttles)"),
  TRANSPORT_ARRIVAL_LEAD_MINUTES: v("Ground transport", int(0), "30", "first airport pickup this long after the reservation confirms, rounded up to a slot"),
  TRANSPORT_CAR_CAPACITY: v("Ground transport", int(1), "4", "seats of a private car or taxi"),
  TRANSPORT_VAN_CAPACITY: v("Ground transport", int(1), "6", "seats of a wheelchair van"),
  TRANSPORT_SPEED_KMH: v("Ground transport", int(1), "40", "travel estimate: average speed …"),
  TRANSPORT_ROAD_FACTOR_PERCENT: v("Ground transport", int(100), "130", "… over the straight-line distance × this …"),
  TRANSPORT_LOAD_MINUTES: v("Ground transport", int(0), "10", "… plus loading time"),
  TRANSPORT_COMPLETE_AFTER_MINUTES: v("Ground transport", int(0), "120", "an ASSIGNED ride this long past its pickup becomes COMPLETED"),

  // Model
  MODEL_BASE_URL: v("Model", url(HTTP), null, "an OpenAI-compatible endpoint up to the API version, e.g. https://api.openai.com/v1; unset: the sandbox model"),
  MODEL_API_KEY: v("Model", str(), null, "its key"),
  MODEL_NAME: v("Model", str(), "sandbox-model", "e.g. gpt-4o-mini; the sandbox ignores it"),
  MODEL_TIMEOUT_MS: v("Model", int(100), "20000", "a whole agent run or synthesis; past it the agent falls back to the deterministic recommender"),
  MODEL_MAX_RETRIES: v("Model", int(0, 5), "1", "retries per model call on 429/5xx/network errors"),
  MODEL_MAX_STEPS: v("Model", int(2, 10), "5", "tool-loop steps of the exception agent"),

  // Profiling
  PROFILE_FILE: v("Profiling", str(), null, "each process writes its CPU time, query counts and event-loop delay to <file>.<pid>.json every second (bench:e2e)"),
  PROFILE_CPU: v("Profiling", flag(), "0", "1: with PROFILE_FILE, also a V8 CPU profile per process"),
  PROFILE_SQL: v("Profiling", str(), null, "with PROFILE_FILE: labels (comma-separated prefixes, e.g. passenger-flow/ride) whose round trips are counted per statement, to see which queries a step makes"),

  // Set for you
  NODE_ENV: v("Set for you", oneOf(["development", "production", "test"]), null, "set by Next.js (next dev: development, next start: production) and vitest (test)"),
  NEXT_RUNTIME: v("Set for you", oneOf(["nodejs", "edge"]), null, "set by Next.js in its server processes"),
  JOBS_IN_PROCESS: v("Set for you", flag(), "1", "0: set by npm start for the web process when worker processes run the jobs"),
  PGLITE_IN_PROCESS: v("Set for you", flag(), "0", "1: the server opens the embedded database in its own process, not a child process (scripts)"),
  DRILL_EXPEDIA_RAPID_URL: v("Set for you", url(HTTP), null, "the drills' own Expedia sandbox, handed to worker processes by npm start"),
  DRILL_HOTELBEDS_URL: v("Set for you", url(HTTP), null, "the drills' own Hotelbeds sandbox, likewise"),
  DRILL_PSP_URL: v("Set for you", url(HTTP), null, "the drills' own PSP sandbox, likewise"),
  DRILL_FLEET_URL: v("Set for you", url(HTTP), null, "the drills' own fleet sandbox, likewise"),
  DRILL_MODEL_URL: v("Set for you", url(HTTP), null, "the drills' own model sandbox, likewise"),
  DRILL_MEALS_URL: v("Set for you", url(HTTP), null, "the drills' own meal-voucher sandbox, likewise"),
  DRILL_RIDES_URL: v("Set for you", url(HTTP), null, "the drills' own ride sandbox, likewise"),

  // Tests (read by tests/ and scripts/test.ts)
  TEST_DATABASE_URL: v("Tests", url(["postgres", "postgresql"]), null, "run the integration tests against this PostgreSQL server (a fresh database per test file)"),
  TEST_PGLITE_PROCESS: v("Tests", flag(), "0", "1: the tests' embedded databases run in a child process, as the server's do"),
  SKIP_E2E: v("Tests", flag(), null, "1: `npm test` skips the Playwright suite"),
  CHECKS: v("Tests", flag(), null, "0: `npm test` skips tsc and ESLint"),
  E2E_PORT: v("Tests", int(1, 65535), "3100", "port of the server the Playwright suite starts"),
  E2E_BASE_URL: v("Tests", url(HTTP), null, "run the Playwright suite against a server already running there (none is started)"),
  CHROMIUM_PATH: v("Tests", str(), "/usr/bin/chromium", "the browser Playwright drives"),
  SCREENSHOT_USER: v("Tests", str(), "supervisor@demo.test", "docs:screenshots: the demo user whose console is photographed"),

  // Benchmarks (read by tests/bench)
  BASE_URL: v("Benchmarks", url(HTTP), null, "bench:e2e: use the app already running there instead of starting one"),
  BENCH_POSTGRES_URL: v("Benchmarks", url(["postgres", "postgresql"]), "postgres://postgres@127.0.0.1:5432/postgres", "bench:api: the server its fresh database is created on"),
  BENCH_PORT: v("Benchmarks", int(1, 65535), null, "bench:api: the app's port (default: a free one)"),
  BENCH_DATABASE_URL: v("Benchmarks", url(["postgres", "postgresql"]), null, "bench:jobs: also measure on this PostgreSQL server (a scratch database)"),
  BENCH_EVENTS: v("Benchmarks", int(1), "500", "bench:jobs: events per burst"),
  BENCH_KEEP_DATABASE: v("Benchmarks", flag(), null, "1: bench:e2e keeps its scratch database for a look at its plans afterwards"),
  PG_BIN: v("Benchmarks", str(), "/usr/lib/postgresql/15/bin", "bench:e2e --chaos: initdb and pg_ctl of its own PostgreSQL cluster"),
} satisfies Record<string, Variable>;

export type Variables = typeof VARIABLES;
export type VarName = keyof Variables;
/** The typed value of a variable: its type's output, or undefined when it has no default and is unset. */
export type ValueOf<K extends VarName> = Variables[K] extends Variable<infer T, infer D> ? (D extends string ? T : T | undefined) : never;
export type Config = { readonly [K in VarName]: ValueOf<K> };

export const VAR_NAMES = Object.keys(VARIABLES) as VarName[];
/** Checked at boot: what the app itself reads (tests' and benchmarks' variables are their scripts' business). */
export const checkedAtBoot = (name: VarName): boolean => !["Tests", "Benchmarks"].includes(VARIABLES[name].group);
export const isVarName = (name: string): name is VarName => Object.hasOwn(VARIABLES, name);

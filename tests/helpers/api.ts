import { type Database, installDatabase } from "@/db/client";
import { mintToken, type MintInput } from "@/lib/auth/tokens";
import { afterAll, beforeAll } from "vitest";
import { seedTestAirports } from "./airports";
import { testDatabase } from "./db";

type RouteFn = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

/**
 * Route handlers called in-process, through the same wrapper, services and database as under
 * `next start`: a real Request in, a real Response out.
 */
export async function setupApi(): Promise<Database> {
  const database = await testDatabase();
  installDatabase(database);
  return database;
}

export async function tokenFor(input: Partial<MintInput> & Pick<MintInput, "tenant">): Promise<string> {
  const { token } = await mintToken({ roles: ["ADMIN"], airports: ["*"], ...input });
  return token;
}

export type CallOptions = {
  token?: string;
  body?: unknown;
  rawBody?: BodyInit;
  params?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  method?: string;
};

export async function call(handler: RouteFn, path: string, opts: CallOptions = {}) {
  const url = new URL(`http://localhost/api/v1${path}`);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
  const headers = new Headers(opts.headers);
  if (opts.token) headers.set("authorization", `Bearer ${opts.token}`);
  let body: BodyInit | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const method = opts.method ?? (body === undefined ? "GET" : "POST");
  const res = await handler(new Request(url, { method, headers, body, ...(body instanceof ReadableStream ? { duplex: "half" } : {}) } as RequestInit), { params: Promise.resolve(opts.params ?? {}) });
  const text = await res.text();
  let json: any = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, json, text };
}

/**
 * The usual set-up of an API test file: a fresh database (with the test airports when asked)
 * opened before the file's tests and closed after. The handle reads through to it once open.
 */
export function apiTestDatabase({ airports = false } = {}): Database {
  let current: Database | undefined;
  beforeAll(async () => {
    current = await setupApi();
    if (airports) await seedTestAirports(current.db);
  });
  afterAll(async () => {
    await current?.close();
  });
  const open = () => {
    if (!current) throw new Error("apiTestDatabase: the database opens in beforeAll; use it inside tests or hooks");
    return current;
  };
  return {
    get db() {
      return open().db;
    },
    get driver() {
      return open().driver;
    },
    close: () => open().close(),
    exclusive: (fn) => open().exclusive(fn),
  };
}

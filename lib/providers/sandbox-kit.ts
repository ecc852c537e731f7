import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { type Drawn, Faults, FaultsRequest } from "@/lib/http/faults";
import { type StayDates, stayNights } from "./types";
import { firstHeader as header, hang, sleep } from "@/lib/http/sandbox-io";

/**
 * What both sandbox providers share: a tiny HTTP router with fault injection, expiring bearer
 * tokens, and per-night room inventory. Each sandbox adds its own wire format on top.
 */

export type SandboxRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  params: string[];
  /** the account the bearer token was issued to (Expedia's tier), null on open routes */
  scope: string | null;
};
export type SandboxReply = { status: number; body?: unknown; headers?: Record<string, string> };

export type SandboxRoute = {
  method: string;
  pattern: RegExp;
  /** token endpoint and admin calls are not authenticated and see no faults */
  open?: boolean;
  /** a booking: the call a "lose-confirmation" fault applies to */
  booking?: boolean;
  /** a booking's status look-up by id: the call the `lookupErrors` fault applies to */
  lookup?: boolean;
  handle: (req: SandboxRequest) => SandboxReply | Promise<SandboxReply>;
};

export type SandboxHooks = {
  /** the provider's own error shape for a fault or an auth failure */
  error: (status: number, code: string, message: string) => unknown;
  /** back to the seeded inventory, no bookings */
  resetState: () => void;
};

/** Bearer tokens with an expiry; `expireAll` simulates the provider rotating them early. */
export class TokenStore {
  private tokens = new Map<string, { expires: number; scope: string }>();
  constructor(readonly ttlSeconds: number) {}
  issue(scope = "default"): { token: string; expiresIn: number } {
    const token = crypto.randomBytes(18).toString("base64url");
    this.tokens.set(token, { expires: Date.now() + this.ttlSeconds * 1000, scope });
    return { token, expiresIn: this.ttlSeconds };
  }
  /** the token's scope, or null when it is unknown or expired */
  scopeOf(authorization: string | undefined): string | null {
    const token = /^Bearer (.+)$/i.exec(authorization ?? "")?.[1];
    const entry = token ? this.tokens.get(token) : undefined;
    return entry && entry.expires > Date.now() ? entry.scope : null;
  }
  expireAll(): void {
    this.tokens.clear();
  }
}

/** Rooms per listing and night: what a provider may still sell. A room booked is gone for the next search. */
export class Inventory {
  private taken = new Map<string, number>();
  constructor(private readonly allotment: (listingId: string) => number) {}
  available(listingId: string, stay: StayDates): number {
    const nights = stayNights(stay);
    if (!nights.length) return 0;
    return Math.max(0, Math.min(...nights.map((n) => this.allotment(listingId) - (this.taken.get(`${listingId}|${n}`) ?? 0))));
  }
  /** false (and nothing taken) when any night lacks the rooms */
  take(listingId: string, stay: StayDates, rooms: number): boolean {
    if (this.available(listingId, stay) < rooms) return false;
    for (const n of stayNights(stay)) this.taken.set(`${listingId}|${n}`, (this.taken.get(`${listingId}|${n}`) ?? 0) + rooms);
    return true;
  }
  release(listingId: string, stay: StayDates, rooms: number): void {
    for (const n of stayNights(stay)) {
      const key = `${listingId}|${n}`;
      this.taken.set(key, Math.max(0, (this.taken.get(key) ?? 0) - rooms));
    }
  }
  /** moves a booking to new dates: all or nothing */
  change(listingId: string, from: StayDates, to: StayDates, rooms: number): boolean {
    this.release(listingId, from, rooms);
    if (this.take(listingId, to, rooms)) return true;
    this.take(listingId, from, rooms);
    return false;
  }
  reset(): void {
    this.taken.clear();
  }
}

export type RunningServer = { url: string; stop: () => Promise<void> };

/**
 * An HTTP server for one sandbox: the admin endpoints (`/__sandbox/faults`, `/__sandbox/reset`),
 * token checks, faults, then the provider's routes.
 */
export function sandboxServer({ routes, tokens, faults, hooks }: { routes: SandboxRoute[]; tokens: TokenStore; faults: Faults; hooks: SandboxHooks }): http.Server {
  const admin: SandboxRoute[] = [
    {
      method: "POST",
      pattern: /^\/__sandbox\/faults$/,
      open: true,
      handle: (req) => {
        const parsed = FaultsRequest.safeParse(req.body ?? {});
        if (!parsed.success) return { status: 400, body: { error: "invalid fault settings", issues: parsed.error.issues } };
        faults.configure(parsed.data);
        if (parsed.data.expireTokens) tokens.expireAll();
        return { status: 200, body: { settings: faults.settings, next: faults.pending(), ...faults.walks() } };
      },
    },
    { method: "GET", pattern: /^\/__sandbox\/faults$/, open: true, handle: () => ({ status: 200, body: { settings: faults.settings, next: faults.pending(), ...faults.walks() } }) },
    { method: "DELETE", pattern: /^\/__sandbox\/faults$/, open: true, handle: () => (faults.reset(), { status: 200, body: { settings: faults.settings } }) },
    { method: "POST", pattern: /^\/__sandbox\/faults\/reset$/, open: true, handle: () => (faults.reset(), { status: 200, body: { settings: faults.settings } }) },
    {
      method: "POST",
      pattern: /^\/__sandbox\/reset$/,
      open: true,
      handle: () => {
        faults.reset();
        tokens.expireAll();
        hooks.resetState();
        return { status: 200, body: { reset: true } };
      },
    },
  ];
  const all = [...admin, ...routes];
  return http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://sandbox");
      const candidates = all.filter((r) => r.pattern.test(url.pathname));
      const route = candidates.find((r) => r.method === req.method);
      if (!route) return send(res, { status: candidates.length ? 405 : 404, body: hooks.error(candidates.length ? 405 : 404, "NOT_FOUND", `no ${req.method} ${url.pathname}`) });
      const body = await readBody(req);
      if (body === INVALID) return send(res, { status: 400, body: hooks.error(400, "INVALID_REQUEST", "the body is not JSON") });
      const request: SandboxRequest = { method: req.method!, path: url.pathname, query: url.searchParams, headers: req.headers, body, params: route.pattern.exec(url.pathname)!.slice(1), scope: null };
      if (route.open) return send(res, await route.handle(request));

      // a provider that answers its status look-ups with an error for a while (walk protection's retries)
      const lookupFault = route.lookup ? faults.drawLookup() : null;
      const drawn: Drawn = lookupFault ? { latencyMs: faults.settings.latencyMs, fault: lookupFault } : faults.draw(header(req.headers["x-sandbox-fault"]), { booking: !!route.booking });
      if (drawn.latencyMs) await sleep(drawn.latencyMs);
      request.scope = tokens.scopeOf(req.headers.authorization);
      if (!request.scope) return send(res, { status: 401, body: hooks.error(401, "TOKEN_EXPIRED", "the access token is invalid or has expired") });
      switch (drawn.fault) {
        case "401":
          tokens.expireAll();
          return send(res, { status: 401, body: hooks.error(401, "TOKEN_EXPIRED", "the access token is invalid or has expired") });
        case "429":
          return send(res, { status: 429, headers: { "retry-after": String(faults.settings.retryAfterSeconds) }, body: hooks.error(429, "RATE_LIMITED", "too many requests") });
        case "500":
        case "502":
        case "503":
          return send(res, { status: Number(drawn.fault), body: hooks.error(Number(drawn.fault), "SERVER_ERROR", "the provider failed") });
        case "timeout":
          await hang(res, faults.settings.timeoutMs);
          return send(res, { status: 504, body: hooks.error(504, "TIMEOUT", "the provider timed out") });
      }
      const reply = await route.handle(request);
      // the booking is made; its confirmation never reaches the client
      if (drawn.fault === "lose-confirmation" && reply.status < 300) return void res.socket?.destroy();
      send(res, reply);
    } catch (err) {
      send(res, { status: 500, body: hooks.error(500, "SERVER_ERROR", err instanceof Error ? err.message : String(err)) });
    }
  });
}

/** Listens on a free port of 127.0.0.1 (or the port given). */
export async function listen(server: http.Server, port = 0): Promise<RunningServer> {
  // idle connections are kept longer than our clients keep them (undici: 4 s), so the client always
  // closes first: with Node's 5 s, a call sent on a connection the server was just closing met a
  // reset (ECONNRESET) on a loaded machine, a fault the sandbox did not mean to inject
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const INVALID = Symbol("invalid");

async function readBody(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text) return undefined;
  if (String(req.headers["content-type"]).includes("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text);
  } catch {
    return INVALID;
  }
}

function send(res: http.ServerResponse, reply: SandboxReply): void {
  if (res.headersSent || res.destroyed) return;
  const body = reply.body === undefined ? "" : JSON.stringify(reply.body);
  res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
  res.end(body);
}





/** YYYY-MM-DD of a date string, or null. */
export function isoDate(value: unknown): string | null {
  return typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : null;
}

/** A valid stay of 1 to 30 nights, or null. */
export function stayOf(checkIn: unknown, checkOut: unknown): StayDates | null {
  const a = isoDate(checkIn);
  const b = isoDate(checkOut);
  if (!a || !b) return null;
  const nights = stayNights({ checkIn: a, checkOut: b }).length;
  return nights >= 1 && nights <= 30 ? { checkIn: a, checkOut: b } : null;
}

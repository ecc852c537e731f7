import { z } from "zod";
import { prng, type Rng } from "@/lib/prng";

/**
 * Fault injection shared by the sandbox providers, so tests, benchmarks and demos can make a
 * provider slow, rate-limited, broken or forgetful on demand:
 *  - by rate: `POST /__sandbox/faults` { rate5xx: 0.2, … }, drawn from a seeded PRNG (repeatable);
 *  - for the next calls: `POST /__sandbox/faults` { next: ["429", "lose-confirmation"] };
 *  - per call: the request header `x-sandbox-fault: 503` (or `latency=250`).
 * `POST /__sandbox/faults/reset` (or DELETE /__sandbox/faults) clears all of it.
 */
export const FAULT_KINDS = ["500", "502", "503", "429", "401", "timeout", "lose-confirmation", "none"] as const;
/** "none" answers one call normally: it spaces the faults of a `next` queue (a failure, then a clean lookup, …) */
export type FaultKind = (typeof FAULT_KINDS)[number];

/**
 * What a hotel that gave its rooms away after confirming answers a booking's status look-up
 * (walk protection, issue 22): CANCELLED by the hotel, OVERBOOKED or GUARANTEE_REFUSED (the
 * booking shows cancelled with that reason), or NOT_FOUND (404).
 */
export const GIVE_AWAY_KINDS = ["CANCELLED", "OVERBOOKED", "GUARANTEE_REFUSED", "NOT_FOUND"] as const;
export type GiveAwayKind = (typeof GIVE_AWAY_KINDS)[number];

/** The error a booking's status look-up answers for a while: `count` look-ups, or every look-up until `until`. */
const LookupErrors = z
  .object({
    fault: z.enum(["500", "502", "503", "429", "timeout"]).default("503"),
    count: z.number().int().min(1).max(1000).optional(),
    until: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((v) => (v.count === undefined) !== (v.until === undefined), { message: "give either count or until" });

const rate = z.number().min(0).max(1);
export const FaultSettings = z.object({
  /** added to every API call, ms */
  latencyMs: z.number().int().min(0).max(60_000).default(0),
  rate5xx: rate.default(0),
  rate429: rate.default(0),
  /** Retry-After sent with a 429, seconds */
  retryAfterSeconds: z.number().int().min(0).max(3600).default(2),
  /** share of calls that hang (the client's timeout decides) */
  rateTimeout: rate.default(0),
  /** share of calls answered 401 as if the token had expired (the token is revoked) */
  rate401: rate.default(0),
  /** share of bookings made but whose response is dropped */
  loseConfirmations: rate.default(0),
  /** how long a "timeout" hangs before answering 504 */
  timeoutMs: z.number().int().min(1).max(600_000).default(60_000),
  seed: z.number().int().default(1),
});
export type FaultSettings = z.infer<typeof FaultSettings>;

export const FaultsRequest = FaultSettings.partial().extend({
  /** faults for the next API calls, in order; "lose-confirmation" waits for the next booking */
  next: z.array(z.enum(FAULT_KINDS)).max(1000).optional(),
  /** revoke every token issued so far: the next call with one gets 401 */
  expireTokens: z.boolean().optional(),
  /** hotels (the provider's hotel ids) whose bookings, looked up by id, answer as given away; added to those already set */
  giveAway: z.record(z.string().min(1), z.enum(GIVE_AWAY_KINDS)).optional(),
  /** booking status look-ups (by id) answer this error for a while; replaces an earlier setting */
  lookupErrors: LookupErrors.optional(),
});

export type Drawn = { latencyMs: number; fault: FaultKind | null };

export class Faults {
  settings: FaultSettings = FaultSettings.parse({});
  private queue: FaultKind[] = [];
  private rng: Rng = prng(1);
  private givenAway = new Map<string, GiveAwayKind>();
  private lookup: { fault: FaultKind; left: number | null; until: number | null } | null = null;

  configure(input: z.infer<typeof FaultsRequest>): void {
    const { next, expireTokens: _expire, giveAway, lookupErrors, ...rest } = input;
    for (const [hotelId, kind] of Object.entries(giveAway ?? {})) this.givenAway.set(hotelId, kind);
    if (lookupErrors) this.lookup = { fault: lookupErrors.fault, left: lookupErrors.count ?? null, until: lookupErrors.until ? Date.parse(lookupErrors.until) : null };
    const seedChanged = rest.seed !== undefined && rest.seed !== this.settings.seed;
    this.settings = FaultSettings.parse({ ...this.settings, ...rest });
    if (seedChanged) this.rng = prng(this.settings.seed);
    if (next) this.queue.push(...next);
  }

  reset(): void {
    this.settings = FaultSettings.parse({});
    this.queue = [];
    this.givenAway.clear();
    this.lookup = null;
    this.rng = prng(this.settings.seed);
  }

  pending(): FaultKind[] {
    return [...this.queue];
  }

  /** the walk faults as the admin endpoint shows them */
  walks(): { giveAway: Record<string, GiveAwayKind>; lookupErrors: { fault: FaultKind; left: number | null; until: string | null } | null } {
    const l = this.lookup;
    return { giveAway: Object.fromEntries(this.givenAway), lookupErrors: l && { fault: l.fault, left: l.left, until: l.until === null ? null : new Date(l.until).toISOString() } };
  }

  /** How a hotel that gave its rooms away answers a look-up of one of its bookings; null: it holds them. */
  giveAwayOf(hotelId: string): GiveAwayKind | null {
    return this.givenAway.get(hotelId) ?? null;
  }

  /** The error this booking status look-up answers, if the look-up errors still last (a counted one is used up). */
  drawLookup(now = Date.now()): FaultKind | null {
    const l = this.lookup;
    if (!l) return null;
    if (l.until !== null) return now < l.until ? l.fault : ((this.lookup = null), null);
    if (l.left !== null && l.left > 0) {
      l.left -= 1;
      if (l.left === 0) this.lookup = null;
      return l.fault;
    }
    return null;
  }

  /** The fault for one API call (not the token endpoint); `booking` marks a booking request. */
  draw(header: string | null, { booking }: { booking: boolean }): Drawn {
    let latencyMs = this.settings.latencyMs;
    const fromHeader = parseHeader(header);
    if (fromHeader.latencyMs !== undefined) latencyMs = fromHeader.latencyMs;
    if (fromHeader.fault) return { latencyMs, fault: fromHeader.fault };
    const queued = this.takeQueued(booking);
    if (queued) return { latencyMs, fault: queued === "none" ? null : queued };
    const s = this.settings;
    // one draw per rate, always in the same order, so a seed replays the same sequence
    const r = [this.rng.next(), this.rng.next(), this.rng.next(), this.rng.next(), this.rng.next()];
    if (r[0] < s.rate401) return { latencyMs, fault: "401" };
    if (r[1] < s.rate429) return { latencyMs, fault: "429" };
    if (r[2] < s.rate5xx) return { latencyMs, fault: "503" };
    if (r[3] < s.rateTimeout) return { latencyMs, fault: "timeout" };
    if (booking && r[4] < s.loseConfirmations) return { latencyMs, fault: "lose-confirmation" };
    return { latencyMs, fault: null };
  }

  private takeQueued(booking: boolean): FaultKind | null {
    const i = this.queue.findIndex((k) => k !== "lose-confirmation" || booking);
    // a queued lost confirmation waits for a booking; other calls pass it by
    return i < 0 ? null : this.queue.splice(i, 1)[0];
  }
}

function parseHeader(header: string | null): { fault?: FaultKind; latencyMs?: number } {
  if (!header) return {};
  const out: { fault?: FaultKind; latencyMs?: number } = {};
  for (const part of header.split(",").map((p) => p.trim())) {
    const latency = /^latency=(\d{1,6})$/.exec(part);
    if (latency) out.latencyMs = Number(latency[1]);
    else if ((FAULT_KINDS as readonly string[]).includes(part)) out.fault = part as FaultKind;
  }
  return out;
}

import { config } from "@/lib/config";

type Failures = { count: number; first: number; last: number; lockedUntil: number };
type Holder = { failures?: Map<string, Failures>; knownGood?: Map<string, Map<string, number>> };
const holder = ((globalThis as Record<string, unknown>).__dasSignInThrottle ??= {}) as Holder;
const failures = (holder.failures ??= new Map());
/** account → address → last successful sign-in from it */
const knownGood = (holder.knownGood ??= new Map());

const WINDOW_MS = 15 * 60_000;
/** per address: locked 30 s past its limit, doubling with each further failure up to 15 min */
const BASE_LOCK_MS = 30_000;
const MAX_LOCK_MS = 15 * 60_000;
/** per account: the wait between tries past its limit, 5 s doubling up to 5 min */
const BASE_DELAY_MS = 5_000;
const MAX_DELAY_MS = 5 * 60_000;
/** an address that signed in to an account stays known-good for it this long, at most this many per account */
const KNOWN_GOOD_MS = 30 * 24 * 60 * 60_000;
const KNOWN_GOOD_MAX = 20;

/** Failures per account (SIGN_IN_MAX_FAILURES, default 5) and per address (SIGN_IN_MAX_FAILURES_PER_IP, default 20); 0 turns one off. */
const limits = () => ({ account: config.SIGN_IN_MAX_FAILURES, ip: config.SIGN_IN_MAX_FAILURES_PER_IP });

const accountKey = (email: string) => `acct:${email.trim().toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

/**
 * Password guessing, slowed without handing an attacker a way to lock the real user out:
 * - per client address (lib/http/client-address.ts: the TCP peer, or what a TRUSTED_PROXIES proxy
 *   reports; a client's own X-Forwarded-For counts for nothing): past its limit an address is
 *   locked 30 s, doubling with each further failure up to 15 min, whatever account it tries;
 * - per account (keyed by the e-mail as typed, whether or not it exists, so nothing is revealed):
 *   past its limit, tries from addresses the account never signed in from must wait between each
 *   other, 5 s doubling up to 5 min after each failure: slowed, never locked. An address the
 *   account signed in from in the last 30 days is known-good and not slowed by the account's
 *   failures, so a guesser elsewhere cannot keep the real user out.
 * In-process, like the API's rate limit. Answers the seconds to wait, or 0 when a try is allowed.
 */
export function signInLockedFor(email: string, ip: string | null, now = Date.now()): number {
  const waits = [0];
  if (ip) {
    const f = failures.get(ipKey(ip));
    if (f && f.lockedUntil > now) waits.push(f.lockedUntil - now);
  }
  const acct = failures.get(accountKey(email));
  if (acct && acct.lockedUntil > now && !isKnownGood(email, ip, now)) waits.push(acct.lockedUntil - now);
  return Math.ceil(Math.max(...waits) / 1000);
}

export function recordSignInFailure(email: string, ip: string | null, now = Date.now()): void {
  const { account, ip: ipLimit } = limits();
  bump(accountKey(email), account, now, (over) => Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** over));
  if (ip) bump(ipKey(ip), ipLimit, now, (over) => Math.min(MAX_LOCK_MS, BASE_LOCK_MS * 2 ** over));
  if (failures.size > 50_000) sweep(now);
}

/**
 * A successful sign-in clears the account's failures (not the address's: one success must not
 * unlock a spray) and makes the address known-good for the account.
 */
export function recordSignInSuccess(email: string, ip: string | null = null, now = Date.now()): void {
  failures.delete(accountKey(email));
  if (!ip) return;
  const key = accountKey(email);
  const addresses = knownGood.get(key) ?? new Map<string, number>();
  addresses.delete(ip);
  addresses.set(ip, now);
  // the oldest goes first (a Map iterates in insertion order)
  while (addresses.size > KNOWN_GOOD_MAX) addresses.delete(addresses.keys().next().value!);
  knownGood.set(key, addresses);
  if (knownGood.size > 50_000) knownGood.delete(knownGood.keys().next().value!);
}

function isKnownGood(email: string, ip: string | null, now: number): boolean {
  const at = ip ? knownGood.get(accountKey(email))?.get(ip) : undefined;
  return at !== undefined && now - at < KNOWN_GOOD_MS;
}

function bump(key: string, limit: number, now: number, wait: (over: number) => number) {
  if (limit === 0) return;
  let f = failures.get(key);
  if (!f || (now - f.last > WINDOW_MS && f.lockedUntil <= now)) {
    f = { count: 0, first: now, last: now, lockedUntil: 0 };
    failures.set(key, f);
  }
  f.count++;
  f.last = now;
  if (f.count >= limit) f.lockedUntil = now + wait(f.count - limit);
}

function sweep(now: number) {
  for (const [k, f] of failures) if (now - f.last > WINDOW_MS && f.lockedUntil <= now) failures.delete(k);
}

/** For tests: forget every failure and every known-good address. */
export function resetSignInThrottle(): void {
  failures.clear();
  knownGood.clear();
}

import { envInt } from "@/lib/config";

type Failures = { count: number; first: number; lockedUntil: number };
type Holder = { failures?: Map<string, Failures> };
const holder = ((globalThis as Record<string, unknown>).__dasSignInThrottle ??= {}) as Holder;
const failures = (holder.failures ??= new Map());

const WINDOW_MS = 15 * 60_000;
const MAX_LOCK_MS = 15 * 60_000;
const BASE_LOCK_MS = 30_000;

/** Failures per account (SIGN_IN_MAX_FAILURES, default 5) and per address (SIGN_IN_MAX_FAILURES_PER_IP, default 20). */
const limits = () => ({ account: envInt("SIGN_IN_MAX_FAILURES", 5), ip: envInt("SIGN_IN_MAX_FAILURES_PER_IP", 20) });

const keys = (email: string, ip: string | null) => ({ account: `acct:${email.trim().toLowerCase()}`, ip: ip ? `ip:${ip}` : null });

/**
 * Password guessing, slowed: past the allowed failures an account (or an address trying many
 * accounts) is locked for 30 s, doubling with each further failure up to 15 min, and while it is
 * locked even the right password is refused. Keyed by the e-mail as typed, whether or not such an
 * account exists, so a lockout reveals nothing. In-process, like the API's rate limit.
 * Answers the seconds to wait, or 0 when a try is allowed.
 */
export function signInLockedFor(email: string, ip: string | null, now = Date.now()): number {
  const k = keys(email, ip);
  const waits = [k.account, k.ip].map((key) => {
    const f = key ? failures.get(key) : undefined;
    return f && f.lockedUntil > now ? Math.ceil((f.lockedUntil - now) / 1000) : 0;
  });
  return Math.max(...waits);
}

export function recordSignInFailure(email: string, ip: string | null, now = Date.now()): void {
  const k = keys(email, ip);
  const { account, ip: ipLimit } = limits();
  bump(k.account, account, now);
  if (k.ip) bump(k.ip, ipLimit, now);
  if (failures.size > 50_000) sweep(now);
}

/** A successful sign-in clears the account's failures (not the address's: one success must not unlock a spray). */
export function recordSignInSuccess(email: string): void {
  failures.delete(keys(email, null).account);
}

function bump(key: string, limit: number, now: number) {
  if (limit === 0) return;
  let f = failures.get(key);
  if (!f || (now - f.first > WINDOW_MS && f.lockedUntil <= now)) {
    f = { count: 0, first: now, lockedUntil: 0 };
    failures.set(key, f);
  }
  f.count++;
  if (f.count >= limit) f.lockedUntil = now + Math.min(MAX_LOCK_MS, BASE_LOCK_MS * 2 ** (f.count - limit));
}

function sweep(now: number) {
  for (const [k, f] of failures) if (now - f.first > WINDOW_MS && f.lockedUntil <= now) failures.delete(k);
}

/** For tests: forget every failure. */
export function resetSignInThrottle(): void {
  failures.clear();
}

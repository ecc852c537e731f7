import { and, eq, isNull, lt } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { consoleSessions } from "@/db/schema";
import { config } from "@/lib/config";
import { newId } from "@/lib/ids";

/** A console session lives 12 hours from sign-in, whatever the cookie says. */
export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

type Entry = { live: boolean; until: number };
type Holder = { sessions?: Map<string, Entry> };
const holder = ((globalThis as Record<string, unknown>).__dasConsoleSessions ??= {}) as Holder;
const cache = (holder.sessions ??= new Map());

/**
 * How long this process believes a live answer (SESSION_CHECK_CACHE_MS, default 5000; 0 checks the
 * database on every request). A revocation made in this process applies here at once; one made
 * in another process applies here within this time. A revoked answer is believed for good.
 */
const cacheMs = () => config.SESSION_CHECK_CACHE_MS;

/** A new session row at sign-in; its id becomes the JWT's `jti`. Expired rows are pruned on the way. */
export async function startConsoleSession(db: DbOrTx, o: { tenant: string; sub: string }, now = new Date()): Promise<string> {
  const sid = newId();
  await db.delete(consoleSessions).where(lt(consoleSessions.expiresAt, now));
  await db.insert(consoleSessions).values({ sid, tenant: o.tenant, sub: o.sub, createdAt: now, expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000) });
  remember(`${sid}|${o.tenant}|${o.sub}`, true);
  return sid;
}

/**
 * Whether the session of a console cookie may still act: its row exists for this tenant and
 * subject, is not revoked and has not expired. A cookie whose `jti` has no row (forged with a
 * leaked secret, or minted before sessions were recorded) is not live.
 */
export async function isConsoleSessionLive(db: DbOrTx, o: { sid: string | undefined; tenant: string; sub: string }): Promise<boolean> {
  if (!o.sid) return false;
  if (cache.get(o.sid)?.live === false) return false; // revoked in this process
  const key = `${o.sid}|${o.tenant}|${o.sub}`;
  const hit = cache.get(key);
  if (hit && (!hit.live || hit.until > Date.now())) return hit.live;
  const [row] = await db
    .select({ revokedAt: consoleSessions.revokedAt, expiresAt: consoleSessions.expiresAt })
    .from(consoleSessions)
    .where(and(eq(consoleSessions.sid, o.sid), eq(consoleSessions.tenant, o.tenant), eq(consoleSessions.sub, o.sub)))
    .limit(1);
  const live = !!row && !row.revokedAt && row.expiresAt.getTime() > Date.now();
  remember(key, live);
  return live;
}

/** Sign-out: the one session ends on the server; its cookie, replayed, is refused. */
export async function revokeConsoleSession(db: DbOrTx, sid: string, by: string): Promise<void> {
  forget(sid);
  await db
    .update(consoleSessions)
    .set({ revokedAt: new Date(), revokedBy: by })
    .where(and(eq(consoleSessions.sid, sid), isNull(consoleSessions.revokedAt)));
}

/** Every live session of one user of a tenant ends; answers their ids (for the audit and this process's cache). */
export async function revokeUserSessions(db: DbOrTx, o: { tenant: string; sub: string; by: string }): Promise<string[]> {
  const rows = await db
    .update(consoleSessions)
    .set({ revokedAt: new Date(), revokedBy: o.by })
    .where(and(eq(consoleSessions.tenant, o.tenant), eq(consoleSessions.sub, o.sub), isNull(consoleSessions.revokedAt)))
    .returning({ sid: consoleSessions.sid });
  for (const r of rows) forget(r.sid);
  return rows.map((r) => r.sid);
}

function remember(key: string, live: boolean) {
  if (cache.size > 10_000) cache.clear();
  cache.set(key, { live, until: Date.now() + cacheMs() });
}

/** Marks a session revoked in this process's cache, under every key it may be cached by. */
function forget(sid: string) {
  for (const key of cache.keys()) if (key === sid || key.startsWith(`${sid}|`)) cache.delete(key);
  cache.set(sid, { live: false, until: Number.POSITIVE_INFINITY });
}

/** For tests: forget every cached answer. */
export function resetSessionCache(): void {
  cache.clear();
}

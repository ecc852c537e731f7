import { encode } from "next-auth/jwt";
import type { DbOrTx } from "@/db/client";
import { startConsoleSession } from "@/lib/auth/console-sessions";
import { authSecret } from "@/lib/auth/secret";
import { newUrn } from "@/lib/ids";

export type ConsoleCookie = { cookie: string; sid: string; sub: string };

/**
 * A console session cookie as sign-in leaves it: a recorded session row (lib/auth/console-sessions.ts)
 * and next-auth's encrypted JWT carrying its id as `sid`. `sid: null` forges a cookie with no row.
 */
export async function consoleCookie(
  db: DbOrTx,
  o: { tenant: string; roles?: string[]; airports?: string[]; hotels?: string[]; sub?: string; sid?: string | null },
): Promise<ConsoleCookie> {
  const sub = o.sub ?? newUrn("user");
  const sid = o.sid === undefined ? await startConsoleSession(db, { tenant: o.tenant, sub }) : (o.sid ?? undefined);
  const value = await encode({
    token: { sub, tenant: o.tenant, roles: o.roles ?? ["OPS_SUPERVISOR"], airports: o.airports ?? ["*"], hotels: o.hotels ?? [], name: "Ops", email: "ops@x.test", ...(sid ? { sid } : {}) },
    secret: authSecret(),
    salt: "authjs.session-token",
  });
  return { cookie: `authjs.session-token=${value}`, sid: sid ?? "", sub };
}

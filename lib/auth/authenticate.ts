import { and, eq, isNotNull } from "drizzle-orm";
import { getToken } from "next-auth/jwt";
import type { DbOrTx } from "@/db/client";
import { serviceTokens } from "@/db/schema";
import { unauthenticated } from "@/lib/errors";
import { type Principal, TokenClaims, principalFromClaims } from "./principal";
import { authSecret } from "./secret";
import { verifyToken } from "./tokens";

/**
 * The principal of a request: a bearer token (verified, then checked against revocations), or
 * else the console's next-auth session cookie. Neither: 401.
 */
export async function authenticate(req: Request, db: DbOrTx): Promise<Principal> {
  const header = req.headers.get("authorization");
  if (header !== null) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw unauthenticated("The Authorization header must be `Bearer <token>`.");
    const principal = await verifyToken(match[1]);
    if (principal.jti && (await isRevoked(db, principal.jti))) throw unauthenticated("The token has been revoked.");
    return principal;
  }
  const session = await sessionPrincipal(req);
  if (session) return session;
  throw unauthenticated();
}

async function isRevoked(db: DbOrTx, jti: string): Promise<boolean> {
  const rows = await db
    .select({ jti: serviceTokens.jti })
    .from(serviceTokens)
    .where(and(eq(serviceTokens.jti, jti), isNotNull(serviceTokens.revokedAt)))
    .limit(1);
  return rows.length > 0;
}

async function sessionPrincipal(req: Request): Promise<Principal | null> {
  const cookie = req.headers.get("cookie");
  if (!cookie || !cookie.includes("authjs.session-token")) return null;
  const secureCookie = cookie.includes("__Secure-authjs.session-token");
  const token = await getToken({ req, secret: authSecret(), secureCookie }).catch(() => null);
  if (!token) return null;
  const claims = TokenClaims.safeParse({ ...token, jti: token.jti ?? "session", iat: token.iat ?? 0, exp: token.exp ?? 0 });
  if (!claims.success) return null;
  return { ...principalFromClaims(claims.data), kind: "user" };
}

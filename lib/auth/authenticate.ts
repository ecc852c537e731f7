import { eq } from "drizzle-orm";
import { getToken } from "next-auth/jwt";
import type { DbOrTx } from "@/db/client";
import { serviceTokens } from "@/db/schema";
import { DomainError, forbidden, unauthenticated } from "@/lib/errors";
import { isForeignOrigin, SAFE_METHODS } from "@/lib/http/origin";
import { isConsoleSessionLive } from "./console-sessions";
import { withHotelAirports } from "./hotel-airports";
import { type Principal, TokenClaims, principalFromClaims } from "./principal";
import { authSecret } from "./secret";
import { formatSeconds, serviceTokenMaxTtlSeconds, tokenMaxTtlSeconds, verifyToken } from "./tokens";

/**
 * The principal of a request: a bearer token (verified, then checked against revocations and the
 * longest lifetime allowed), or else the console's next-auth session cookie. Neither: 401 with a
 * `WWW-Authenticate: Bearer` challenge (RFC 6750; `error="invalid_token"` when a token was sent).
 */
export async function authenticate(req: Request, db: DbOrTx): Promise<Principal> {
  const header = req.headers.get("authorization");
  if (header !== null) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw challenge(unauthenticated("The Authorization header must be `Bearer <token>`."), false);
    try {
      return await withHotelAirports(db, await bearerPrincipal(match[1], db));
    } catch (err) {
      throw err instanceof DomainError && err.status === 401 ? challenge(err, true) : err;
    }
  }
  const session = await sessionPrincipal(req, db).then((p) => (p ? withHotelAirports(db, p) : null));
  if (session) {
    // a session cookie rides along on any request the browser makes, including one a foreign page
    // triggers: a state change must come from the console's own origin (bearer tokens are not sent
    // by browsers on their own, so they need no such check)
    if (!SAFE_METHODS.has(req.method.toUpperCase()) && isForeignOrigin(req)) {
      throw forbidden(
        `A ${req.method} with the console's session cookie must come from the console itself; this one came from ${req.headers.get("origin") ?? "another site"}. Use a bearer token to call the API from elsewhere.`,
      );
    }
    return session;
  }
  throw challenge(unauthenticated(), false);
}

async function bearerPrincipal(token: string, db: DbOrTx): Promise<Principal & { exp?: number }> {
  const { principal, exp } = await verifyTokenWithExpiry(token);
  const now = Math.floor(Date.now() / 1000);
  const lifetime = exp - now;
  // a recorded service token (console, Admin → Service tokens) is revocable by jti and may live longer
  const recorded = principal.jti ? await serviceTokenRow(db, principal.jti) : undefined;
  if (recorded?.revokedAt) throw unauthenticated("The token has been revoked.");
  const max = recorded ? serviceTokenMaxTtlSeconds() : tokenMaxTtlSeconds();
  if (lifetime > max) {
    throw unauthenticated(
      `The token's expiry is ${formatSeconds(lifetime)} away; tokens may live at most ${formatSeconds(max)}${recorded ? "" : " (mint a service token in the console for a longer-lived client)"}.`,
    );
  }
  return principal;
}

/** verifyToken, plus the `exp` claim it checked. */
async function verifyTokenWithExpiry(token: string): Promise<{ principal: Principal; exp: number }> {
  const principal = await verifyToken(token);
  const exp = expOf(token);
  if (exp === null) throw unauthenticated("The token lacks a required claim: exp.");
  return { principal, exp };
}

function expOf(token: string): number | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as { exp?: unknown };
    return typeof payload.exp === "number" ? payload.exp : null;
  } catch {
    return null;
  }
}

async function serviceTokenRow(db: DbOrTx, jti: string) {
  const [row] = await db.select({ revokedAt: serviceTokens.revokedAt }).from(serviceTokens).where(eq(serviceTokens.jti, jti)).limit(1);
  return row;
}

function challenge(err: DomainError, tokenSent: boolean): DomainError {
  const value = tokenSent
    ? `Bearer realm="api", error="invalid_token", error_description="${err.message.replace(/["\\]/g, "'")}"`
    : 'Bearer realm="api"';
  return new DomainError(err.status, err.code, err.message, err.errors, { ...err.headers, "WWW-Authenticate": value }, err.extensions);
}

async function sessionPrincipal(req: Request, db: DbOrTx): Promise<Principal | null> {
  const cookie = req.headers.get("cookie");
  if (!cookie || !cookie.includes("authjs.session-token")) return null;
  const secureCookie = cookie.includes("__Secure-authjs.session-token");
  const token = await getToken({ req, secret: authSecret(), secureCookie }).catch(() => null);
  if (!token) return null;
  const claims = TokenClaims.safeParse({ ...token, jti: token.jti ?? "session", iat: token.iat ?? 0, exp: token.exp ?? 0 });
  if (!claims.success) return null;
  // signed out, ended by an ADMIN, expired or never recorded: the cookie alone proves nothing
  const sid = typeof token.sid === "string" ? token.sid : undefined;
  if (!(await isConsoleSessionLive(db, { sid, tenant: claims.data.tenant, sub: claims.data.sub }))) return null;
  // no jti: the rate limit keys a console user by subject, as console server actions do (lib/console/session-ctx.ts)
  return { ...principalFromClaims(claims.data), kind: "user", jti: undefined };
}

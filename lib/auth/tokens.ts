import { createRemoteJWKSet, errors as joseErrors, jwtVerify, SignJWT, type JWTVerifyGetKey } from "jose";
import { v7 as uuidv7 } from "uuid";
import { DomainError, unauthenticated } from "@/lib/errors";
import { config } from "@/lib/config";
import { type Principal, principalFromClaims, TokenClaims } from "./principal";
import type { Role } from "./roles";
import { authSecret } from "./secret";

export type MintInput = {
  tenant: string;
  roles: Role[];
  airports: string[];
  sub?: string;
  ttlSeconds?: number;
  /** the longest ttl allowed: TOKEN_MAX_TTL unless the caller records the token (service tokens) */
  maxTtlSeconds?: number;
  jti?: string;
  name?: string;
  /** HOTEL tokens: the hotel URNs the holder acts for */
  hotels?: string[];
};

export type Minted = { token: string; jti: string; expiresAt: Date; claims: TokenClaims };

/** Clock skew tolerated on `iat`: a token issued a little "in the future" by a drifting clock. */
export const IAT_SKEW_SECONDS = 60;

/** Longest lifetime of a token for a person or a script (TOKEN_MAX_TTL, default 24h), in seconds. */
export const tokenMaxTtlSeconds = () => config.TOKEN_MAX_TTL;
/**
 * Longest lifetime of a service token minted in the console (SERVICE_TOKEN_MAX_TTL, default 730d):
 * those are recorded by `jti`, so they can be revoked, and may outlive TOKEN_MAX_TTL.
 */
export const serviceTokenMaxTtlSeconds = () => config.SERVICE_TOKEN_MAX_TTL;

/** "86400" → "24h", for messages. */
export function formatSeconds(s: number): string {
  if (s % 86_400 === 0 && s > 86_400) return `${s / 86_400}d`;
  if (s % 3600 === 0) return `${s / 3600}h`;
  if (s % 60 === 0) return `${s / 60}m`;
  return `${s}s`;
}

export class TokenTtlError extends DomainError {
  constructor(ttl: number, max: number) {
    super(422, "VALIDATION_FAILED", `A token may live at most ${formatSeconds(max)}; ${formatSeconds(ttl)} was asked.`, [
      { path: "ttl", message: `at most ${formatSeconds(max)}` },
    ]);
  }
}

function key(): Uint8Array {
  return new TextEncoder().encode(authSecret());
}

export async function mintToken(input: MintInput): Promise<Minted> {
  const now = Math.floor(Date.now() / 1000);
  const ttl = input.ttlSeconds ?? 3600;
  const max = input.maxTtlSeconds ?? tokenMaxTtlSeconds();
  if (ttl > max) throw new TokenTtlError(ttl, max);
  const claims = TokenClaims.parse({
    sub: input.sub ?? `urn:svc:user:${uuidv7()}`,
    tenant: input.tenant,
    roles: input.roles,
    airports: input.airports,
    iat: now,
    exp: now + ttl,
    jti: input.jti ?? uuidv7(),
    ...(input.name ? { name: input.name } : {}),
    ...(input.hotels?.length ? { hotels: input.hotels } : {}),
  });
  const token = await new SignJWT({ ...claims }).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(key());
  return { token, jti: claims.jti, expiresAt: new Date(claims.exp * 1000), claims };
}

let jwks: { url: string; get: JWTVerifyGetKey } | undefined;

/**
 * Tokens whose HS256 signature and claims were verified, until their expiry: an HMAC per request
 * was an eighth of a case read's CPU, and a feed or console sends the same token thousands of
 * times. Keyed by the whole token under the secret that verified it; revocation is still checked
 * per request by the caller. Bounded: the oldest entries go first.
 */
const verified = new Map<string, { secret: string; principal: Principal; exp: number }>();
const VERIFIED_MAX = 10_000;

function remember(token: string, entry: { secret: string; principal: Principal; exp: number }) {
  if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
  verified.set(token, entry);
}

/**
 * Verifies a bearer token: HS256 with AUTH_SECRET, or against the identity provider's JWKS when
 * AUTH_JWKS_URL is set. `alg: none`, a wrong signature, expiry or a missing claim: 401.
 */
export async function verifyToken(token: string): Promise<Principal> {
  const jwksUrl = config.AUTH_JWKS_URL;
  const secret = jwksUrl ? null : authSecret();
  const known = secret ? verified.get(token) : undefined;
  if (known && known.secret === secret && known.exp > Date.now() / 1000) return { ...known.principal };
  try {
    const { payload } = jwksUrl
      ? await jwtVerify(token, remoteKeys(jwksUrl), {
          issuer: config.AUTH_ISSUER,
          audience: config.AUTH_AUDIENCE,
          requiredClaims: ["exp", "iat", "jti", "sub"],
        })
      : await jwtVerify(token, key(), { algorithms: ["HS256"], requiredClaims: ["exp", "iat", "jti", "sub"] });
    const claims = TokenClaims.safeParse(payload);
    if (!claims.success) {
      throw unauthenticated(`The token lacks a required claim: ${claims.error.issues.map((i) => i.path.join(".")).join(", ")}.`);
    }
    const now = Math.floor(Date.now() / 1000);
    if (claims.data.iat > now + IAT_SKEW_SECONDS) throw unauthenticated("The token is issued in the future (`iat`); check the issuer's clock.");
    const principal = principalFromClaims(claims.data);
    if (secret) remember(token, { secret, principal, exp: claims.data.exp });
    return { ...principal };
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw unauthenticated("The token has expired.");
    if (err instanceof joseErrors.JOSEError) throw unauthenticated("The token is invalid.");
    throw err;
  }
}

function remoteKeys(url: string): JWTVerifyGetKey {
  if (jwks?.url !== url) jwks = { url, get: createRemoteJWKSet(new URL(url)) };
  return jwks.get;
}

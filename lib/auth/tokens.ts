import { createRemoteJWKSet, errors as joseErrors, jwtVerify, SignJWT, type JWTVerifyGetKey } from "jose";
import { v7 as uuidv7 } from "uuid";
import { unauthenticated } from "@/lib/errors";
import { type Principal, principalFromClaims, TokenClaims } from "./principal";
import type { Role } from "./roles";
import { authSecret } from "./secret";

export type MintInput = {
  tenant: string;
  roles: Role[];
  airports: string[];
  sub?: string;
  ttlSeconds?: number;
  jti?: string;
  name?: string;
};

export type Minted = { token: string; jti: string; expiresAt: Date; claims: TokenClaims };

function key(): Uint8Array {
  return new TextEncoder().encode(authSecret());
}

export async function mintToken(input: MintInput): Promise<Minted> {
  const now = Math.floor(Date.now() / 1000);
  const ttl = input.ttlSeconds ?? 3600;
  const claims = TokenClaims.parse({
    sub: input.sub ?? `urn:svc:user:${uuidv7()}`,
    tenant: input.tenant,
    roles: input.roles,
    airports: input.airports,
    iat: now,
    exp: now + ttl,
    jti: input.jti ?? uuidv7(),
    ...(input.name ? { name: input.name } : {}),
  });
  const token = await new SignJWT({ ...claims }).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(key());
  return { token, jti: claims.jti, expiresAt: new Date(claims.exp * 1000), claims };
}

let jwks: { url: string; get: JWTVerifyGetKey } | undefined;

/**
 * Verifies a bearer token: HS256 with AUTH_SECRET, or against the identity provider's JWKS when
 * AUTH_JWKS_URL is set. `alg: none`, a wrong signature, expiry or a missing claim: 401.
 */
export async function verifyToken(token: string): Promise<Principal> {
  try {
    const jwksUrl = process.env.AUTH_JWKS_URL;
    const { payload } = jwksUrl
      ? await jwtVerify(token, remoteKeys(jwksUrl), {
          issuer: process.env.AUTH_ISSUER || undefined,
          audience: process.env.AUTH_AUDIENCE || undefined,
          requiredClaims: ["exp", "iat", "jti", "sub"],
        })
      : await jwtVerify(token, key(), { algorithms: ["HS256"], requiredClaims: ["exp", "iat", "jti", "sub"] });
    const claims = TokenClaims.safeParse(payload);
    if (!claims.success) {
      throw unauthenticated(`The token lacks a required claim: ${claims.error.issues.map((i) => i.path.join(".")).join(", ")}.`);
    }
    return principalFromClaims(claims.data);
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

import NextAuth, { type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { z } from "zod";
import { headers } from "next/headers";
import { sameOriginPath } from "@/lib/http/sign-in-callback";
import { getDb } from "@/db/client";
import { config } from "@/lib/config";
import { isHttpsRequest, publicLocation } from "@/lib/http/client-address";
import { isConsoleSessionLive, revokeConsoleSession, SESSION_MAX_AGE_SECONDS, startConsoleSession } from "./console-sessions";
import { authorizeCredentials } from "./credentials";
import { hotelRuleIssues } from "./hotel-rule";
import { Role } from "./roles";
import { authSecret } from "./secret";

/** What the console session carries: the same claims as an API token (`hotels` for HOTEL users, else empty). */
export type SessionUser = { sub: string; tenant: string; roles: Role[]; airports: string[]; hotels: string[]; name: string; email: string };

const OidcClaims = z.object({
  sub: z.string(),
  email: z.string().optional(),
  name: z.string().optional(),
  tenant: z.string(),
  roles: z.array(Role),
  airports: z.array(z.string()),
  hotels: z.array(z.string()).optional(),
});

function providers(): NextAuthConfig["providers"] {
  const list: NextAuthConfig["providers"] = [
    Credentials({
      id: "credentials",
      name: "E-mail and password",
      credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Password", type: "password" } },
      authorize: (raw, request) => authorizeCredentials(raw, request),
    }),
  ];
  // production: an identity provider whose ID token carries tenant, roles and airports claims
  if (config.AUTH_OIDC_ISSUER) {
    list.push({
      id: "oidc",
      name: config.AUTH_OIDC_NAME,
      type: "oidc",
      issuer: config.AUTH_OIDC_ISSUER,
      clientId: config.AUTH_OIDC_ID,
      clientSecret: config.AUTH_OIDC_SECRET,
      profile(profile) {
        const p = OidcClaims.parse(profile);
        return { id: p.sub, email: p.email, name: p.name ?? p.email ?? p.sub, tenant: p.tenant, roles: p.roles, airports: p.airports, hotels: p.hotels ?? [] };
      },
    });
  }
  return list;
}

/** The request's headers: the one given (route handlers), else the current request's (pages, server actions). */
async function requestHeaders(req: Request | undefined): Promise<Headers | null> {
  if (req) return req.headers;
  try {
    return new Headers(await headers());
  } catch {
    return null; // outside a request
  }
}

export const { handlers, auth, signIn, signOut } = NextAuth(async (req) => {
  const reqHeaders = await requestHeaders(req);
  return {
    secret: authSecret(),
    trustHost: true,
    // Secure (and `__Secure-` named) cookies when the public side is HTTPS: PUBLIC_URL says so, or a
    // TRUSTED_PROXIES proxy does in X-Forwarded-Proto; anyone else's header is ignored
    useSecureCookies: isHttpsRequest(reqHeaders ? { headers: reqHeaders } : null),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/sign-in" },
    providers: providers(),
    events: {
      // sign-out ends the session on the server: the cookie, replayed, is refused from now on
      async signOut(message) {
        const token = "token" in message ? message.token : null;
        if (token?.sid) await revokeConsoleSession(await getDb(), String(token.sid), String(token.sub ?? "unknown"));
      },
    },
    callbacks: callbacks(),
  };
});

function callbacks(): NextAuthConfig["callbacks"] {
  return {
    /**
     * Sign-in by any provider: a user or identity-provider profile that breaks the HOTEL-alone rule
     * (HOTEL with another role, HOTEL without hotels, hotels without HOTEL) gets no session at all
     * (next-auth answers AccessDenied, which the sign-in page shows), rather than a session cut
     * down to one role we would have to guess. The API refuses such claims in a token the same way.
     */
    signIn({ user }) {
      const u = user as typeof user & { roles?: string[]; hotels?: string[] };
      return hotelRuleIssues({ roles: u.roles ?? [], hotels: u.hotels }).length === 0;
    },
    async jwt({ token, user }) {
      if (user) {
        const u = user as typeof user & { tenant: string; roles: Role[]; airports: string[]; hotels?: string[] };
        token.sub = u.id;
        token.tenant = u.tenant;
        token.roles = u.roles;
        token.airports = u.airports;
        token.hotels = u.hotels ?? [];
        // `sid`, not `jti`: next-auth's encode() replaces jti with a fresh random id on every write
        token.sid = await startConsoleSession(await getDb(), { tenant: u.tenant, sub: String(u.id) });
        return token;
      }
      // a cookie whose claims break the HOTEL-alone rule (one issued before the rule held for sessions) is no session
      if (hotelRuleIssues({ roles: (token.roles ?? []) as string[], hotels: token.hotels as string[] | undefined }).length) return null;
      // every later read: a revoked, expired or unrecorded session is no session (its cookie is cleared)
      const live = await isConsoleSessionLive(await getDb(), { sid: token.sid as string | undefined, tenant: String(token.tenant), sub: String(token.sub) });
      return live ? token : null;
    },
    /**
     * After sign-in or sign-out: a same-origin path only (lib/http/sign-in-callback.ts), whatever next-auth
     * was handed, under PUBLIC_URL or relative: never `baseUrl`, which is the address the server is
     * bound to (`http://0.0.0.0:3000`) or whatever host the request named.
     */
    redirect({ url, baseUrl }) {
      const path = url.startsWith(`${baseUrl}/`) ? url.slice(baseUrl.length) : url;
      return publicLocation(sameOriginPath(path));
    },
    session({ session, token }) {
      const user: SessionUser = {
        sub: String(token.sub),
        tenant: String(token.tenant),
        roles: (token.roles ?? []) as Role[],
        airports: (token.airports ?? []) as string[],
        hotels: (token.hotels ?? []) as string[],
        name: String(token.name ?? ""),
        email: String(token.email ?? ""),
      };
      return { ...session, user: { ...session.user, ...user } };
    },
  };
}

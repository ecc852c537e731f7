import NextAuth, { type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { z } from "zod";
import { authorizeCredentials } from "./credentials";
import { Role } from "./roles";
import { authSecret } from "./secret";

/** What the console session carries: the same claims as an API token. */
export type SessionUser = { sub: string; tenant: string; roles: Role[]; airports: string[]; name: string; email: string };

const OidcClaims = z.object({
  sub: z.string(),
  email: z.string().optional(),
  name: z.string().optional(),
  tenant: z.string(),
  roles: z.array(Role),
  airports: z.array(z.string()),
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
  if (process.env.AUTH_OIDC_ISSUER) {
    list.push({
      id: "oidc",
      name: process.env.AUTH_OIDC_NAME || "Single sign-on",
      type: "oidc",
      issuer: process.env.AUTH_OIDC_ISSUER,
      clientId: process.env.AUTH_OIDC_ID,
      clientSecret: process.env.AUTH_OIDC_SECRET,
      profile(profile) {
        const p = OidcClaims.parse(profile);
        return { id: p.sub, email: p.email, name: p.name ?? p.email ?? p.sub, tenant: p.tenant, roles: p.roles, airports: p.airports };
      },
    });
  }
  return list;
}

export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
  secret: authSecret(),
  trustHost: true,
  session: { strategy: "jwt", maxAge: 12 * 60 * 60 },
  pages: { signIn: "/sign-in" },
  providers: providers(),
  callbacks: {
    jwt({ token, user }) {
      if (user) {
        const u = user as typeof user & { tenant: string; roles: Role[]; airports: string[] };
        token.sub = u.id;
        token.tenant = u.tenant;
        token.roles = u.roles;
        token.airports = u.airports;
        token.jti ??= crypto.randomUUID();
      }
      return token;
    },
    session({ session, token }) {
      const user: SessionUser = {
        sub: String(token.sub),
        tenant: String(token.tenant),
        roles: (token.roles ?? []) as Role[],
        airports: (token.airports ?? []) as string[],
        name: String(token.name ?? ""),
        email: String(token.email ?? ""),
      };
      return { ...session, user: { ...session.user, ...user } };
    },
  },
}));

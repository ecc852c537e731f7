import { inArray, like } from "drizzle-orm";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { hotels, users } from "@/db/schema";
import { scopeWords } from "@/lib/users/scope-words";
import { config } from "@/lib/config";
import { sessionUser } from "@/lib/console/session-ctx";
import { safeCallback } from "@/lib/http/sign-in-callback";
import { SignInForm, type DemoAccount } from "./sign-in-form";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

// The demo accounts the seed creates for the embedded setup; shown only while they exist.
const DEMO_DOMAIN = "@demo.test";

async function demoAccounts(): Promise<DemoAccount[]> {
  if (config.DEMO_ACCOUNTS === "off") return [];
  try {
    const db = await getDb();
    const rows = await db
      .select({ email: users.email, name: users.name, roles: users.roles, airports: users.airports, hotels: users.hotels })
      .from(users)
      .where(like(users.email, `%${DEMO_DOMAIN}`));
    // a hotel user acts for their hotel(s), whatever their airports claim says: named, not "all airports"
    const hotelUrns = [...new Set(rows.flatMap((r) => r.hotels))];
    const named = hotelUrns.length ? await db.select({ urn: hotels.urn, name: hotels.name, airport: hotels.airport }).from(hotels).where(inArray(hotels.urn, hotelUrns)) : [];
    const byUrn = new Map(named.map((h) => [h.urn, h]));
    const order = ["ADMIN", "OPS_SUPERVISOR", "AIRPORT_OPERATOR", "HOTEL"];
    return rows
      .map((r) => ({ email: r.email, name: r.name, roles: r.roles, scope: scopeWords({ roles: r.roles, airports: r.airports, hotels: r.hotels.map((u) => byUrn.get(u) ?? { name: null, airport: null }) }) }))
      .sort((a, b) => order.indexOf(a.roles[0]) - order.indexOf(b.roles[0]) || a.email.localeCompare(b.email));
  } catch {
    return [];
  }
}

const ERRORS: Record<string, string> = {
  CredentialsSignin: "E-mail or password is incorrect.",
  AccessDenied: "Your account may not use this console.",
  Default: "Sign-in did not complete. Try again.",
};

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const callbackUrl = safeCallback(params.callbackUrl);
  if (await sessionUser()) redirect(callbackUrl);
  const sso = config.AUTH_OIDC_ISSUER ? config.AUTH_OIDC_NAME : null;
  return (
    <main className="flex min-h-dvh items-center justify-center p-4">
      <SignInForm
        callbackUrl={callbackUrl}
        ssoName={sso}
        demoAccounts={await demoAccounts()}
        // next-auth's own pages send errors back here as ?error=<type>
        initialError={params.error ? ERRORS[String(params.error)] ?? ERRORS.Default : undefined}
      />
    </main>
  );
}

import { eq } from "drizzle-orm";
// the class next-auth re-exports, imported from its source so this module loads outside Next (tests)
import { CredentialsSignin } from "@auth/core/errors";
import { z } from "zod";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { clientAddress } from "@/lib/http/client-address";
import { verifyPassword } from "./password";
import type { Role } from "./roles";
import { recordSignInFailure, recordSignInSuccess, signInLockedFor } from "./sign-in-throttle";

const Credentials$ = z.object({ email: z.string().email(), password: z.string().min(1) });

export type SignedInUser = { id: string; email: string; name: string; tenant: string; roles: Role[]; airports: string[]; hotels: string[] };

/** Too many failures: next-auth passes `code` to the sign-in action, which tells the user to wait (lib/auth/sign-in-throttle.ts). */
export class SignInThrottled extends CredentialsSignin {
  code = "throttled";
  constructor(readonly retryAfterSeconds: number) {
    super(`sign-in slowed: wait ${retryAfterSeconds}s`);
  }
}

/** The client address: the TCP peer, or what a TRUSTED_PROXIES proxy reports (never a client's own header). */
export function clientIp(req: Request | undefined): string | null {
  return req ? clientAddress(req) : null;
}

/** The credentials provider's check: e-mail and password of a seeded user, throttled per account and address. */
export async function authorizeCredentials(raw: unknown, req?: Request): Promise<SignedInUser | null> {
  const parsed = Credentials$.safeParse(raw);
  if (!parsed.success) return null;
  const email = parsed.data.email.toLowerCase();
  const ip = clientIp(req);
  const wait = signInLockedFor(email, ip);
  if (wait > 0) throw new SignInThrottled(wait);
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user || !(await verifyPassword(parsed.data.password, user.passwordHash))) {
    recordSignInFailure(email, ip);
    return null;
  }
  recordSignInSuccess(email, ip);
  return { id: user.urn, email: user.email, name: user.name, tenant: user.tenant, roles: user.roles as Role[], airports: user.airports, hotels: user.hotels ?? [] };
}

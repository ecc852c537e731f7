import { safeCallback } from "@/lib/http/sign-in-callback";
import { publicSignInUrl } from "./client-address";

/**
 * /login, /signin and /auth/login are where people (and password managers) look for the sign-in
 * page: each answers a redirect to /sign-in instead of "Nothing here". A callbackUrl goes along
 * only as safeCallback leaves it, a same-origin path (anything else is an open redirect, see
 * docs/security.md), so /login?callbackUrl=https://evil lands on sign-in with the default page.
 */
export function signInAlias(req: Request): Response {
  const asked = new URL(req.url).searchParams.get("callbackUrl");
  const location = asked === null ? publicSignInUrl("").replace(/\?callbackUrl=$/, "") : publicSignInUrl(safeCallback(asked));
  return new Response(null, { status: 307, headers: { location, "cache-control": "no-store" } });
}

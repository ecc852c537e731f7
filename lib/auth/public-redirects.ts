import type { NextRequest } from "next/server";
import { publicLocation } from "@/lib/http/client-address";

type AuthHandler = (req: NextRequest) => Promise<Response>;

/**
 * next-auth's endpoints (/api/auth/*) with their redirects and their callback-URL cookie on the
 * public origin. Behind `next start` a request's URL names the address the server is bound to
 * (`http://0.0.0.0:3000`), and next-auth builds from it both its redirects (after sign-in the
 * browser was sent to `http://0.0.0.0:3000/cases`) and, on any of its endpoints asked without a
 * callbackUrl, the `authjs.callback-url` cookie, which then told every browser the internal address
 * (docs/security.md, "Sign-in"). A redirect or that cookie naming our own origin becomes PUBLIC_URL +
 * path, else the path alone; a redirect to another site (the identity provider's sign-in page) is
 * left as it is.
 */
export function withPublicRedirects(handler: AuthHandler): AuthHandler {
  return async (req) => {
    const res = await handler(req);
    const origin = new URL(req.url).origin;
    const location = res.headers.get("location");
    const fixedLocation = location ? publicRedirect(location, origin) : null;
    const cookies = res.headers.getSetCookie();
    const fixedCookies = cookies.map((c) => publicCallbackCookie(c, origin));
    if (fixedLocation === location && fixedCookies.every((c, i) => c === cookies[i])) return res;
    // a copy: a redirect's headers may be immutable; set-cookie values are copied one by one
    const headers = new Headers(res.headers);
    if (location && fixedLocation) headers.set("location", fixedLocation);
    headers.delete("set-cookie");
    for (const c of fixedCookies) headers.append("set-cookie", c);
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  };
}

/** next-auth's callback-URL cookie (`authjs.callback-url`, `__Secure-` prefixed over HTTPS). */
const CALLBACK_COOKIE = /^((?:__Secure-|__Host-)?(?:authjs|next-auth)\.callback-url)=([^;]*)(.*)$/s;

/** A Set-Cookie line: the callback-URL cookie's value moved off the request's origin as a redirect is; any other line as it is. */
export function publicCallbackCookie(setCookie: string, requestOrigin: string): string {
  const m = CALLBACK_COOKIE.exec(setCookie);
  if (!m) return setCookie;
  let value: string;
  try {
    value = decodeURIComponent(m[2]);
  } catch {
    return setCookie;
  }
  if (!value) return setCookie;
  const fixed = publicRedirect(value, requestOrigin);
  return fixed === value ? setCookie : `${m[1]}=${encodeURIComponent(fixed)}${m[3]}`;
}

/** A Location on the request's own origin, moved to the public one (or made relative); any other left alone. */
export function publicRedirect(location: string, requestOrigin: string): string {
  let url: URL;
  try {
    url = new URL(location, requestOrigin);
  } catch {
    return location;
  }
  if (url.origin !== requestOrigin) return location;
  return publicLocation(`${url.pathname}${url.search}${url.hash}`);
}

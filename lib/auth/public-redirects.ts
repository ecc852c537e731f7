import type { NextRequest } from "next/server";
import { publicLocation } from "@/lib/http/client-address";

type AuthHandler = (req: NextRequest) => Promise<Response>;

/**
 * next-auth's endpoints (/api/auth/*) with their redirects on the public origin. Behind `next start`
 * a request's URL names the address the server is bound to (`http://0.0.0.0:3000`), and next-auth
 * builds its redirects from it: after sign-in the browser was sent to `http://0.0.0.0:3000/cases`.
 * A redirect to our own origin becomes PUBLIC_URL + path, else the path alone; one to another site
 * (the identity provider's sign-in page) is left as it is.
 */
export function withPublicRedirects(handler: AuthHandler): AuthHandler {
  return async (req) => {
    const res = await handler(req);
    const location = res.headers.get("location");
    if (!location) return res;
    const fixed = publicRedirect(location, new URL(req.url).origin);
    if (fixed === location) return res;
    // a copy: a redirect's headers may be immutable; set-cookie values are copied one by one
    const headers = new Headers(res.headers);
    headers.set("location", fixed);
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  };
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

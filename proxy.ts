import { type NextRequest, NextResponse } from "next/server";
import { problemResponse } from "@/lib/api/problem";
import { hotelMayOpen, isHotelSession } from "@/lib/auth/hotel-console";
import { config as env } from "@/lib/config/env";
import { notFound } from "@/lib/errors";
import { isForeignOrigin } from "@/lib/http/origin";
import { RETURN_TO_HEADER } from "@/lib/http/return-to";
import { securityHeaders } from "@/lib/http/security-headers";
import { newId } from "@/lib/ids";

/** Where a path that names nothing is rendered: no such route, so the root not-found page (404). */
export const NOT_FOUND_PAGE = "/_not-found-page";

/**
 * In front of every route: a path whose percent-encoding does not decode (`%E0%A4%A`, `%ZZ`, `%`)
 * would make the router fail with a plain-text 500 before any handler runs, so it is answered
 * here as what it is, a path that names nothing: problem+json 404 under /api, the not-found page
 * elsewhere. A server action (any POST outside /api) posted from another site is refused calmly
 * with a plain 403 (Next would throw a 500).
 * A hotel's user is sent to the extranet from any console path here, before a page renders, so the
 * redirect carries nothing of the page (lib/auth/hotel-console.ts).
 */
export async function proxy(req: NextRequest): Promise<Response> {
  const path = rawPath(req.url);
  const isApi = path === "/api" || path.startsWith("/api/");
  if (!decodes(path)) {
    if (isApi) return withHeaders(problemResponse(notFound(`The path ${path}`), requestIdOf(req), path), path);
    return withHeaders(NextResponse.rewrite(new URL(NOT_FOUND_PAGE, req.url)), path);
  }
  // any POST outside /api is a server action to Next (a Next-Action header, or a multipart or
  // url-encoded form carrying $ACTION_ID_…: a form posted without JavaScript); the console has no
  // other: one from another site is refused here, whatever its headers (Next's own check was a 500)
  if (!isApi && req.method === "POST" && isForeignOrigin(req)) {
    return withHeaders(
      new Response("This form was sent from another site and was refused; nothing was changed. Open the console and try again.\n", {
        status: 403,
        headers: { "content-type": "text/plain; charset=utf-8" },
      }),
      path,
    );
  }
  if (!hotelMayOpen(path) && (await isHotelSession(req))) {
    // Next's proxy runtime wants an absolute Location: on the host the client asked for (its Host header), never the bind address
    const origin = env.PUBLIC_URL?.replace(/\/+$/, "") || `${req.nextUrl.protocol}//${req.headers.get("host") ?? req.nextUrl.host}`;
    const to = new URL("/extranet", origin);
    // NextResponse.redirect: the client router follows it on a navigation (an RSC fetch) as well as a full load
    const res = NextResponse.redirect(to, 307);
    res.headers.set("cache-control", "no-store");
    return withHeaders(res, path);
  }
  return withHeaders(NextResponse.next({ request: { headers: withReturnTo(req) } }), path);
}

/** The path and query asked for, for a layout's sign-in redirect (lib/http/return-to.ts): the client's own value is overwritten. */
function withReturnTo(req: NextRequest): Headers {
  const headers = new Headers(req.headers);
  headers.set(RETURN_TO_HEADER, `${req.nextUrl.pathname}${req.nextUrl.search}`);
  return headers;
}

/** The path as sent, still percent-encoded (the URL parser leaves `%ZZ` and a lone `%` as they are). */
function rawPath(url: string): string {
  const afterHost = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "");
  return afterHost.split(/[?#]/, 1)[0] || "/";
}

export function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

function requestIdOf(req: Request): string {
  const given = req.headers.get("x-request-id");
  return given && /^[\w.:-]{1,128}$/.test(given) ? given : newId();
}

/** The security headers for this path (the passenger page keeps its `no-referrer`: lib/http/security-headers.ts). */
function withHeaders<R extends Response>(res: R, path: string): R {
  for (const [k, v] of Object.entries(securityHeaders(path))) if (!res.headers.has(k)) res.headers.set(k, v);
  return res;
}

/** Every path but Next's hashed static assets (their headers come from next.config.ts). */
export const config = {
  matcher: ["/((?!_next/static|_next/image).*)"],
};


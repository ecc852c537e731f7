// relative: next.config.ts imports this file, and its loader knows no "@/" paths
import { config } from "../config/env";

/**
 * Headers every response carries (next.config.ts sets them on pages, API and assets; the proxy
 * on the answers it makes itself). Styles and Next's own inline bootstrap scripts need
 * 'unsafe-inline' without per-request nonces; everything else is same-origin only, and no page
 * may be framed (clickjacking on the console's approve/close buttons).
 */
export function contentSecurityPolicy(dev = config.NODE_ENV === "development"): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * The passenger's voucher page (`/v/{token}`): its URL is the passenger's credential, so no link
 * or resource it loads may learn it through Referer. The global policy must not overwrite it.
 */
export const NO_REFERRER_SOURCE = "/v/:token*";
export const isNoReferrerPath = (path: string) => path.startsWith("/v/");

export function securityHeaders(path = "/"): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": isNoReferrerPath(path) ? "no-referrer" : "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
  };
}

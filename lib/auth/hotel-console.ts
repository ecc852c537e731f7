import { getToken } from "next-auth/jwt";
import { authSecret } from "./secret";

/**
 * What a contracted hotel's user may open with its console session: the extranet, signing in and
 * out, the API (every route checks its own permission) and passenger links; every other page is
 * the airline's console. Deny by default, so a console page added later is closed to them too.
 */
const HOTEL_PATH = /^\/(?:extranet|api|sign-in|signin|login|auth|v|_next|_not-found-page|icon\.svg|favicon\.ico|apple-icon\.png|manifest\.webmanifest)(?:\/|$|\?)/;

export const hotelMayOpen = (path: string): boolean => HOTEL_PATH.test(path);

/**
 * Whether the request carries a HOTEL user's console session. Read in proxy.ts, before any page or
 * layout renders: Next renders a page beside its layout, so a layout's redirect came with the
 * page's data in the 307's body (issue 29: 50 audit entries). Only the cookie's claims are read
 * here; whether the session is still live is the page's business (a dead one ends at sign-in).
 */
export async function isHotelSession(req: Request): Promise<boolean> {
  const cookie = req.headers.get("cookie");
  if (!cookie?.includes("authjs.session-token")) return false;
  const secureCookie = cookie.includes("__Secure-authjs.session-token");
  const token = await getToken({ req, secret: authSecret(), secureCookie }).catch(() => null);
  return Array.isArray(token?.roles) && token.roles.includes("HOTEL");
}

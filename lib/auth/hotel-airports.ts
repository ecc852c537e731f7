import { inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { hotels } from "@/db/schema";
import type { Principal } from "./principal";

/**
 * A HOTEL principal's airports are its hotels' airports, whatever its claims or its stored user
 * say (users store `["*"]` for a hotel's user, and a token may claim any airport): a hotel's user
 * acts for its hotels, and `["*"]` would let any verb that trusts airport scope alone show it
 * every airport of the airline (issue 29: the audit log). Staff principals are answered as they are.
 * The sync builders (principalFromClaims, principalOf) already give a HOTEL principal no airport;
 * this fills in its hotels' airports where a database is at hand: authenticate() for tokens and
 * API sessions, sessionCtx() for console pages and server actions.
 */
export async function withHotelAirports(db: DbOrTx, principal: Principal): Promise<Principal> {
  if (!principal.roles.includes("HOTEL")) return principal;
  const urns = principal.hotels ?? [];
  const rows = urns.length ? await db.selectDistinct({ airport: hotels.airport }).from(hotels).where(inArray(hotels.urn, urns)) : [];
  return { ...principal, airports: rows.map((r) => r.airport).sort() };
}

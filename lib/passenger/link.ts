import { and, desc, eq, inArray } from "drizzle-orm";
import { type DbOrTx } from "@/db/client";
import { cases, type CaseRow, reservations, type ReservationRow } from "@/db/schema";
import { checkRateLimit } from "@/lib/api/rate-limit";
import type { Principal } from "@/lib/auth/principal";
import type { Ctx } from "@/lib/context";
import { DomainError, notFound, unauthenticated } from "@/lib/errors";
import { verifyPassengerToken } from "@/lib/vouchers/link";

export type PassengerLink = {
  /** the reservation the link was issued for: the actor's name in the audit */
  linkUrn: string;
  /** the stay the link shows now: the link's, or the stay that replaced it (a re-accommodation, the passenger's own choice) */
  reservation: ReservationRow;
  caseRow: CaseRow;
  /** acts as the link: its tenant, its airport, roles only as wide as the verbs it calls need */
  ctx: Ctx;
};

/** The actor of everything done through a passenger link: `passenger-link:<reservationUrn>` in the audit. */
export function passengerPrincipal(linkUrn: string, tenant: string, airport: string): Principal {
  return { sub: `passenger-link:${linkUrn}`, tenant, roles: ["AIRPORT_OPERATOR"], airports: [airport], kind: "service" };
}

/**
 * Opens a passenger link: the link is the credential, so it is checked before anything is read,
 * and counted against the per-link rate limit (429 with Retry-After). A forged, truncated or
 * unknown link is a 404 that says no more than "not found"; an expired one a 401. A stay replaced
 * by another (the link was mailed for the first) follows to the replacing one, as the voucher page
 * does. Nothing else of the tenant is reachable from here: the verbs get the reservation, its case
 * and a context whose principal can only name this link.
 */
export async function openPassengerLink(ctx: { db: DbOrTx; requestId?: string }, token: string, now = Date.now()): Promise<PassengerLink> {
  const check = verifyPassengerToken(token, now);
  if (!check.ok) {
    if (check.reason === "EXPIRED") throw unauthenticated("This passenger link has expired: ask the airline desk or use the newer link in your email.");
    throw notFound("The passenger link");
  }
  // per link, not per address: a family behind one hotel wifi must not lock each other out
  await checkRateLimit(`passenger:${check.reservationUrn}`);
  const reservation = await currentStay(ctx.db, check.reservationUrn);
  if (!reservation) throw notFound("The passenger link");
  const [caseRow] = await ctx.db.select().from(cases).where(eq(cases.urn, reservation.caseUrn)).limit(1);
  if (!caseRow) throw notFound("The passenger link");
  return {
    linkUrn: check.reservationUrn,
    reservation,
    caseRow,
    ctx: { db: ctx.db, requestId: ctx.requestId, principal: passengerPrincipal(check.reservationUrn, reservation.tenant, caseRow.airport) },
  };
}

/**
 * The stay a link shows: its own reservation, or the last stay that replaced it. A cancelled stay
 * follows its replacement; a CONFIRMED one follows a CONFIRMED replacement too, since the stay the
 * passenger chose is theirs as soon as it is confirmed, while the first is still being released.
 */
export async function currentStay(db: DbOrTx, urn: string): Promise<ReservationRow | null> {
  let [row] = await db.select().from(reservations).where(eq(reservations.urn, urn)).limit(1);
  for (let hops = 0; row && (row.status === "CANCELLED" || row.status === "CONFIRMED") && hops < 10; hops++) {
    const followed: ReservationRow["status"][] = row.status === "CANCELLED" ? ["CONFIRMED", "CHECKED_OUT", "CANCELLED"] : ["CONFIRMED", "CHECKED_OUT"];
    const [next] = await db
      .select()
      .from(reservations)
      .where(and(eq(reservations.previousUrn, row.urn), eq(reservations.stayChange, "REPLACEMENT"), inArray(reservations.status, followed)))
      .orderBy(desc(reservations.createdAt))
      .limit(1);
    if (!next) break;
    row = next;
  }
  return row ?? null;
}

/** An action (choose, decline) needs a stay that is still on: a cancelled one without a replacement is gone for the link. */
export function assertActionable(link: PassengerLink): void {
  if (link.reservation.status === "CANCELLED") throw notFound("The reservation of this link");
  if (link.caseRow.status === "CLOSED") throw new DomainError(409, "CASE_CLOSED", "This disruption is closed: ask the airline desk.");
}

/** The link read again after an action moved or cancelled its stay (no second count against the rate limit). */
export async function reopenPassengerLink(link: PassengerLink): Promise<PassengerLink> {
  const reservation = await currentStay(link.ctx.db, link.linkUrn);
  return reservation ? { ...link, reservation } : link;
}

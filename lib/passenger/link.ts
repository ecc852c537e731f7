import { eq } from "drizzle-orm";
import { type DbOrTx } from "@/db/client";
import { cases, type CaseRow, type ReservationRow } from "@/db/schema";
import type { Principal } from "@/lib/auth/principal";
import type { Permission } from "@/lib/auth/roles";
import type { Ctx } from "@/lib/context";
import { DomainError, notFound, unauthenticated } from "@/lib/errors";
import { currentStay } from "@/lib/vouchers/current-stay";
import { countPassengerLink, verifyPassengerToken } from "@/lib/vouchers/link";

export type PassengerLink = {
  /** the reservation the link was issued for: the actor's name in the audit */
  linkUrn: string;
  /** the stay the link shows now: the link's, or the stay that replaced it (a re-accommodation, the passenger's own choice) */
  reservation: ReservationRow;
  caseRow: CaseRow;
  /** acts as the link: its tenant, its airport, no role, only the permissions of PASSENGER_GRANTS */
  ctx: Ctx;
};

/**
 * The actor of everything done through a passenger link: `passenger-link:<reservationUrn>` in the
 * audit. No role: it holds only the permission its verbs check (reservation:cancel, for the
 * decline) and its case's airport, so any other verb handed this context refuses it with a 403.
 */
export const PASSENGER_GRANTS = ["reservation:cancel"] as const satisfies readonly Permission[];

export function passengerPrincipal(linkUrn: string, tenant: string, airport: string): Principal {
  return { sub: `passenger-link:${linkUrn}`, tenant, roles: [], grants: PASSENGER_GRANTS, airports: [airport], kind: "service" };
}

/** The link's signature and expiry, read from nothing but the token: the reservation it names, else a 404 (forged, truncated, unknown) or a 401 (expired). The routes' guard (lib/api/routes/passenger.ts) runs it before the body is read. */
export function checkPassengerToken(token: string, now = Date.now()): string {
  const check = verifyPassengerToken(token, now);
  if (check.ok) return check.reservationUrn;
  if (check.reason === "EXPIRED") throw unauthenticated("This passenger link has expired: ask the airline desk or use the newer link in your email.");
  throw notFound("The passenger link");
}

/**
 * Opens a passenger link: the link is the credential, so it is checked before anything is read,
 * and counted against the per-link rate limit (429 with Retry-After). A forged, truncated or
 * unknown link is a 404 that says no more than "not found"; an expired one a 401. A stay replaced
 * by another (the link was mailed for the first) follows to the replacing one, as the voucher page
 * does. The verbs get this reservation and its case, never a URN from the request, and a context
 * whose principal holds no role, only PASSENGER_GRANTS (a verb checking any other permission refuses it).
 */
export async function openPassengerLink(ctx: { db: DbOrTx; requestId?: string }, token: string, now = Date.now()): Promise<PassengerLink> {
  const linkUrn = checkPassengerToken(token, now);
  await countPassengerLink(linkUrn);
  const reservation = await currentStay(ctx.db, linkUrn);
  if (!reservation) throw notFound("The passenger link");
  const [caseRow] = await ctx.db.select().from(cases).where(eq(cases.urn, reservation.caseUrn)).limit(1);
  if (!caseRow) throw notFound("The passenger link");
  return {
    linkUrn,
    reservation,
    caseRow,
    ctx: { db: ctx.db, requestId: ctx.requestId, principal: passengerPrincipal(linkUrn, reservation.tenant, caseRow.airport) },
  };
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

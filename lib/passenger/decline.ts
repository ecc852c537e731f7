import { eq } from "drizzle-orm";
import { reservations } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { cancelReservation } from "@/lib/booking/cancel";
import { DomainError, notFound } from "@/lib/errors";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n";
import { printable } from "@/lib/printable";
import { parseInput } from "@/lib/validation";
import type { PassengerLink } from "./link";
import { PassengerDeclineBody } from "./schemas";
import { declinedReason, isDeclined, passengerRefusal } from "./words";

export type DeclineOutcome = { declined: true; reservationUrn: string };

/**
 * POST /passenger/{token}/decline: the passengers need no hotel (staying with family, living
 * nearby). The room is cancelled through the one cancel verb (at the provider where it can, a
 * direct contract's room back in its allotment, the rides dropped by `reservation/cancelled`), the
 * group's passengers become LOCAL_RESIDENT, and `passenger.decline` is audited as the link with the
 * reason. Saying it again changes nothing and answers the same; a stay cancelled otherwise is a 404,
 * one not (or no longer) CONFIRMED a 409 INVALID_TRANSITION, and a stay whose replacement the
 * passenger chose is being booked a 409 CHOICE_IN_PROGRESS (looked for before the provider is called
 * and again on the locked row, so the stay is not CANCELLED here under a room being booked; the narrow
 * race left open is told in lib/passenger/choose.ts `claim`). A provider that cannot cancel through
 * its API (or cannot be reached) is a 409 CANNOT_RELEASE asking the passenger to tell the desk: the
 * room is kept rather than lost silently, and the provider's own words, written for staff, go to a
 * `passenger.decline_refused` audit entry on the stay, never to the passenger. Every refusal is in
 * the page's language (`locale`, lib/i18n/refusal-words.ts).
 */
export async function declineStay(link: PassengerLink, raw: PassengerDeclineBody, locale: Locale = DEFAULT_LOCALE): Promise<DeclineOutcome> {
  const { ctx, reservation: r, caseRow } = link;
  if (r.status === "CANCELLED" && isDeclined(r.cancellationReason)) return { declined: true, reservationUrn: r.urn };
  if (r.status === "CANCELLED") throw notFound("The reservation of this link");
  if (caseRow.status === "CLOSED") throw passengerRefusal(locale, 409, "CASE_CLOSED", "caseClosed");
  if (r.status !== "CONFIRMED") throw passengerRefusal(locale, 409, "INVALID_TRANSITION", r.status === "CHECKED_OUT" ? "stayEnded" : "stillBooking");
  const input = parseInput(PassengerDeclineBody, raw);
  const why = input.reason ? printable(input.reason) : null;
  try {
    await cancelReservation({ ctx, input: { reservationUrn: r.urn, reason: declinedReason(why), rehouse: false }, passengersTo: "LOCAL_RESIDENT", cause: "PASSENGER_DECLINED", refuseWhileReplaced: true });
  } catch (err) {
    if (err instanceof DomainError && err.code === "INVALID_TRANSITION") {
      // someone else changed the stay first: the same answer only if that was a decline too (a second click); an operator's cancel is not the passenger's decline
      const [now] = await ctx.db.select({ status: reservations.status, cancellationReason: reservations.cancellationReason }).from(reservations).where(eq(reservations.urn, r.urn)).limit(1);
      if (now?.status === "CANCELLED" && isDeclined(now.cancellationReason)) return { declined: true, reservationUrn: r.urn };
      throw passengerRefusal(locale, 409, "INVALID_TRANSITION", "stayChanged");
    }
    if (err instanceof DomainError && err.code === "CHOICE_IN_PROGRESS") throw passengerRefusal(locale, 409, "CHOICE_IN_PROGRESS", "declineWhileChoosing");
    if (err instanceof DomainError && err.status === 409) {
      // the desk acts on it (cancel at the hotel, then record it): the provider's words are for them
      await writeAudit(ctx, { entity: "reservation", entityUrn: r.urn, action: "passenger.decline_refused", airport: caseRow.airport, reason: `the passenger declined the hotel (${why ?? "no reason given"}) but the room could not be released online: ${err.message}`, after: { outcome: "CANNOT_RELEASE", status: "CONFIRMED" } });
      throw passengerRefusal(locale, 409, "CANNOT_RELEASE", "cannotRelease");
    }
    throw err;
  }
  await writeAudit(ctx, { entity: "reservation", entityUrn: r.urn, action: "passenger.decline", airport: caseRow.airport, reason: why ?? "no reason given", after: { status: "CANCELLED", passengers: "LOCAL_RESIDENT" } });
  return { declined: true, reservationUrn: r.urn };
}

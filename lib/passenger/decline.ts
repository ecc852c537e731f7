import { eq } from "drizzle-orm";
import { reservations } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { cancelReservation } from "@/lib/booking/cancel";
import { DomainError, notFound } from "@/lib/errors";
import { printable } from "@/lib/printable";
import { parseInput } from "@/lib/validation";
import type { PassengerLink } from "./link";
import { PassengerDeclineBody } from "./schemas";
import { declinedReason, isDeclined } from "./words";

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
 * its API is a 409 saying to tell the desk: the room is kept rather than lost silently.
 */
export async function declineStay(link: PassengerLink, raw: PassengerDeclineBody): Promise<DeclineOutcome> {
  const { ctx, reservation: r, caseRow } = link;
  if (r.status === "CANCELLED" && isDeclined(r.cancellationReason)) return { declined: true, reservationUrn: r.urn };
  if (r.status === "CANCELLED") throw notFound("The reservation of this link");
  if (caseRow.status === "CLOSED") throw new DomainError(409, "CASE_CLOSED", "This disruption is closed: ask the airline desk.");
  if (r.status !== "CONFIRMED") throw new DomainError(409, "INVALID_TRANSITION", r.status === "CHECKED_OUT" ? "This stay has ended: there is no room left to release." : "This stay is still being booked: try again in a moment.");
  const input = parseInput(PassengerDeclineBody, raw);
  const why = input.reason ? printable(input.reason) : null;
  try {
    await cancelReservation({ ctx, input: { reservationUrn: r.urn, reason: declinedReason(why), rehouse: false }, passengersTo: "LOCAL_RESIDENT", cause: "PASSENGER_DECLINED", refuseWhileReplaced: true });
  } catch (err) {
    if (err instanceof DomainError && err.code === "INVALID_TRANSITION") {
      // someone else changed the stay first: the same answer only if that was a decline too (a second click); an operator's cancel is not the passenger's decline
      const [now] = await ctx.db.select({ status: reservations.status, cancellationReason: reservations.cancellationReason }).from(reservations).where(eq(reservations.urn, r.urn)).limit(1);
      if (now?.status === "CANCELLED" && isDeclined(now.cancellationReason)) return { declined: true, reservationUrn: r.urn };
      throw new DomainError(409, "INVALID_TRANSITION", `Your stay changed meanwhile (it is ${now?.status ?? "gone"}): reload the page.`);
    }
    if (err instanceof DomainError && err.code === "CHOICE_IN_PROGRESS") throw new DomainError(409, "CHOICE_IN_PROGRESS", "Another hotel you chose is being booked or was booked for this stay: reload the page to see your hotel, then decline it there if you need no room.");
    if (err instanceof DomainError && err.status === 409) throw new DomainError(409, "CANNOT_RELEASE", `Your room could not be released online (${err.message}). Please tell the airline desk you do not need it.`);
    throw err;
  }
  await writeAudit(ctx, { entity: "reservation", entityUrn: r.urn, action: "passenger.decline", airport: caseRow.airport, reason: why ?? "no reason given", after: { status: "CANCELLED", passengers: "LOCAL_RESIDENT" } });
  return { declined: true, reservationUrn: r.urn };
}

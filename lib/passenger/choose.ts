import { and, eq, inArray } from "drizzle-orm";
import { airports, reservations } from "@/db/schema";
import { isUniqueViolation } from "@/db/unique-violation";
import { writeAudit } from "@/lib/audit/write";
import { localDate } from "@/lib/cases/stay";
import { LIVE_STATUSES } from "@/lib/booking/live";
import { clientReference } from "@/lib/booking/plan";
import { CHECK_IN_TIME, CHECK_OUT_TIME, localTimeToUtc } from "@/lib/booking/stay";
import { attemptStayChange, type StayChangeOutcome } from "@/lib/booking/stay-change-attempt";
import { releaseStay } from "@/lib/booking/stay-change-finish";
import type { StayCandidate, StayChangePlan } from "@/lib/booking/stay-change-plan";
import { type Ctx, transaction } from "@/lib/context";
import { DomainError } from "@/lib/errors";
import { newUrn } from "@/lib/ids";
import { parseInput } from "@/lib/validation";
import { choiceWindow } from "./choice-window";
import { hotelChoices } from "./choices";
import { assertActionable, type PassengerLink } from "./link";
import { PassengerChoiceBody } from "./schemas";

export type ChoiceOutcome = { reservationUrn: string; hotelUrn: string; hotelName: string };

const refused = (code: string, detail: string) => new DomainError(409, code, detail);

/**
 * POST /passenger/{token}/choice: the passenger moves to another hotel of their choices while the
 * window is open. Booked as a REPLACEMENT through the re-accommodation's machinery: a PENDING
 * successor claimed under the one-live-successor index (two choices at once: the second is a 409,
 * whichever hotel it named), one provider call that looks the booking up by its client reference
 * first, the new stay confirmed with its voucher, `reservation/confirmed` (its rides planned) and
 * mails; only then is the first stay released (its rides dropped). A hotel that filled since the
 * list was shown refuses: a 409 HOTEL_UNAVAILABLE, and the first hotel stays. Audited
 * `passenger.choose_hotel` as the link, whatever the outcome.
 */
export async function chooseHotel(link: PassengerLink, raw: PassengerChoiceBody, now = Date.now()): Promise<ChoiceOutcome> {
  assertActionable(link);
  const input = parseInput(PassengerChoiceBody, raw);
  const { ctx, reservation: r, caseRow } = link;
  const window = await choiceWindow(ctx, r, now);
  if (!window.open) {
    throw refused("CHOICE_CLOSED", window.deadline ? `The time to choose another hotel ended at ${window.deadline}: you keep your hotel.` : "This stay offers no choice of hotel: you keep your hotel.");
  }
  const choice = (await hotelChoices(link)).find((h) => h.hotelUrn === input.hotelUrn);
  if (!choice) throw refused("HOTEL_UNAVAILABLE", "That hotel is not among the hotels with rooms for you now: you keep your hotel. Reload the page for the current choices.");

  const [airport] = await ctx.db.select({ timeZone: airports.timeZone }).from(airports).where(eq(airports.iata, caseRow.airport)).limit(1);
  const timeZone = airport?.timeZone ?? "UTC";
  const checkIn = localDate(r.checkIn, timeZone);
  const checkOut = localDate(r.checkOut, timeZone);
  const candidate: StayCandidate = {
    rank: 1,
    kind: "REPLACEMENT",
    hotelUrn: choice.hotelUrn,
    hotelName: choice.name,
    provider: choice.offer.provider,
    providerOfferId: choice.offer.offerId,
    providerHotelId: choice.offer.providerHotelId,
    checkIn,
    checkOut,
    clientReference: clientReference(r.tenant, r.urn, "passenger-choice", choice.hotelUrn, checkIn, checkOut),
  };
  const reservationUrn = await claim(ctx, r.urn, candidate, timeZone);
  const plan: StayChangePlan = {
    tenant: r.tenant,
    caseUrn: r.caseUrn,
    airport: caseRow.airport,
    timeZone,
    groupId: r.groupId,
    previousUrn: r.urn,
    reservationUrn,
    rooms: r.rooms,
    candidates: [candidate],
    reason: `the passenger chose ${choice.name} instead of stay ${r.urn} on the passenger page`,
  };

  let outcome: StayChangeOutcome;
  try {
    // one more try on an error: it looks the booking up by its client reference first, so an answer lost on the way is found, not booked twice
    outcome = await attemptStayChange(ctx, plan, 1).catch(() => attemptStayChange(ctx, plan, 1));
  } catch (err) {
    // the provider could not be reached: nothing is known to be booked; the first hotel stays
    await giveUp(ctx, r.urn, reservationUrn, candidate, "provider unreachable");
    throw refused("HOTEL_UNAVAILABLE", `${choice.name} could not be reached to book (${err instanceof Error ? err.message : "no answer"}): you keep your hotel. Try again in a moment.`);
  }
  if (outcome.kind === "refused") {
    await giveUp(ctx, r.urn, reservationUrn, candidate, outcome.log.reason ?? "refused");
    throw refused("HOTEL_UNAVAILABLE", `${choice.name} has no room for you any more (${outcome.log.reason ?? "refused by the hotel"}): you keep your hotel.`);
  }
  await releaseStay(ctx, { reservationUrn: r.urn, replacedBy: reservationUrn, reason: `replaced by ${reservationUrn} at ${choice.name}: the passenger chose another hotel` });
  await writeAudit(ctx, {
    entity: "reservation",
    entityUrn: r.urn,
    action: "passenger.choose_hotel",
    airport: caseRow.airport,
    reason: `moved to ${choice.name}`,
    before: { hotelUrn: r.hotelUrn },
    after: { hotelUrn: choice.hotelUrn, replacedBy: reservationUrn, outcome: "CONFIRMED" },
  });
  return { reservationUrn, hotelUrn: choice.hotelUrn, hotelName: choice.name };
}

/** The PENDING successor, claimed while the first stay is locked: one live successor per stay, so a second choice at once is refused here. */
async function claim(ctx: Ctx, previousUrn: string, c: StayCandidate, timeZone: string): Promise<string> {
  const busy = () => refused("CHOICE_IN_PROGRESS", "Another choice for this stay is being booked or was made already: reload the page to see your hotel.");
  try {
    return await transaction(ctx, async (tx) => {
      const [row] = await tx.db.select().from(reservations).where(eq(reservations.urn, previousUrn)).limit(1).for("update");
      if (row.status !== "CONFIRMED") throw busy();
      const [live] = await tx.db.select({ urn: reservations.urn }).from(reservations).where(and(eq(reservations.previousUrn, previousUrn), inArray(reservations.status, [...LIVE_STATUSES]))).limit(1);
      if (live) throw busy();
      const urn = newUrn("reservation");
      await tx.db.insert(reservations).values({
        urn,
        tenant: row.tenant,
        caseUrn: row.caseUrn,
        waveUrn: row.waveUrn,
        groupId: row.groupId,
        hotelUrn: c.hotelUrn,
        hotelName: c.hotelName,
        provider: c.provider,
        providerOfferId: c.providerOfferId,
        clientReference: c.clientReference,
        status: "PENDING",
        rooms: row.rooms,
        checkIn: localTimeToUtc(c.checkIn, CHECK_IN_TIME, timeZone),
        checkOut: localTimeToUtc(c.checkOut, CHECK_OUT_TIME, timeZone),
        total: { amount: 0, currency: row.total.currency },
        payment: row.payment,
        previousUrn: row.urn,
        stayChange: "REPLACEMENT",
        requestedBy: "PASSENGER",
        bookingRun: "passenger-choice",
      });
      return urn;
    });
  } catch (err) {
    if (isUniqueViolation(err, "reservations_previous_idx")) throw busy();
    throw err;
  }
}

/** The chosen hotel did not take the group: its PENDING row becomes FAILED (history), the first stay is untouched; audited. */
async function giveUp(ctx: Ctx, previousUrn: string, reservationUrn: string, c: StayCandidate, why: string): Promise<void> {
  await transaction(ctx, async (tx) => {
    await tx.db.update(reservations).set({ status: "FAILED", bookingRun: null }).where(and(eq(reservations.urn, reservationUrn), eq(reservations.status, "PENDING")));
    await writeAudit(tx, {
      entity: "reservation",
      entityUrn: previousUrn,
      action: "passenger.choose_hotel",
      reason: `${c.hotelName ?? c.hotelUrn} did not take the group (${why}): the first hotel stays`,
      after: { hotelUrn: c.hotelUrn, attempt: reservationUrn, outcome: "REFUSED" },
    });
  });
}

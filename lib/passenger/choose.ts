import { and, eq, inArray } from "drizzle-orm";
import { reservations } from "@/db/schema";
import { isUniqueViolation } from "@/db/unique-violation";
import { airportFacts } from "@/lib/airport-facts";
import { writeAudit } from "@/lib/audit/write";
import { localDate } from "@/lib/cases/stay";
import { LIVE_STATUSES } from "@/lib/booking/live";
import { clientReference } from "@/lib/booking/plan";
import { CHECK_IN_TIME, CHECK_OUT_TIME } from "@/lib/booking/stay";
import { localTimeToUtc } from "@/lib/time-zones";
import { attemptStayChange, confirmStayChange, type StayChangeOutcome } from "@/lib/booking/stay-change-attempt";
import type { StayCandidate, StayChangePlan } from "@/lib/booking/stay-change-plan";
import { type Ctx, transaction } from "@/lib/context";
import { caseSystems } from "@/lib/peers/case-systems";
import { DEFAULT_LOCALE, type Locale, type RefusalWord } from "@/lib/i18n";
import { formatLocalDateTime } from "@/lib/i18n/format";
import { newUrn } from "@/lib/ids";
import { parseInput } from "@/lib/validation";
import { choiceWindow } from "./choice-window";
import { hotelChoices } from "./choices";
import { assertActionable, type PassengerLink } from "./link";
import { PassengerChoiceBody } from "./schemas";
import { passengerRefusal } from "./words";

export type ChoiceOutcome = { reservationUrn: string; hotelUrn: string; hotelName: string };

/**
 * POST /passenger/{token}/choice: the passenger moves to another hotel of their choices while the
 * window is open. Booked as a REPLACEMENT through the re-accommodation's machinery: a PENDING
 * successor claimed under the first stay's row lock and the one-live-successor index (two choices at
 * once: the second is a 409 CHOICE_IN_PROGRESS, whichever hotel it named; a decline meanwhile is
 * refused the same way), a provider call that looks the booking up by its client reference first
 * (tried twice), the new stay confirmed with its voucher, `reservation/confirmed` (its rides
 * planned) and `passenger/hotel-chosen` in one transaction. The answer is the new stay; the first
 * stay is released after that commit by the `release-chosen-stay` job, retried while its provider
 * cannot be reached (the page follows the new stay meanwhile). A hotel that filled since the list
 * was shown refuses: a 409 HOTEL_UNAVAILABLE, and the first hotel stays. Audited
 * `passenger.choose_hotel` as the link, with the airport, whatever the outcome (refusals included).
 * A refusal answers in the passenger's words and language (`locale`, lib/i18n/refusal-words.ts):
 * the provider's error or refusal is the desk's, kept in the audit entry.
 */
export async function chooseHotel(link: PassengerLink, raw: PassengerChoiceBody, o: { locale?: Locale; now?: number } = {}): Promise<ChoiceOutcome> {
  assertActionable(link);
  const input = parseInput(PassengerChoiceBody, raw);
  const { ctx, reservation: r, caseRow } = link;
  const locale = o.locale ?? DEFAULT_LOCALE;
  const refused = (code: string, word: RefusalWord, values: Record<string, string> = {}, headers: Record<string, string> = {}) => passengerRefusal(locale, 409, code, word, values, headers);
  const refuse = async (code: string, word: RefusalWord, values: Record<string, string> = {}): Promise<never> => {
    const err = refused(code, word, values);
    // the audit speaks English whatever the page's language: the desk reads it
    await writeAudit(ctx, { entity: "reservation", entityUrn: r.urn, action: "passenger.choose_hotel", airport: caseRow.airport, reason: `${code}: ${passengerRefusal("en", 409, code, word, values).message}`, after: { hotelUrn: input.hotelUrn, outcome: code } });
    throw err;
  };
  const window = await choiceWindow(ctx, r, o.now ?? Date.now());
  const airport = await airportFacts(ctx.db, caseRow.airport);
  const timeZone = airport?.timeZone ?? "UTC";
  // the deadline on the airport's clock, as the page shows it
  if (!window.open) return window.deadline ? refuse("CHOICE_CLOSED", "choiceClosedAt", { time: formatLocalDateTime(window.deadline, timeZone, locale) }) : refuse("CHOICE_CLOSED", "noChoice");
  const choice = (await hotelChoices(link)).find((h) => h.hotelUrn === input.hotelUrn);
  if (!choice) return refuse("HOTEL_UNAVAILABLE", "hotelNotOffered");

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
  const claimed = await claim(ctx, r.urn, candidate, timeZone);
  if (!claimed.ok) return refuse(claimed.code, claimed.word);
  const reservationUrn = claimed.urn;
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
    // a second try on an error: it looks the booking up by its client reference first, so an answer lost on the first try is found, not booked twice
    outcome = await attemptStayChange(ctx, plan, 1).catch(() => attemptStayChange(ctx, plan, 1));
  } catch (err) {
    // both tries failed, the booking may exist all the same (a timeout after the provider booked): settled by one more lookup
    const lost = await lookUpLost(ctx, plan, candidate);
    const why = err instanceof Error ? err.message : "no answer";
    if (lost === "absent") {
      await giveUp(ctx, r.urn, reservationUrn, candidate, caseRow.airport, `provider unreachable (${why}), and no booking under our reference`);
      throw refused("HOTEL_UNAVAILABLE", "hotelUnreachable", { hotel: choice.name });
    }
    if (lost === "unknown") {
      // not FAILED: the booking may exist, and the PENDING row (its client reference, its provider) is how the desk finds it; it also holds off another choice meanwhile
      await writeAudit(ctx, { entity: "reservation", entityUrn: r.urn, action: "passenger.choose_hotel", airport: caseRow.airport, reason: `${choice.name} could not be reached (${why}) and the booking could not be looked up: ${reservationUrn} stays PENDING for the desk to check by its client reference`, after: { hotelUrn: choice.hotelUrn, attempt: reservationUrn, outcome: "UNKNOWN" } });
      throw passengerRefusal(locale, 503, "HOTEL_UNREACHABLE", "hotelUnsure", { hotel: choice.name }, { "Retry-After": "300" });
    }
    outcome = { kind: "confirmed", reservationUrn };
  }
  if (outcome.kind === "refused") {
    await giveUp(ctx, r.urn, reservationUrn, candidate, caseRow.airport, outcome.log.reason ?? "refused");
    throw refused("HOTEL_UNAVAILABLE", "hotelFull", { hotel: choice.name });
  }
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

/**
 * The booking of a choice whose answers were lost, looked up by its client reference: found
 * CONFIRMED, it is recorded as the new stay (the same transaction as a normal confirmation, its
 * event included); not there, nothing was booked; the lookup failing too, nobody can tell yet.
 */
async function lookUpLost(ctx: Ctx, plan: StayChangePlan, c: StayCandidate): Promise<"confirmed" | "absent" | "unknown"> {
  try {
    const [current] = await ctx.db.select({ status: reservations.status }).from(reservations).where(eq(reservations.urn, plan.reservationUrn)).limit(1);
    if (current?.status === "CONFIRMED") return "confirmed";
    const provider = (await (await caseSystems(ctx, plan.caseUrn)).hotels()).find((s) => s.id === c.provider);
    if (!provider) return "absent";
    if (c.provider === "DIRECT") return "absent"; // a direct contract books inside our own transaction: a failed one booked nothing
    const found = await provider.findByReference(c.clientReference);
    if (!found || found.status !== "CONFIRMED") return "absent";
    const entry = { hotelUrn: c.hotelUrn, provider: c.provider, attempt: 0, at: new Date().toISOString(), outcome: "CONFIRMED" as const, reason: "found-by-reference" };
    await transaction(ctx, (tx) => confirmStayChange(tx, plan, c, found, entry));
    return "confirmed";
  } catch {
    return "unknown";
  }
}

type Claimed = { ok: true; urn: string } | { ok: false; code: string; word: RefusalWord };

/**
 * The PENDING successor, claimed while the first stay is locked: one live successor per stay, so a
 * second choice at once is refused here; a stay no longer CONFIRMED (declined, cancelled by the
 * desk, checked out meanwhile) is refused too. The passenger's decline looks for a live successor
 * before it calls the provider and again under this same row lock (lib/booking/cancel.ts), so in the
 * database one of the two wins. Left open: a choice claimed between the decline's first check and
 * its provider call finds the first room already cancelled at the provider (the decline answers 409);
 * if the chosen hotel then refuses, the first stay reads CONFIRMED here but is gone at the hotel.
 */
async function claim(ctx: Ctx, previousUrn: string, c: StayCandidate, timeZone: string): Promise<Claimed> {
  const busy: Claimed = { ok: false, code: "CHOICE_IN_PROGRESS", word: "choiceInProgress" };
  try {
    return await transaction(ctx, async (tx): Promise<Claimed> => {
      const [row] = await tx.db.select().from(reservations).where(eq(reservations.urn, previousUrn)).limit(1).for("update");
      if (row.status !== "CONFIRMED") return { ok: false, code: "INVALID_TRANSITION", word: "stayChanged" };
      const [live] = await tx.db.select({ urn: reservations.urn }).from(reservations).where(and(eq(reservations.previousUrn, previousUrn), inArray(reservations.status, [...LIVE_STATUSES]))).limit(1);
      if (live) return busy;
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
      return { ok: true, urn };
    });
  } catch (err) {
    if (isUniqueViolation(err, "reservations_previous_idx")) return busy;
    throw err;
  }
}

/** The chosen hotel did not take the group, or is known to hold no booking of ours: its PENDING row becomes FAILED (history), the first stay is untouched; audited. */
async function giveUp(ctx: Ctx, previousUrn: string, reservationUrn: string, c: StayCandidate, airport: string, why: string): Promise<void> {
  await transaction(ctx, async (tx) => {
    await tx.db.update(reservations).set({ status: "FAILED", bookingRun: null }).where(and(eq(reservations.urn, reservationUrn), eq(reservations.status, "PENDING")));
    await writeAudit(tx, {
      entity: "reservation",
      entityUrn: previousUrn,
      action: "passenger.choose_hotel",
      airport,
      reason: `${c.hotelName ?? c.hotelUrn} did not take the group (${why}): the first hotel stays`,
      after: { hotelUrn: c.hotelUrn, attempt: reservationUrn, outcome: "REFUSED" },
    });
  });
}

import type { CareBasis, CareFacts } from "../types";
import { CANADA } from "./countries";
import type { Regime } from "./types";
import { duration, overnightOrUnknown, overnightWords, waitInputs, waitReaches } from "./wait";

const FOOD_AFTER_MINUTES = 120;
/** s.14(1) and (2) apply to passengers told of the disruption less than 12 hours before the departure time on their ticket. */
const SHORT_NOTICE_MINUTES = 12 * 60;

/**
 * Canada's Air Passenger Protection Regulations (SOR/2019-150), s.14 "standards of treatment". The
 * APPR covers flights to, from and within Canada, connecting flights included; the facts carry only
 * the disrupted flight's two airports, so a passenger whose itinerary touches Canada elsewhere is
 * not seen here (an agent's call). s.14 applies only where the disruption is within the carrier's
 * control (s.12), including when required for safety (s.11); UNKNOWN is treated as within its
 * control. Outside its control (s.10) the regime still covers the flight but owes no care, and says so.
 */
export const appr: Regime = (f) => {
  if (f.originCountry !== CANADA && f.destinationCountry !== CANADA) return null;
  const cause = f.disruption.cause;
  const notice = noticeMinutes(f);
  const inputs = { scope: f.originCountry === CANADA ? `departure in ${CANADA}` : `arrival in ${CANADA}`, ...waitInputs(f), noticeMinutes: notice };
  const basis = (article: string, rule: string, owed: boolean, fromMinutes: number): CareBasis => ({ regime: "APPR", article, rule, owed, fromMinutes, inputs });

  if (cause === "UNCONTROLLABLE") {
    const none = (article: string, what: string) => basis(article, `outside the carrier's control: no ${what} owed under s.14`, false, 0);
    return {
      MEAL: none("s.10, 14(1)(a)", "food and drink"),
      COMMUNICATION: none("s.10, 14(1)(b)", "means of communication"),
      HOTEL: none("s.10, 14(2)", "hotel"),
      TRANSPORT: none("s.10, 14(2)", "transport"),
    };
  }
  const control = cause === "SAFETY" ? "within the carrier's control, required for safety" : cause === "UNKNOWN" ? "cause unknown, treated as within the carrier's control" : "within the carrier's control";
  if (notice !== null && notice >= SHORT_NOTICE_MINUTES) {
    const early = (article: string, what: string) => basis(article, `told ${duration(notice)} before departure (12 h or more): no ${what} owed under s.14`, false, 0);
    return { MEAL: early("s.14(1)(a)", "food and drink"), COMMUNICATION: early("s.14(1)(b)", "means of communication"), HOTEL: early("s.14(2)", "hotel"), TRANSPORT: early("s.14(2)", "transport") };
  }
  const fed = waitReaches(f, FOOD_AFTER_MINUTES);
  const waitWhy = fed ? `${control}, a wait of 2 h or more` : `${control}, a wait of ${duration(f.waitMinutes ?? 0)}, under 2 h`;
  const night = overnightOrUnknown(f);
  const nightWhy = `${control}, ${overnightWords(f)}`;
  return {
    MEAL: basis("s.14(1)(a)", `${waitWhy}: food and drink in reasonable quantities${fed ? "" : " not yet"}`, fed, FOOD_AFTER_MINUTES),
    COMMUNICATION: basis("s.14(1)(b)", `${waitWhy}: access to a means of communication${fed ? "" : " not yet"}`, fed, FOOD_AFTER_MINUTES),
    HOTEL: basis("s.14(2)", night ? `${nightWhy}: hotel or comparable accommodation` : `${nightWhy}: no overnight wait, no hotel`, night, 0),
    TRANSPORT: basis("s.14(2)", night ? `${nightWhy}: transportation to the hotel and back` : `${nightWhy}: no overnight wait, no transport`, night, 0),
  };
};

/** How long before the scheduled departure the passengers were told; null when the case does not say. */
function noticeMinutes(f: CareFacts): number | null {
  const at = f.disruption.announcedAt;
  if (!at) return null;
  return Math.round((Date.parse(f.flight.scheduledDeparture) - Date.parse(at)) / 60_000);
}

import type { CareBasis } from "../types";
import { US } from "./countries";
import type { Regime } from "./types";
import { duration, overnightOrUnknown, overnightWords, waitInputs, waitReaches } from "./wait";

const ARTICLE = "DOT customer service dashboard commitments";
const MEAL_AFTER_MINUTES = 180;

/**
 * The US airlines' customer service commitments published on the DOT's dashboard, for flights
 * leaving the United States: for a cancellation or delay caused by the airline, a meal (or meal
 * voucher) once the wait reaches 3 hours, and a hotel with ground transport for an overnight wait.
 * Only controllable disruptions (UNKNOWN treated as controllable); weather (UNCONTROLLABLE) and
 * SAFETY owe nothing under them, and say so. Denied boarding is read as a cancellation for the
 * passenger; the commitments say nothing about means of communication (no verdict on it).
 */
export const usDot: Regime = (f) => {
  if (f.originCountry !== US) return null;
  const cause = f.disruption.cause;
  const inputs = { scope: `departure in ${US}`, ...waitInputs(f) };
  const basis = (rule: string, owed: boolean, fromMinutes: number): CareBasis => ({ regime: "US_DOT", article: ARTICLE, rule, owed, fromMinutes, inputs });

  if (cause === "UNCONTROLLABLE" || cause === "SAFETY") {
    const why = cause === "SAFETY" ? "safety" : "uncontrollable";
    const none = (what: string) => basis(`${why}: no ${what} owed under the US DOT commitments`, false, 0);
    return { MEAL: none("meal"), HOTEL: none("hotel"), TRANSPORT: none("ground transport") };
  }
  const control = cause === "UNKNOWN" ? "cause unknown, treated as controllable" : "controllable";
  const fed = waitReaches(f, MEAL_AFTER_MINUTES);
  const night = overnightOrUnknown(f);
  const nightWhy = `${control}, ${overnightWords(f)}`;
  return {
    MEAL: basis(
      fed ? `${control}, a wait of 3 h or more: a meal or meal voucher` : `${control}, a wait of ${duration(f.waitMinutes ?? 0)}, under 3 h: no meal yet`,
      fed,
      MEAL_AFTER_MINUTES,
    ),
    HOTEL: basis(night ? `${nightWhy}: hotel for the night` : `${nightWhy}: no hotel`, night, 0),
    TRANSPORT: basis(night ? `${nightWhy}: ground transport to and from the hotel` : `${nightWhy}: no ground transport`, night, 0),
  };
};

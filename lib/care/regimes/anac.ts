import type { CareBasis } from "../types";
import { BRAZIL } from "./countries";
import type { Regime } from "./types";
import { duration, overnightOrUnknown, overnightWords, waitInputs, waitReaches } from "./wait";

/**
 * Brazil's ANAC Resolution 400/2016, Art. 26–27: material assistance for flights leaving Brazil
 * after a delay, cancellation, interruption or denied boarding (Art. 26), by the wait (Art. 27):
 * means of communication from 1 h (I), food from 2 h (II), accommodation with transfer both ways
 * from 4 h when an overnight stay is needed (III), whatever the cause. The text says "superior a"
 * (more than); at minute resolution the engine owes it from the minute the hour is reached.
 * Art. 27 §1 (no hotel for a passenger living where the airport is) is an agent's call.
 */
export const anac: Regime = (f) => {
  if (f.originCountry !== BRAZIL) return null;
  const inputs = { scope: `departure in ${BRAZIL}`, ...waitInputs(f) };
  const basis = (item: string, rule: string, owed: boolean, fromMinutes: number): CareBasis => ({
    regime: "ANAC",
    article: `Resolution 400 Art. 26, 27(${item})`,
    rule,
    owed,
    fromMinutes,
    inputs,
  });
  const by = (minutes: number) => (waitReaches(f, minutes) ? `a wait of ${duration(minutes)} or more` : `a wait of ${duration(f.waitMinutes ?? 0)}, under ${duration(minutes)}`);
  const talk = waitReaches(f, 60);
  const food = waitReaches(f, 120);
  const long = waitReaches(f, 240);
  const stay = long && overnightOrUnknown(f);
  const stayWhy = long ? `a wait of 4 h or more, ${overnightWords(f)}` : by(240);
  return {
    COMMUNICATION: basis("I", `${by(60)}: means of communication${talk ? "" : " not yet"}`, talk, 60),
    MEAL: basis("II", `${by(120)}: food suited to the time of day${food ? "" : " not yet"}`, food, 120),
    HOTEL: basis("III", stay ? `${stayWhy}: accommodation for the night` : `${stayWhy}: no accommodation`, stay, 240),
    TRANSPORT: basis("III", stay ? `${stayWhy}: transfer to the accommodation and back` : `${stayWhy}: no transfer`, stay, 240),
  };
};

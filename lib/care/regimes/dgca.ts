import type { CareBasis, CareFacts } from "../types";
import { INDIA } from "./countries";
import type { Regime } from "./types";
import { duration, waitExceeds, waitInputs, waitReaches } from "./wait";

const CAR = "CAR Section 3 Series M Part IV";

/** Meals and refreshments by the flight's block time: up to 2 h 30 → 2 h; up to 5 h → 3 h; longer → 4 h. */
export function dgcaMealMinutes(blockMinutes: number): number {
  if (blockMinutes <= 150) return 120;
  if (blockMinutes <= 300) return 180;
  return 240;
}

/** Departures between 20:00 and 03:00 local get a hotel after more than 6 h; others after more than 24 h. */
export function dgcaHotelMinutes(localDepartureHour: number): number {
  return localDepartureHour >= 20 || localDepartureHour < 3 ? 360 : 1440;
}

/**
 * India's DGCA Civil Aviation Requirement Section 3 Series M Part IV (facilities for passengers
 * on delays, cancellations and denied boarding), for flights leaving India, whatever the cause.
 * The flight's block time is estimated (lib/care/facts.ts). For a cancellation or denied boarding
 * the delay tests are applied to the wait for the next departure. It says nothing about means of
 * communication (no verdict on it).
 */
export const dgca: Regime = (f) => {
  if (f.originCountry !== INDIA) return null;
  const meal = dgcaMealMinutes(f.blockMinutes);
  const hotel = dgcaHotelMinutes(f.localDepartureHour);
  const night = hotel === 360;
  const inputs = { scope: `departure in ${INDIA}`, ...waitInputs(f), blockMinutes: f.blockMinutes, localDepartureHour: f.localDepartureHour, mealAfterMinutes: meal, hotelAfterMinutes: hotel };
  const basis = (article: string, rule: string, owed: boolean, fromMinutes: number): CareBasis => ({ regime: "DGCA", article: `${CAR}, ${article}`, rule, owed, fromMinutes, inputs });
  const fed = waitReaches(f, meal);
  const housed = waitExceeds(f, hotel);
  const block = `block time ${duration(f.blockMinutes)}`;
  const mealWhy = fed ? `${block}, a wait of ${duration(meal)} or more` : `${block}, a wait of ${duration(f.waitMinutes ?? 0)}, under ${duration(meal)}`;
  const window = night ? `departure at ${hour(f)} (20:00–03:00)` : `departure at ${hour(f)}`;
  const hotelWhy = housed ? `${window}, a wait of more than ${duration(hotel)}` : `${window}, a wait of ${duration(f.waitMinutes ?? 0)}, not more than ${duration(hotel)}`;
  return {
    MEAL: basis(para(f), `${mealWhy}: meals and refreshments${fed ? "" : " not yet"}`, fed, meal),
    HOTEL: basis(para(f), housed ? `${hotelWhy}: hotel accommodation` : `${hotelWhy}: no hotel`, housed, hotel),
    TRANSPORT: basis(para(f), housed ? `${hotelWhy}: transfer to the hotel and back` : `${hotelWhy}: no transfer`, housed, hotel),
  };
};

/** Para 3.8.1 sets the delay facilities; a cancellation's are read through the same tests. */
function para(f: CareFacts): string {
  return f.disruption.kind === "DELAY" ? "para 3.8.1" : "para 3.8.1 (applied to the wait for the new flight)";
}

function hour(f: CareFacts): string {
  return `${String(f.localDepartureHour).padStart(2, "0")}:xx local`;
}

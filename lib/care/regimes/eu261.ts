import type { CareRegime } from "@/lib/vocabulary";
import type { CareBasis, CareFacts } from "../types";
import { EU261_COUNTRIES, UK } from "./countries";
import type { Regime, RegimeVerdicts } from "./types";
import { duration, overnightOrUnknown, overnightWords, waitInputs, waitReaches } from "./wait";

type Territory = { regime: Extract<CareRegime, "EU261" | "UK261">; inside: (country: string) => boolean };

const EU: Territory = { regime: "EU261", inside: (c) => EU261_COUNTRIES.has(c) };
const GB: Territory = { regime: "UK261", inside: (c) => c === UK };

/**
 * Art. 3(1): departure inside the territory, or arrival inside on a carrier licensed there (a
 * "Community carrier"; for UK261 a UK carrier). Art. 3(1)(b)'s proviso (not when the passenger
 * already received benefits and assistance in the third country) is not in the facts: an agent's call.
 */
function covers(t: Territory, f: CareFacts): string | null {
  if (t.inside(f.originCountry)) return `departure in ${f.originCountry}`;
  if (t.inside(f.destinationCountry) && f.carrierCountry && t.inside(f.carrierCountry)) return `arrival in ${f.destinationCountry} on a carrier of ${f.carrierCountry}`;
  return null;
}

export type DelayBand = { minutes: number; letter: "a" | "b" | "c"; band: string; article: string };

/**
 * Art. 6(1): the delay from which care is owed, by great-circle distance (Art. 7(4)). Up to and
 * including 1,500 km: 2 h (a); intra-territory flights over 1,500 km and all other flights of
 * 1,500–3,500 km (3,500 included: (c) is "all flights not falling under (a) or (b)"): 3 h (b); beyond: 4 h (c).
 */
export function delayThresholdMinutes(t: Territory, f: CareFacts): DelayBand {
  const b = band(t, f);
  return { ...b, article: `Art. 6(1)(${b.letter})(i), 9(1)(a)` };
}

function band(t: Territory, f: CareFacts): Omit<DelayBand, "article"> {
  const within = t.inside(f.originCountry) && t.inside(f.destinationCountry);
  if (f.distanceKm <= 1500) return { minutes: 120, letter: "a", band: "1,500 km or less" };
  if (within) return { minutes: 180, letter: "b", band: "over 1,500 km within the territory" };
  if (f.distanceKm <= 3500) return { minutes: 180, letter: "b", band: "1,500 to 3,500 km" };
  return { minutes: 240, letter: "c", band: "over 3,500 km" };
}

function basis(t: Territory, article: string, rule: string, owed: boolean, inputs: Record<string, unknown>, fromMinutes: number): CareBasis {
  return { regime: t.regime, article, rule, owed, fromMinutes, inputs };
}

/**
 * Care (Art. 9) is owed whatever the cause: extraordinary circumstances release compensation
 * (Art. 5(3)), never care, so the cause is recorded but not read.
 */
function decide(t: Territory, f: CareFacts): RegimeVerdicts | null {
  const scope = covers(t, f);
  if (!scope) return null;
  const common = { scope, ...waitInputs(f), distanceKm: f.distanceKm, originCountry: f.originCountry, destinationCountry: f.destinationCountry, carrierCountry: f.carrierCountry };
  const night = overnightWords(f);

  if (f.disruption.kind === "DELAY") {
    const b = delayThresholdMinutes(t, f);
    const inputs = { ...common, band: b.band, thresholdMinutes: b.minutes };
    const reached = waitReaches(f, b.minutes);
    const band = `flight of ${b.band}`;
    const short = `delay of ${duration(f.waitMinutes ?? 0)}, under the ${duration(b.minutes)} of a ${band}`;
    // Art. 6(1)(ii): hotel and transfers when the expected departure is at least the day after, once the band's delay is reached
    const stay = reached && overnightOrUnknown(f);
    const stayWhy = reached ? night : short;
    const art = `Art. 6(1)(${b.letter})`;
    return {
      MEAL: basis(t, b.article, reached ? `${band}: meals and refreshments from a ${duration(b.minutes)} delay` : `${short}: no meals yet`, reached, inputs, b.minutes),
      COMMUNICATION: basis(t, `${art}(i), 9(2)`, reached ? `${band}: two calls, messages or emails from a ${duration(b.minutes)} delay` : `${short}: no calls yet`, reached, inputs, b.minutes),
      HOTEL: basis(t, `${art}(ii), 9(1)(b)`, stay ? `${stayWhy}: hotel accommodation for the night` : `${stayWhy}: no hotel`, stay, inputs, b.minutes),
      TRANSPORT: basis(t, `${art}(ii), 9(1)(c)`, stay ? `${stayWhy}: transfer between the airport and the hotel` : `${stayWhy}: no transfer`, stay, inputs, b.minutes),
    };
  }
  // Art. 5(1)(b) (cancellation) and Art. 4(3) (denied boarding): Art. 9(1)(a) and 9(2) at once;
  // 9(1)(b),(c) when the new departure is at least the day after (a stay becomes necessary)
  const [event, art] = f.disruption.kind === "DENIED_BOARDING" ? ["denied boarding", "Art. 4(3)"] : ["cancellation", "Art. 5(1)(b)"];
  const stay = overnightOrUnknown(f);
  return {
    MEAL: basis(t, `${art}, 9(1)(a)`, `${event}: meals and refreshments at once`, true, common, 0),
    COMMUNICATION: basis(t, `${art}, 9(2)`, `${event}: two calls, messages or emails at once`, true, common, 0),
    HOTEL: basis(t, `${art}, 9(1)(b)`, stay ? `${night}: hotel accommodation for the night` : `${night}: no hotel`, stay, common, 0),
    TRANSPORT: basis(t, `${art}, 9(1)(c)`, stay ? `${night}: transfer between the airport and the hotel` : `${night}: no transfer`, stay, common, 0),
  };
}

export const eu261: Regime = (f) => decide(EU, f);
export const uk261: Regime = (f) => decide(GB, f);

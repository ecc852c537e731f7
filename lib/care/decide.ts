import { CARE_KINDS, type CareKind } from "@/lib/vocabulary";
import { airline } from "./regimes/airline";
import { anac } from "./regimes/anac";
import { appr } from "./regimes/appr";
import { dgca } from "./regimes/dgca";
import { eu261, uk261 } from "./regimes/eu261";
import { supervisor } from "./regimes/supervisor";
import { usDot } from "./regimes/us-dot";
import type { Regime, RegimeVerdicts } from "./regimes/types";
import { type CareBasis, type CareFacts, type CarePassenger, type Entitlement, type PassengerCare, PRIORITY_NEEDS } from "./types";

/** The passenger-rights regimes, each deciding whether it covers the flight. */
const REGIMES: readonly Regime[] = [eu261, uk261, appr, usDot, anac, dgca];

/**
 * Who is owed what: every regime that covers the flight, and the airline's own policy, give a
 * verdict per kind of care; the most generous wins (owed when any owes it, from the earliest
 * minute any owes it) and every basis is kept, the owing ones first. A flight no regime covers
 * says so (regime NONE) beside the airline's verdict.
 */
export function decideCare(facts: CareFacts, passengers: readonly CarePassenger[]): PassengerCare[] {
  return passengers.map((p) => {
    const verdicts: RegimeVerdicts[] = REGIMES.map((r) => r(facts, p)).filter((v): v is RegimeVerdicts => v !== null);
    const covered = verdicts.length > 0;
    verdicts.push(airline(facts, p));
    // a supervisor's override owes beside the rules; it does not make a regime cover the flight
    const overridden = supervisor(facts, p);
    if (overridden) verdicts.push(overridden);
    return {
      passengerId: p.passengerId,
      groupId: p.groupId,
      priority: p.specialNeeds.some((n) => PRIORITY_NEEDS.includes(n)),
      entitlements: CARE_KINDS.map((kind) => merge(kind, verdicts.map((v) => v[kind]).filter((b): b is CareBasis => !!b), covered ? null : noRegime(facts))),
    };
  });
}

function merge(kind: CareKind, bases: CareBasis[], uncovered: CareBasis | null): Entitlement {
  const all = uncovered ? [uncovered, ...bases] : bases;
  const owing = all.filter((b) => b.owed);
  const from = owing.map((b) => b.fromMinutes).filter((m): m is number => m !== undefined);
  return {
    kind,
    owed: owing.length > 0,
    ...(from.length > 0 ? { fromMinutes: Math.min(...from) } : {}),
    basis: [...owing, ...all.filter((b) => !b.owed)],
  };
}

function noRegime(f: CareFacts): CareBasis {
  return {
    regime: "NONE",
    article: "",
    rule: `no passenger-rights regime covers a flight from ${f.originCountry} to ${f.destinationCountry}${f.carrierCountry ? ` on a carrier of ${f.carrierCountry}` : ""}`,
    owed: false,
    inputs: { originCountry: f.originCountry, destinationCountry: f.destinationCountry, carrierCountry: f.carrierCountry },
  };
}

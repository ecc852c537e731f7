import type { CareKind } from "@/lib/vocabulary";
import type { CareBasis, CareFacts, CarePassenger } from "../types";

/** One regime's verdicts, per kind of care it speaks about (a kind it is silent on is absent). */
export type RegimeVerdicts = Partial<Record<CareKind, CareBasis>>;

/**
 * A regime: null when it does not cover the flight (wrong country, carrier, cause …), else its
 * verdict on each kind it rules on. Pure: everything it reads is in the facts and the passenger.
 */
export type Regime = (facts: CareFacts, passenger: CarePassenger) => RegimeVerdicts | null;

import type { CareBasis, CareFacts, CarePassenger } from "../types";
import type { RegimeVerdicts } from "./types";

const NONE = "the airline's own policy: none";

/**
 * The airline's own care (the care section of the policy matched for the passenger's tier): it
 * always speaks, if only to say it promises nothing, so the page can show "the airline's own
 * policy: none" beside a regime that owes nothing.
 */
export function airline(f: CareFacts, p: CarePassenger): RegimeVerdicts {
  const care = p.airlineCare;
  const inputs = { tier: p.tier, waitMinutes: f.waitMinutes, overnight: f.overnight };
  const none = (): CareBasis => ({ regime: "AIRLINE", article: "care policy", rule: NONE, owed: false, inputs });
  const meal: CareBasis =
    care?.mealAfterMinutes != null
      ? {
          regime: "AIRLINE",
          article: "care policy",
          rule: `the airline's own policy: meals once the wait reaches ${care.mealAfterMinutes} min`,
          owed: f.waitMinutes === null || f.waitMinutes >= care.mealAfterMinutes,
          fromMinutes: care.mealAfterMinutes,
          inputs: { ...inputs, mealAfterMinutes: care.mealAfterMinutes },
        }
      : none();
  // one rule for both kinds, so the page can say "hotel and transfers" in one line (lib/care/words.ts)
  const stay = (): CareBasis =>
    care?.hotelWhenOvernight
      ? { regime: "AIRLINE", article: "care policy", rule: "the airline's own policy: a hotel and transfers for an overnight wait", owed: f.overnight !== false, fromMinutes: 0, inputs }
      : none();
  return { MEAL: meal, HOTEL: stay(), TRANSPORT: stay(), COMMUNICATION: none() };
}

import type { CareRegime } from "@/lib/vocabulary";

/**
 * How the words name each regime, in one table: `cite` before an article in a citation ("EU261
 * Art. 5(1)(b)", "US DOT customer service …", "ANAC Resolution 400 Art. 26": the articles already
 * carry the instrument's name, so the cite adds only what they lack); `under` in "no … owed under
 * …"; `name` as a heading (the case card's regimes). AIRLINE, SUPERVISOR and NONE are quoted whole
 * rather than cited, so their cite is empty.
 */
export const REGIMES: Record<CareRegime, { cite: string; under: string; name: string }> = {
  EU261: { cite: "EU261", under: "EU261", name: "EU261" },
  UK261: { cite: "UK261", under: "UK261", name: "UK261" },
  APPR: { cite: "APPR", under: "the APPR", name: "APPR" },
  US_DOT: { cite: "US", under: "the US DOT commitments", name: "the US DOT commitments" },
  ANAC: { cite: "ANAC", under: "ANAC Resolution 400", name: "ANAC Resolution 400" },
  DGCA: { cite: "DGCA", under: "the DGCA CAR", name: "DGCA CAR Section 3 Series M Part IV" },
  AIRLINE: { cite: "", under: "the airline's own policy", name: "the airline's own policy" },
  SUPERVISOR: { cite: "", under: "a supervisor's decision", name: "a supervisor's decision" },
  NONE: { cite: "", under: "any regime", name: "no passenger-rights regime" },
};

/** "EU261 Art. 5(1)(b), 9(1)(a)", "US DOT customer service dashboard commitments": a basis cited by its article (a quoted one by its code). */
export function citation(regime: CareRegime, article: string): string {
  return [REGIMES[regime].cite || regime, article].filter(Boolean).join(" ");
}

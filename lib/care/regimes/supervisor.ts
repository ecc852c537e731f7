import type { CareBasis, CareFacts, CarePassenger } from "../types";
import type { RegimeVerdicts } from "./types";

/**
 * A supervisor's override (POST /cases/{caseUrn}/care/overrides): the kinds it names are owed to
 * the group from the start, with the reason and who decided as the rule. Silent without one, so an
 * ordinary passenger's entitlements keep only the regimes' and the airline's bases.
 */
export function supervisor(_f: CareFacts, p: CarePassenger): RegimeVerdicts | null {
  const o = p.override;
  if (!o) return null;
  const verdicts: RegimeVerdicts = {};
  for (const kind of o.kinds) {
    const basis: CareBasis = {
      regime: "SUPERVISOR",
      article: "override",
      rule: `supervisor override: ${o.reason} (by ${o.by})`,
      owed: true,
      fromMinutes: 0,
      inputs: { groupId: p.groupId, reason: o.reason, by: o.by },
    };
    verdicts[kind] = basis;
  }
  return verdicts;
}

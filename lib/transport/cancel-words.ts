import { REPLACED_BY_TAXI } from "./plan/types";

/** Why a taxi replaced the ride, per reason code (lib/rides/decide.ts), in a duty manager's words. */
export const TAXI_REASON_WORDS: Record<string, string> = {
  NIGHT: "outside the shuttle hours",
  CAR_TIER: "the fare tier rides by car",
  FLEET_UNAVAILABLE: "the fleet had no vehicle",
};

/**
 * A cancelled ride's reason as the transport table shows it: the machine-written ones in plain
 * words ("replaced by taxi vouchers (NIGHT|CAR_TIER)" → "Replaced by taxi vouchers: outside the
 * shuttle hours; the fare tier rides by car"), a stay's cancellation without its URN, and an
 * operator's own words as they typed them. Null when there is none.
 */
export function cancellationWords(reason: string | null | undefined): string | null {
  if (!reason) return null;
  if (reason.startsWith(REPLACED_BY_TAXI)) {
    const codes = /\(([^)]*)\)/.exec(reason)?.[1]?.split("|").filter(Boolean) ?? [];
    const why = codes.map((c) => TAXI_REASON_WORDS[c] ?? c.replaceAll("_", " ").toLowerCase()).join("; ");
    return why ? `Replaced by taxi vouchers: ${why}` : "Replaced by taxi vouchers";
  }
  const stay = /^reservation urn:\S+ cancelled: (.*)$/s.exec(reason);
  if (stay) return `The stay was cancelled: ${stay[1]}`;
  return reason;
}

import type { CareFacts } from "../types";

/**
 * One rule for every regime while the next departure is not known (waitMinutes and overnight
 * null): the passenger is owed what a long wait would give them, so nobody goes without a meal or
 * a bed because the airline has not yet rebooked them. The time thresholds still say from when
 * (fromMinutes), and the rule's words say the departure is not known yet.
 */
export function waitReaches(f: CareFacts, minutes: number): boolean {
  return f.waitMinutes === null || f.waitMinutes >= minutes;
}

/** The "more than" tests (DGCA's "more than 24 hours"): an unknown wait counts as exceeding. */
export function waitExceeds(f: CareFacts, minutes: number): boolean {
  return f.waitMinutes === null || f.waitMinutes > minutes;
}

/** An overnight stay is needed, or the next departure is not known yet (treated as needed). */
export function overnightOrUnknown(f: CareFacts): boolean {
  return f.overnight !== false;
}

/** "2 h", "2 h 30", "45 min": thresholds in the words of the rules. */
export function duration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${String(m).padStart(2, "0")}`;
}

/** The words of the overnight test, shared by the regimes that house passengers for the night. */
export function overnightWords(f: CareFacts): string {
  if (f.overnight === null) return "the new departure is not known yet (treated as overnight)";
  return f.overnight ? "the new flight leaves the next day" : "the new flight leaves the same day";
}

/** What every basis records of the wait. */
export function waitInputs(f: CareFacts): Record<string, unknown> {
  return { disruption: f.disruption.kind, cause: f.disruption.cause, waitMinutes: f.waitMinutes, overnight: f.overnight, nextDeparture: f.nextDeparture };
}

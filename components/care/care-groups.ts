import type { CaseCare } from "@/lib/care/schemas";
import { careSummary } from "@/lib/care/words";

export type CareRow = {
  key: string;
  groups: string[];
  passengers: { passengerId: string; name: string | null }[];
  priority: boolean;
  sentences: string[];
  owedKinds: string[];
};

/**
 * The case's passengers collapsed into rows of identical care: passengers whose entitlements read
 * the same (and the same priority) share one row, in the order of their first passenger, so a
 * 300-passenger cancellation reads as one or two rows rather than 300.
 */
export function careRows(care: Pick<CaseCare, "passengers">): CareRow[] {
  const rows = new Map<string, CareRow>();
  for (const p of care.passengers) {
    const sentences = careSummary(p.entitlements);
    const key = JSON.stringify([p.priority, sentences]);
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { key, groups: [], passengers: [], priority: p.priority, sentences, owedKinds: p.entitlements.filter((e) => e.owed).map((e) => e.kind) }));
    if (!row.groups.includes(p.groupId)) row.groups.push(p.groupId);
    row.passengers.push({ passengerId: p.passengerId, name: p.name });
  }
  return [...rows.values()];
}

/** "15 h 5 min", "45 min" */
export function waitWords(minutes: number | null): string {
  if (minutes === null) return "not known yet";
  const h = Math.floor(Math.abs(minutes) / 60);
  const m = Math.abs(minutes) % 60;
  return `${minutes < 0 ? "−" : ""}${h ? `${h} h` : ""}${h && m ? " " : ""}${m || !h ? `${m} min` : ""}`;
}

export const KIND_WORDS: Record<string, string> = { CANCELLATION: "cancellation", DELAY: "delay", DENIED_BOARDING: "denied boarding" };
export const CAUSE_WORDS: Record<string, string> = {
  CONTROLLABLE: "within the airline's control",
  UNCONTROLLABLE: "outside the airline's control",
  SAFETY: "safety",
  UNKNOWN: "cause not given (treated as within the airline's control)",
};

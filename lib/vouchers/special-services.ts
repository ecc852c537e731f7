import { SPECIAL_NEEDS, type SpecialNeed } from "@/lib/vocabulary";

/**
 * The hotel's instructions for the party's needs, one sentence per need in vocabulary order. Counts
 * only, never who: a medical need or a minor travelling alone is not for the whole front desk.
 */
const INSTRUCTION: Record<SpecialNeed, (n: number) => string> = {
  WHEELCHAIR: (n) => `Accessibility: ${n} wheelchair ${n === 1 ? "user" : "users"}. Provide wheelchair-accessible ${n === 1 ? "room" : "rooms"} with step-free access.`,
  CONNECTING_ROOMS: () => "Connecting rooms: the party travels together; give connecting or adjacent rooms.",
  EARLY_CHECK_IN: () => "Early check-in: the party arrives before the standard check-in time; have the rooms ready.",
  INFANT: (n) => `Infants: ${n}. Provide ${n === 1 ? "a cot" : "cots"} in the room.`,
  VISUAL_IMPAIRMENT: (n) => `Accessibility: ${n} ${n === 1 ? "guest" : "guests"} with a visual impairment; assist with orientation.`,
  HEARING_IMPAIRMENT: (n) => `Accessibility: ${n} ${n === 1 ? "guest" : "guests"} with a hearing impairment; a visual alarm kit is needed.`,
  SERVICE_ANIMAL: () => "A service animal travels with the party.",
  MEDICAL: () => "A guest has a medical need; the airline's desk can give details.",
  UNACCOMPANIED_MINOR: () => "An unaccompanied minor travels in this party; the airline's escort procedure applies.",
};

export function specialServiceInstructions(needsPerPassenger: readonly (readonly string[])[]): string[] {
  const counts = new Map<string, number>();
  for (const needs of needsPerPassenger) for (const need of new Set(needs)) counts.set(need, (counts.get(need) ?? 0) + 1);
  return SPECIAL_NEEDS.filter((need) => counts.has(need)).map((need) => INSTRUCTION[need](counts.get(need)!));
}

import type { Tier } from "@/lib/vocabulary";

/**
 * Contract part 4: one room per two passengers, rounded up; CREW one room per member. A passenger
 * whose tier the manifest lacks (null) counts as non-crew.
 */
export function roomsFor(tiers: readonly (string | null)[]): number {
  const crew = tiers.filter((t) => t === "CREW").length;
  return crew + Math.ceil((tiers.length - crew) / 2);
}

/** The rooms a split of a group into `parts` (each a list of tiers) adds to the case: their rooms less the group's. */
export function roomsASplitAdds(parts: readonly (readonly (string | null)[])[]): number {
  return parts.reduce((n, part) => n + roomsFor(part), 0) - roomsFor(parts.flat());
}

/**
 * A group has the one tier its passengers share, or (spanning several) none and the mixed-tier
 * flag. Unknown tiers are left out: a family with one tierless member is still an ECONOMY group,
 * and a group where no tier is known has none (its DATA_INCOMPLETE item says why).
 */
export function groupTier(tiers: readonly (string | null)[]): { tier: Tier | null; mixedTier: boolean } {
  const distinct = [...new Set(tiers.filter((t): t is string => t !== null))];
  if (distinct.length === 1) return { tier: distinct[0] as Tier, mixedTier: false };
  return { tier: null, mixedTier: distinct.length > 1 };
}

/** The derived columns of a group, from its passengers' tiers. */
export function groupShape(tiers: readonly (string | null)[]) {
  return { rooms: roomsFor(tiers), ...groupTier(tiers) };
}


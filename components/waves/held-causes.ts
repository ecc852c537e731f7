import type { HeldCause } from "@/lib/allocation/schemas";

/** Each cause of a HELD group (spec 7) in the words a supervisor reads it. */
export const HELD_CAUSE_TEXT: Record<HeldCause, string> = {
  NO_POLICY: "No active policy covers the group's tier",
  MIXED_TIER: "The group mixes tiers: split it before placing it",
  NO_HOTEL_IN_RADIUS: "No hotel within the policy's radius",
  FILTERED_OUT: "Every hotel in the radius failed a policy constraint",
  CAPACITY: "The compliant hotels are full",
  NO_ACCESSIBLE_ROOM: "No compliant hotel has an accessible room left for a wheelchair user",
};

/** A constraint name as the engine reports it (`maxNightlyRate`, `minStars`…) in plain words. */
export function constraintText(constraint: string | null): string | null {
  if (!constraint) return null;
  return constraint
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replaceAll("_", " ")
    .toLowerCase();
}

export const tierText = (tier: string | null) => (tier ? tier.replaceAll("_", " ").toLowerCase() : "mixed tiers");
export const providerText = (provider: string) => (provider === "DIRECT" ? "direct contract" : provider.replaceAll("_", " ").toLowerCase());

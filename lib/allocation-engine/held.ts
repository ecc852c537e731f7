import type { HeldCause } from "@/lib/allocation/schemas";
import type { Tier } from "@/lib/vocabulary";
import type { EngineGroup, EngineHeld } from "./types";

/** Why a group fits nowhere, with what the caller needs to open its review item. */
export type HeldReason = { cause: HeldCause; constraint: string | null; detail: string };

const REVIEW: Record<HeldCause, Pick<EngineHeld, "category" | "priority">> = {
  NO_POLICY: { category: "POLICY_VIOLATION", priority: "LOW" },
  MIXED_TIER: { category: "MIXED_TIER_GROUP", priority: "LOW" },
  NO_HOTEL_IN_RADIUS: { category: "ALLOCATION_FAILED", priority: "HIGH" },
  FILTERED_OUT: { category: "ALLOCATION_FAILED", priority: "HIGH" },
  CAPACITY: { category: "ALLOCATION_FAILED", priority: "HIGH" },
  NO_ACCESSIBLE_ROOM: { category: "ALLOCATION_FAILED", priority: "HIGH" },
};

/** Spec part 7's next steps per cause. */
function suggestionsFor(cause: HeldCause, tier: Tier | null, constraint: string | null): string[] {
  switch (cause) {
    case "NO_POLICY":
      return [`Create or activate a policy for tier ${tier} in this context, then rerun the wave`];
    case "MIXED_TIER":
      return ["Split the group by tier (an operator decision), then rerun the wave"];
    case "NO_HOTEL_IN_RADIUS":
      return [
        "Broaden maxDistanceKm temporarily (a new policy version)",
        "Unblock direct-contract inventory near the airport",
        "Invalidate the hotel cache for the airport and rerun if offers look stale",
      ];
    case "FILTERED_OUT":
      return [
        `Relax the versioned policy (${constraint}), or ask the exception agent for a recommendation`,
        "Override the group to a named hotel, then rerun",
      ];
    case "CAPACITY":
      return [
        "Split the group (an operator decision) or override it to a hotel with rooms, then rerun",
        "Invalidate the hotel cache for the airport and rerun: cached offers may understate rooms left",
      ];
    case "NO_ACCESSIBLE_ROOM":
      return [
        "Override the group to a hotel that confirms accessible rooms, then rerun",
        "Relax the policy's radius or stars to reach hotels with accessible rooms left",
      ];
  }
}

export function heldEntry(group: EngineGroup, reason: HeldReason): EngineHeld {
  return {
    groupId: group.groupId,
    pnr: group.pnr,
    tier: group.tier,
    rooms: group.rooms,
    cause: reason.cause,
    constraint: reason.constraint,
    detail: reason.detail,
    suggestions: suggestionsFor(reason.cause, group.tier, reason.constraint),
    ...REVIEW[reason.cause],
  };
}

import { conflict } from "@/lib/errors";
import type { SegmentStatus } from "@/lib/vocabulary";

/**
 * The transport segment's one transition table (contract part 4: PLANNED → ASSIGNED → COMPLETED,
 * or CANCELLED). Every change of a segment names its action here; COMPLETED and CANCELLED are
 * final. `to: null` keeps the status (a retime, or the planner adding passengers).
 */
export const SEGMENT_TRANSITIONS = {
  // a vehicle from the fleet or an operator; an ASSIGNED segment may get another vehicle
  assign: { from: ["PLANNED", "ASSIGNED"], to: "ASSIGNED" },
  retime: { from: ["PLANNED", "ASSIGNED"], to: null },
  cancel: { from: ["PLANNED", "ASSIGNED"], to: "CANCELLED" },
  // the ride happened: set by the completion sweep once the pickup is long past
  complete: { from: ["ASSIGNED"], to: "COMPLETED" },
  // the planner merges passengers of a newly confirmed reservation into a shuttle not yet assigned
  extend: { from: ["PLANNED"], to: null },
  // a reservation aboard was cancelled: its passengers leave the ride (the last ones cancel it)
  shrink: { from: ["PLANNED", "ASSIGNED"], to: null },
} as const satisfies Record<string, { from: readonly SegmentStatus[]; to: SegmentStatus | null }>;

export type SegmentAction = keyof typeof SEGMENT_TRANSITIONS;

/** Status → the statuses it may move to, derived from the actions (for docs and tests). */
export const SEGMENT_STATUS_MOVES: Record<SegmentStatus, SegmentStatus[]> = {
  PLANNED: [],
  ASSIGNED: [],
  COMPLETED: [],
  CANCELLED: [],
};
for (const t of Object.values(SEGMENT_TRANSITIONS)) {
  for (const from of t.from) {
    const to = t.to ?? from;
    if (to !== from && !SEGMENT_STATUS_MOVES[from].includes(to)) SEGMENT_STATUS_MOVES[from].push(to);
  }
}

export function canApply(action: SegmentAction, from: string): boolean {
  return (SEGMENT_TRANSITIONS[action].from as readonly string[]).includes(from);
}

/** The status after the action (the same one when the action keeps it). */
export function statusAfter(action: SegmentAction, from: SegmentStatus): SegmentStatus {
  return SEGMENT_TRANSITIONS[action].to ?? from;
}

/** 409 INVALID_TRANSITION saying which states the action needs. */
export function assertSegmentTransition(action: SegmentAction, from: string, urn: string): void {
  if (canApply(action, from)) return;
  throw conflict("INVALID_TRANSITION", `Segment ${urn} is ${from}; ${action} needs ${SEGMENT_TRANSITIONS[action].from.join(" or ")}.`);
}

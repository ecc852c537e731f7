import { conflict } from "@/lib/errors";
import type { ReviewState } from "@/lib/vocabulary";

/**
 * The review item lifecycle (spec 3.5, contract part 4): claim → act → resolve. An operator claims
 * an OPEN item (or acting on it claims it implicitly); the claimant, or an ADMIN, may release it
 * back to OPEN; resolving closes it for good. RESOLVED is final: a new problem opens a new item.
 */
export const REVIEW_TRANSITIONS: Record<ReviewState, readonly ReviewState[]> = {
  OPEN: ["CLAIMED", "RESOLVED"],
  CLAIMED: ["OPEN", "RESOLVED"],
  RESOLVED: [],
};

export function canMoveReview(from: ReviewState, to: ReviewState): boolean {
  return REVIEW_TRANSITIONS[from].includes(to);
}

/** 409 INVALID_TRANSITION naming both states, for a move the table does not list. */
export function assertReviewTransition(from: ReviewState, to: ReviewState): void {
  if (canMoveReview(from, to)) return;
  const allowed = REVIEW_TRANSITIONS[from];
  throw conflict(
    "INVALID_TRANSITION",
    from === "RESOLVED"
      ? "The review item is RESOLVED; nothing more can be done on it."
      : `A ${from} review item cannot move to ${to} (it moves to ${allowed.join(", ")}).`,
  );
}

import { describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors";
import { assertReviewTransition, canMoveReview, REVIEW_TRANSITIONS } from "@/lib/review/transitions";
import { REVIEW_STATES } from "@/lib/vocabulary";

describe("review item transitions", () => {
  it("covers every state; RESOLVED is final", () => {
    expect(Object.keys(REVIEW_TRANSITIONS).sort()).toEqual([...REVIEW_STATES].sort());
    expect(REVIEW_TRANSITIONS.RESOLVED).toEqual([]);
  });

  it("claim, release and resolve follow the table; anything else is 409 INVALID_TRANSITION", () => {
    expect(canMoveReview("OPEN", "CLAIMED")).toBe(true);
    expect(canMoveReview("CLAIMED", "OPEN")).toBe(true);
    expect(canMoveReview("CLAIMED", "RESOLVED")).toBe(true);
    expect(canMoveReview("OPEN", "RESOLVED")).toBe(true);
    for (const [from, to] of [["OPEN", "OPEN"], ["CLAIMED", "CLAIMED"], ["RESOLVED", "OPEN"], ["RESOLVED", "CLAIMED"]] as const) {
      let err: unknown;
      try {
        assertReviewTransition(from, to);
      } catch (e) {
        err = e;
      }
      expect(err, `${from} → ${to}`).toBeInstanceOf(DomainError);
      expect((err as DomainError).status).toBe(409);
      expect((err as DomainError).code).toBe("INVALID_TRANSITION");
    }
  });
});

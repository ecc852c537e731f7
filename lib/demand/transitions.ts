import { conflict } from "@/lib/errors";
import type { DemandStatus } from "@/lib/vocabulary";
import { APPROVED_STATUSES } from "@/lib/records/demand";

/**
 * Spec 3.1, the demand's one transition table. A demand is created REQUESTED; approval (automatic
 * or by a supervisor) or rejection decides it; the allocation and booking jobs finish it.
 */
export const DEMAND_TRANSITIONS = {
  approve: { from: ["REQUESTED"], to: "APPROVED" },
  reject: { from: ["REQUESTED"], to: "REJECTED" },
  // every requested room has a confirmed reservation
  fulfil: { from: ["APPROVED"], to: "FULFILLED" },
  // some rooms booked, others failed (a review item exists)
  partial: { from: ["APPROVED"], to: "PARTIAL" },
} as const satisfies Record<string, { from: readonly DemandStatus[]; to: DemandStatus }>;

export type DemandAction = keyof typeof DEMAND_TRANSITIONS;

export function canTransition(action: DemandAction, from: string): boolean {
  return (DEMAND_TRANSITIONS[action].from as readonly string[]).includes(from);
}

/** 409 INVALID_TRANSITION, saying which states the action needs. */
export function assertDemandTransition(action: DemandAction, from: string, urn: string): void {
  if (canTransition(action, from)) return;
  throw conflict("INVALID_TRANSITION", `Demand ${urn} is ${from}; ${action} needs ${DEMAND_TRANSITIONS[action].from.join(" or ")}.`);
}

// statuses whose rooms count as approved: defined with the demand record (the held rooms read them too)
export { APPROVED_STATUSES };

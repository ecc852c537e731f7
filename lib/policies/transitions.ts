import { conflict } from "@/lib/errors";
import type { PolicyStatus } from "@/lib/vocabulary";

/**
 * Spec 3.3, the policy's one transition table. A new policy is a DRAFT (no effect); activating a
 * DRAFT or an ARCHIVED version (a rollback) makes it ACTIVE and archives the context's ACTIVE one.
 */
export const POLICY_TRANSITIONS = {
  activate: { from: ["DRAFT", "ARCHIVED"], to: "ACTIVE" },
  // only as the other half of an activation in the same context
  archive: { from: ["ACTIVE"], to: "ARCHIVED" },
  // editing (PATCH): a version that has had an effect is never rewritten; create a new one instead
  update: { from: ["DRAFT"], to: "DRAFT" },
} as const satisfies Record<string, { from: readonly PolicyStatus[]; to: PolicyStatus }>;

export type PolicyAction = keyof typeof POLICY_TRANSITIONS;

export function canTransition(action: PolicyAction, from: string): boolean {
  return (POLICY_TRANSITIONS[action].from as readonly string[]).includes(from);
}

/** 409 INVALID_TRANSITION, saying which states the action needs. */
export function assertPolicyTransition(action: PolicyAction, from: string, urn: string): void {
  if (canTransition(action, from)) return;
  const t = POLICY_TRANSITIONS[action];
  throw conflict("INVALID_TRANSITION", `Policy ${urn} is ${from}; ${action} needs ${t.from.join(" or ")}.`);
}

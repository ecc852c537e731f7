import type { DemandStatus, DemandType } from "@/lib/vocabulary";
import { APPROVED_STATUSES, canTransition, DEMAND_TRANSITIONS, type DemandAction } from "./transitions";

type DemandLike = { type: string; status: string };

/**
 * The demand rules a screen needs, from the same tables the verbs enforce (no copies in pages):
 * one INITIAL per case unless it was rejected; INCREMENTAL once an INITIAL is approved.
 */
export function hasLiveInitial(demands: readonly DemandLike[]): boolean {
  return demands.some((d) => d.type === "INITIAL" && d.status !== "REJECTED");
}

export function hasApprovedInitial(demands: readonly DemandLike[]): boolean {
  return demands.some((d) => d.type === "INITIAL" && (APPROVED_STATUSES as readonly string[]).includes(d.status));
}

/** Why a demand of this type would be refused now (409 INVALID_TRANSITION), or null when allowed. */
export function demandTypeRefusal(type: DemandType, demands: readonly DemandLike[]): string | null {
  if (type === "INITIAL" && hasLiveInitial(demands)) return "already has an INITIAL demand; ask for more rooms with an INCREMENTAL one";
  if (type === "INCREMENTAL" && !hasApprovedInitial(demands)) return "has no approved INITIAL demand; an INCREMENTAL demand adds to an approved baseline";
  return null;
}

/** Rooms the case has asked for: every demand not rejected. */
export function roomsRequested(demands: readonly { status: string; roomsRequested: number }[]): number {
  return demands.filter((d) => d.status !== "REJECTED").reduce((n, d) => n + d.roomsRequested, 0);
}

/** The type a new demand of the case should have: INITIAL until a live one exists. */
export function nextDemandType(demands: readonly DemandLike[]): DemandType {
  return hasLiveInitial(demands) ? "INCREMENTAL" : "INITIAL";
}

/** The decisions a person may take on a demand in this status (approve, reject), per the transition table. */
export function decisionsFor(status: DemandStatus | string): DemandAction[] {
  return (["approve", "reject"] as const).filter((a) => canTransition(a, status));
}

export { DEMAND_TRANSITIONS };

import { conflict } from "@/lib/errors";
import type { ReservationStatus } from "@/lib/vocabulary";

/**
 * The reservation's transition table: every change of a reservation names its action here.
 * CANCELLED and FAILED are final; `to: null` keeps the status (the hotel's answers in the extranet,
 * a stay changed in place). New verbs apply it through `assertReservationTransition`; older ones
 * (booking, cancel, check-out) keep their own guarded updates, which agree with it.
 */
export const RESERVATION_TRANSITIONS = {
  confirm: { from: ["PENDING"], to: "CONFIRMED" },
  fail: { from: ["PENDING"], to: "FAILED" },
  cancel: { from: ["CONFIRMED"], to: "CANCELLED" },
  // the hotel no longer holds the booking (lib/booking/walk.ts): ended here without a call to the provider
  walk: { from: ["CONFIRMED"], to: "CANCELLED" },
  checkOut: { from: ["CONFIRMED"], to: "CHECKED_OUT" },
  modify: { from: ["CONFIRMED"], to: null },
  // the extranet: the hotel confirms a direct booking, or records the group's arrival
  hotelConfirm: { from: ["CONFIRMED"], to: null },
  recordArrival: { from: ["CONFIRMED", "CHECKED_OUT"], to: null },
} as const satisfies Record<string, { from: readonly ReservationStatus[]; to: ReservationStatus | null }>;

export type ReservationAction = keyof typeof RESERVATION_TRANSITIONS;

export function canApplyReservation(action: ReservationAction, from: string): boolean {
  return (RESERVATION_TRANSITIONS[action].from as readonly string[]).includes(from);
}

/** 409 INVALID_TRANSITION saying which states the action needs. */
export function assertReservationTransition(action: ReservationAction, from: string, urn: string): void {
  if (canApplyReservation(action, from)) return;
  throw conflict("INVALID_TRANSITION", `Reservation ${urn} is ${from}; ${action} needs ${RESERVATION_TRANSITIONS[action].from.join(" or ")}.`);
}

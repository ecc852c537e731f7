import { z } from "zod";
import { urnParam } from "@/lib/api/params";
import { defineRoute } from "@/lib/api/route";
import { CancelReservationBody, ManualBookingBody, Reservation, ReservationListQuery } from "@/lib/booking/schemas";
import { pageOf } from "@/lib/primitives";

const ReservationParams = z.object({ reservationUrn: urnParam("reservation") });

export const listReservationsRoute = defineRoute({
  method: "GET",
  path: "/booking/reservations",
  tag: "Booking",
  summary: "List reservations",
  description:
    "Reservations of the caller's tenant in the caller's airports (the airport of their case), newest first, with cursor " +
    "pagination. Filters: status (PENDING, CONFIRMED, CHECKED_OUT, CANCELLED, FAILED), caseUrn, airport (outside the caller's " +
    "claims: 403 OUT_OF_SCOPE). A FEED client lists only the reservations of cases it created.",
  permission: "case:read",
  query: ReservationListQuery,
  response: pageOf(Reservation),
});

export const getReservationRoute = defineRoute({
  method: "GET",
  path: "/booking/reservations/{reservationUrn}",
  tag: "Booking",
  summary: "Get a reservation",
  description:
    "One reservation (spec 2.6): hotel, rooms, stay, total, payment method (never a card token), confirmation code, the " +
    "provider's reference, its voucher's URN, whether the provider can cancel it, and every provider call the booking made " +
    "(`attempts`). 404 in another tenant (and for a FEED client, on a case it did not create); 403 OUT_OF_SCOPE outside the caller's airports.",
  permission: "case:read",
  params: ReservationParams,
  response: Reservation,
  errors: [404],
});

export const cancelReservationRoute = defineRoute({
  method: "POST",
  path: "/booking/reservations/{reservationUrn}/cancel",
  tag: "Booking",
  summary: "Cancel a reservation",
  description:
    "Cancels a CONFIRMED reservation at its provider and marks it CANCELLED with the reason (spec 3.4). Body `{ reason, rehouse? }` " +
    "(422 REASON_REQUIRED without a reason). Per provider: a direct contract cancels at once and its rooms return to the allotment; " +
    "Hotelbeds cancels through its API; Expedia Rapid's self-service tier cannot cancel (409 CONFLICT: cancel at the hotel or through " +
    "the provider's enterprise tier). The group's passengers go from BOOKED back to AWAITING_ALLOCATION (`rehouse`: true, the default; " +
    "the next wave or a rerun houses them) or to CANCELLED (`rehouse`: false: they need no room any more). Once the change commits, a cancellation message (email and SMS) goes to " +
    "each passenger whose voucher was delivered. Audited; emits reservation/cancelled. 409 INVALID_TRANSITION when the reservation is " +
    "not CONFIRMED, 409 CASE_CLOSED on a closed case. Answers the reservation after the change.",
  permission: "reservation:cancel",
  params: ReservationParams,
  body: CancelReservationBody,
  response: Reservation,
  sets: { status: ["CANCELLED"], "passengers.operationalStatus": ["AWAITING_ALLOCATION", "CANCELLED"] },
  errors: [404, 409],
});

export const manualBookingRoute = defineRoute({
  method: "POST",
  path: "/booking/manual",
  tag: "Booking",
  summary: "Book a group manually",
  description:
    "Books one group at the given hotel offer through that offer's provider at once, skipping ranking (spec 4.6): one attempt, " +
    "answered now with 201, the CONFIRMED reservation and its Location; its voucher is rendered and the voucher emails queued. " +
    "The offer must be one a search of the case's airport and stay finds for that hotel (a wave's candidates, else a fresh " +
    "search): an unknown group, hotel or offer is 422. The reservation belongs to the group's latest wave; a group with a live " +
    "reservation there is 409 CONFLICT (cancel it first), as is a provider that refuses (nothing is booked). The group's passengers " +
    "become ALLOCATED then BOOKED. Audited as an override with the reason (422 REASON_REQUIRED without one). A closed case: 409 CASE_CLOSED.",
  permission: "booking:manual",
  body: ManualBookingBody,
  response: Reservation,
  status: 201,
  sets: { status: ["CONFIRMED"], "passengers.operationalStatus": ["ALLOCATED", "BOOKED"] },
  errors: [409, 422],
});

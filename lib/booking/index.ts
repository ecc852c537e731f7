/** Booking (spec 3.4, 4.6, 4.8): the booking job's steps, reservations and their verbs. */
export { bookManually } from "./manual";
export { cancelReservation } from "./cancel";
export { checkOutDue } from "./check-out";
export { overrideWave } from "./override-wave";
export { getReservation } from "./get";
export { listReservations } from "./list";
export { settleWave } from "./settle";
export { Reservation, ReservationListQuery, CancelReservationBody, ManualBookingBody } from "./schemas";

import { z } from "zod";
import { urnParam } from "@/lib/api/params";
import { defineRoute } from "@/lib/api/route";
import { Arrivals, ArrivalsQuery, CheckInBody, DeclineBookingBody, HotelBooking, HotelInventory, InventoryBody } from "@/lib/extranet/schemas";

const HotelParams = z.object({ hotelUrn: urnParam("hotel") });
const BookingParams = z.object({ hotelUrn: urnParam("hotel"), reservationUrn: urnParam("reservation") });

/** Who reaches a hotel's routes, said once for every extranet route. */
const SCOPE =
  "For a HOTEL user, only the hotels of its `hotels` claim (another hotel: 403 OUT_OF_SCOPE) and only those its airline " +
  "has a direct contract with (else 404); OPS_SUPERVISOR and ADMIN for the hotels of their airports (else 403 OUT_OF_SCOPE). " +
  "Every other role: 403 FORBIDDEN. Only the caller's airline's bookings are ever seen or touched.";

export const listArrivalsRoute = defineRoute({
  method: "GET",
  path: "/hotels/{hotelUrn}/arrivals",
  tag: "Extranet",
  summary: "List a hotel's arrivals",
  description: [
    "The rooming list of one night at a contracted hotel (issue 22): the caller's airline's live bookings (CONFIRMED or",
    "CHECKED_OUT, not walked) whose check-in falls on `date` in the hotel's local calendar, by default the night under way there (until 05:00 local, last evening's). Per",
    "booking: confirmation code, provider, rooms, stay dates, the guests' names (an erased passenger is \"(name erased)\"),",
    "their special needs, the arrival estimate (the airport-to-hotel shuttle's pickup plus the ride), the hotel's answer",
    "and the desk's record. Nothing else about the passengers: no contacts, PNR or flight.",
    SCOPE,
  ].join("\n"),
  permission: "hotel:extranet",
  params: HotelParams,
  query: ArrivalsQuery,
  response: Arrivals,
  errors: [404, 422],
});

export const confirmHotelBookingRoute = defineRoute({
  method: "POST",
  path: "/hotels/{hotelUrn}/bookings/{reservationUrn}/confirm",
  tag: "Extranet",
  summary: "Confirm a direct booking",
  description: [
    "The hotel holds the rooms of a booking made on its direct contract: `hotelConfirmation` becomes CONFIRMED. No body.",
    "Confirming twice answers the same. A booking of another provider (409 CONFLICT: answer it at that provider), one",
    "the hotel declined, or one no longer CONFIRMED (409 INVALID_TRANSITION) is refused. A reservation not at this hotel",
    "or not of the caller's airline: 404. Audited.",
    SCOPE,
  ].join("\n"),
  permission: "hotel:extranet",
  params: BookingParams,
  response: HotelBooking,
  errors: [404, 409],
});

export const declineHotelBookingRoute = defineRoute({
  method: "POST",
  path: "/hotels/{hotelUrn}/bookings/{reservationUrn}/decline",
  tag: "Extranet",
  summary: "Decline a direct booking",
  description: [
    "The hotel cannot take the group of a direct booking: the reservation is walked (status CANCELLED, `walkReason`",
    "DECLINED_BY_HOTEL with the reason as its detail, `hotelConfirmation` DECLINED) and the group rehoused as after a",
    "failed re-confirmation. The rooms do not go back to the contract. Declining twice answers the same. Another",
    "provider's booking: 409 CONFLICT; a booking no longer CONFIRMED: 409 INVALID_TRANSITION; not at this hotel or not",
    "of the caller's airline: 404. Audited.",
    SCOPE,
  ].join("\n"),
  permission: "hotel:extranet",
  params: BookingParams,
  body: DeclineBookingBody,
  response: HotelBooking,
  errors: [404, 409, 422],
});

export const setHotelInventoryRoute = defineRoute({
  method: "PUT",
  path: "/hotels/{hotelUrn}/inventory",
  tag: "Extranet",
  summary: "Set a hotel's rooms and rate for a night",
  description: [
    "The rooms the hotel still offers on one night of its direct contract (bookings already made not counted; 0 closes",
    "the night) and that night's rate (absent: the contract's). The DIRECT source uses it at once: a search checking in",
    "that night offers these rooms at this rate and a booking takes its rooms from them (DIRECT offers are never cached,",
    "so the next wave sees it). A night before the night under way at the hotel (until 05:00 local, last evening's), more",
    "than a year ahead, negative rooms or more than 2000, a rate of 0 or less or above ten times the contract's: 422,",
    "nothing changed. A capacity call's answer sets the night by the same rules. A hotel without a direct contract of the",
    "caller's airline: 404. Answers the night as offered. Audited with before and after.",
    SCOPE,
  ].join("\n"),
  permission: "hotel:extranet",
  params: HotelParams,
  body: InventoryBody,
  response: HotelInventory,
  errors: [404, 422],
});

export const recordArrivalRoute = defineRoute({
  method: "POST",
  path: "/hotels/{hotelUrn}/check-ins",
  tag: "Extranet",
  summary: "Record a group's arrival",
  description: [
    "The desk records whether a booked group arrived: `arrival` CHECKED_IN or NO_SHOW, with the time. Any provider's",
    "booking at this hotel. Recording again corrects the record (audited with before and after); the same answer twice",
    "changes nothing. A walked or cancelled booking: 409 INVALID_TRANSITION; not at this hotel or not of the caller's",
    "airline: 404.",
    SCOPE,
  ].join("\n"),
  permission: "hotel:extranet",
  params: HotelParams,
  body: CheckInBody,
  response: HotelBooking,
  errors: [404, 409, 422],
});

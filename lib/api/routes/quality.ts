import { z } from "zod";
import { urnParam } from "@/lib/api/params";
import { defineRoute } from "@/lib/api/route";
import { PassengerTokenParams } from "@/lib/passenger/schemas";
import { checkPassengerToken } from "@/lib/passenger/link";
import { HotelQuality, ProblemBody, RatingBody, StayRating } from "@/lib/quality/schemas";

export const hotelQualityRoute = defineRoute({
  method: "GET",
  path: "/hotels/{hotelUrn}/quality",
  tag: "Hotels",
  summary: "Get a hotel's stay quality",
  description: [
    "The hotel's stay-quality score from the caller's tenant's ratings only (another airline's passengers' ratings are never",
    "counted or shown): the mean score (1–5, two decimals) over the passengers' ratings, the operators' problems and the",
    "hotel's own walks and declines; `score` is null while the hotel has fewer than `minRatings` ratings (QUALITY_MIN_RATINGS,",
    "default 5). `tags` counts each tag over those ratings, most frequent first (ties by tag), as [{ tag, count }].",
    "A HOTEL user reads only the hotels of its `hotels` claim (another: 403 OUT_OF_SCOPE) that its tenant has a contract with",
    "(else 404); staff read any known hotel at an airport of their claims (else 403 OUT_OF_SCOPE). An unknown hotel is 404.",
  ].join("\n"),
  permission: "hotel:quality",
  params: z.object({ hotelUrn: urnParam("hotel") }),
  response: HotelQuality,
  errors: [404],
});

export const reportProblemRoute = defineRoute({
  method: "POST",
  path: "/booking/reservations/{reservationUrn}/problems",
  tag: "Booking",
  summary: "Record a problem with a hotel stay",
  description: [
    "An operator records what went wrong at the hotel of a reservation (tags such as REFUSED_VOUCHER, NO_SHUTTLE, UNSAFE;",
    "an optional note; a score, default 1) as an OPERATOR rating, counted in the hotel's stay quality. Several per",
    "reservation are allowed. 201 with the rating. 409 INVALID_TRANSITION for a reservation the hotel never held (PENDING,",
    "FAILED); 404 in another tenant; 403 OUT_OF_SCOPE outside the caller's airports. The note is cleared when a passenger",
    "of the reservation is erased.",
  ].join("\n"),
  permission: "hotel:problem",
  params: z.object({ reservationUrn: urnParam("reservation") }),
  body: ProblemBody,
  response: StayRating,
  status: 201,
  errors: [404, 409],
});

export const passengerRatingRoute = defineRoute({
  tag: "Passenger",
  permission: "public",
  params: PassengerTokenParams,
  // the token is the credential: checked before the body is read, as the other passenger routes
  guard: (p: Record<string, unknown>) => void checkPassengerToken(String(p.token)),
  method: "POST",
  path: "/passenger/{token}/rating",
  summary: "Rate the stay",
  description: [
    "The passengers rate the stay their link shows (1–5, tags from DIRTY, NOISY, UNSAFE, REFUSED_VOUCHER, NO_SHUTTLE,",
    "ROOM_NOT_READY, RUDE_STAFF, an optional plain-text comment of up to 1000 characters). One rating per reservation:",
    "a second is 409 ALREADY_RATED and changes nothing. A stay can be rated from its check-in time (or once the hotel",
    "recorded the check-in, or after check-out); before, 409 STAY_NOT_BEGUN. 409 INVALID_TRANSITION for a stay still",
    "being booked; 404 for one cancelled without replacement. 201 with the rating. The comment is erased with the",
    "passengers' personal data; the score and tags stay (they hold none). No bearer token: the link's token is the",
    "credential (a forged one 404, an expired one 401; counted per link against RATE_LIMIT_PER_MINUTE).",
  ].join("\n"),
  body: RatingBody,
  response: StayRating,
  status: 201,
  errors: [401, 409, 429],
});

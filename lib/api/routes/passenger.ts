import { z } from "zod";
import { defineRoute } from "@/lib/api/route";
import { LOCALES } from "@/lib/i18n/locales";
import { checkPassengerToken } from "@/lib/passenger/link";
import { PassengerChoiceBody, PassengerChoices, PassengerDeclineBody, PassengerStatus, PassengerTokenParams } from "@/lib/passenger/schemas";

const LINK =
  "No bearer token: the passenger link's token (the last segment of /v/{token}) is the credential. It reveals the one " +
  "reservation it was issued for (or the stay that replaced it) and nothing else. A forged, truncated or unknown token is a 404 " +
  "NOT_FOUND problem; an expired one (3 days after check-out) a 401 UNAUTHENTICATED problem. Requests are counted per link " +
  "against RATE_LIMIT_PER_MINUTE (429 RATE_LIMITED with Retry-After), as are the link's page and its voucher. Every answer " +
  "carries `Cache-Control: no-store`. Every action is audited with the actor passenger-link:<reservationUrn>.";

// the token is the credential: checked before the body is read, so a forged link with a bad body is still a 404
const common = { tag: "Passenger", permission: "public", params: PassengerTokenParams, guard: (p: Record<string, unknown>) => void checkPassengerToken(String(p.token)) } as const;

export const passengerStatusRoute = defineRoute({
  ...common,
  method: "GET",
  path: "/passenger/{token}",
  summary: "Read a passenger's stay",
  description:
    "What the passenger page shows, as JSON: the reservation (status, confirmation code, hotel with address, phone and a map " +
    "link, check-in and check-out, rooms, guests by first name and last initial), the next ride (pickup time and place) or " +
    "null, the next flight, whether another hotel may still be chosen (`choice`: open, deadline, minutes left; the policy's " +
    "`choiceMinutes` from the voucher's issue, 0 = never), whether the passenger declined the hotel, and the language " +
    "(`lang` query, else the group's stored language, else Accept-Language). A cancelled stay without a replacement answers " +
    `status CANCELLED. ${LINK}`,
  query: z.object({ lang: z.enum(LOCALES).optional().meta({ description: `the page's language switch: ${LOCALES.join(", ")}` }) }),
  response: PassengerStatus,
  errors: [401, 429],
});

export const passengerChoicesRoute = defineRoute({
  ...common,
  method: "GET",
  path: "/passenger/{token}/choices",
  summary: "List the hotels a passenger may choose",
  description:
    "Up to three other hotels the passenger may move to while the choice is open: the wave's next-ranked compliant hotels for " +
    "the group, re-checked now against live offers (rooms left for the whole group) and the stay's policy. Empty once the " +
    `choice is closed or when no other hotel qualifies. ${LINK}`,
  response: PassengerChoices,
  errors: [401, 429],
});

export const passengerChoiceRoute = defineRoute({
  ...common,
  method: "POST",
  path: "/passenger/{token}/choice",
  summary: "Choose another hotel",
  description:
    "Books the named hotel (one of the choices) for the same stay through the normal booking rules: the new reservation is a " +
    "REPLACEMENT of the current one, confirmed first, with its voucher mailed and its rides planned. Answers the new stay as " +
    "soon as it is confirmed; the first reservation is then cancelled by a job that retries while its provider cannot be " +
    "reached. 409 CHOICE_CLOSED after the deadline (or for a stay that offers no choice); " +
    "409 HOTEL_UNAVAILABLE when the hotel is not among the choices or refuses the booking (filled meanwhile): the first hotel " +
    "stays; 409 CHOICE_IN_PROGRESS when another choice of the same stay is being booked or was made; 409 INVALID_TRANSITION " +
    "when the stay changed meanwhile (declined, cancelled). 503 HOTEL_UNREACHABLE when neither the booking nor a lookup by " +
    `our reference got an answer: the first hotel stays, the booking is left for the desk to check. 404 for a cancelled stay. ${LINK}`,
  body: PassengerChoiceBody,
  response: PassengerStatus,
  errors: [401, 409, 429, 503],
});

export const passengerDeclineRoute = defineRoute({
  ...common,
  method: "POST",
  path: "/passenger/{token}/decline",
  summary: "Decline the hotel",
  description:
    "The passengers need no hotel (staying with family, living nearby): the reservation is cancelled (at the provider where " +
    "it can be; its rides dropped) and the group's passengers become LOCAL_RESIDENT, audited with the optional reason. " +
    "Declining again answers the same. 409 CANNOT_RELEASE where the provider cannot cancel online (tell the desk); 409 " +
    "CHOICE_IN_PROGRESS while a hotel the passenger chose is being booked; 409 INVALID_TRANSITION for a stay checked out or " +
    `still being booked, or cancelled by the desk meanwhile. 404 for a stay cancelled otherwise. ${LINK}`,
  body: PassengerDeclineBody,
  bodyOptional: true,
  response: PassengerStatus,
  sets: { "passengers.operationalStatus": ["LOCAL_RESIDENT"] },
  errors: [401, 409, 429],
});

import { z } from "zod";
import { LOCALES } from "@/lib/i18n/locales";
import { CareKind } from "@/lib/vocabulary";
import { PassengerMealVoucher } from "@/lib/meals/schemas";
import { Urn } from "@/lib/primitives";

export const PassengerTokenParams = z.object({ token: z.string().min(1).max(400) });

const Hotel = z.object({
  urn: z.string(),
  name: z.string(),
  address: z.string(),
  phone: z.string().nullable(),
  mapUrl: z.string().meta({ description: "a map of the hotel (OpenStreetMap at its coordinates, else a search for its address)" }),
});

export const PassengerStatus = z
  .object({
    reservation: z.object({
      status: z.enum(["PENDING", "CONFIRMED", "CHECKED_OUT", "CANCELLED", "FAILED"]),
      confirmationCode: z.string(),
      hotel: Hotel,
      checkIn: z.string().meta({ description: "ISO 8601 instant" }),
      checkOut: z.string().meta({ description: "ISO 8601 instant" }),
      timeZone: z.string().meta({ description: "the hotel's (the airport's) IANA time zone, to show the times in" }),
      rooms: z.number().int(),
      guests: z.array(z.string()).meta({ description: "first name and last initial only (\"Amélie M.\")" }),
    }),
    ride: z
      .object({ pickupAt: z.string(), pickupPlace: z.string(), vehicle: z.string().nullable(), status: z.enum(["PLANNED", "ASSIGNED"]) })
      .nullable()
      .meta({ description: "the group's next ride (to the hotel, then back to the airport); null without transport" }),
    rides: z
      .array(
        z.object({
          direction: z.enum(["AIRPORT_TO_HOTEL", "HOTEL_TO_AIRPORT"]),
          code: z.string(),
          link: z.string().nullable(),
          pickupAt: z.string().meta({ description: "ISO 8601 instant: the voucher is good from then" }),
          maxAmount: z.number(),
          currency: z.string(),
          status: z.enum(["ISSUED", "USED"]),
        }),
      )
      .meta({ description: "taxi vouchers issued for the group's rides (night, a car tier, no shuttle free): the code to show the driver and the cap" }),
    nextFlight: z.object({ number: z.string(), scheduledDeparture: z.string() }).nullable(),
    choice: z.object({
      open: z.boolean(),
      deadline: z.string().nullable(),
      minutesLeft: z.number().int(),
    }),
    declined: z.boolean().meta({ description: "the passenger said they need no hotel (the room was released)" }),
    care: z
      .array(z.object({ kind: CareKind, text: z.string().meta({ description: "in the passenger's words" }), basis: z.string().meta({ example: "EU261 Art. 5(1)(b), 9(1)(a)" }) }))
      .nullable()
      .meta({ description: "what the link's group is owed, one line per kind, in the page's language; null before the case's first assessment (the page then says nothing)" }),
    rating: z
      .object({ open: z.boolean(), score: z.number().int().nullable() })
      .optional()
      .meta({ description: "the stay's rating by its passengers: `score` once rated (1–5), else null; `open` while it may be rated (the stay has begun, not rated yet: POST /passenger/{token}/rating)" }),
    mealVouchers: z.array(PassengerMealVoucher).optional().meta({ description: "the party's meal vouchers, issued (to show at the counter) and spent" }),
    locale: z.enum(LOCALES),
  })
  .meta({ id: "PassengerStatus" });
export type PassengerStatus = z.infer<typeof PassengerStatus>;

export const PassengerHotelChoice = z
  .object({
    hotelUrn: z.string(),
    name: z.string(),
    address: z.string(),
    stars: z.number().int().nullable(),
    distanceKm: z.number(),
  })
  .meta({ id: "PassengerHotelChoice" });

export const PassengerChoices = z
  .object({
    choice: PassengerStatus.shape.choice,
    hotels: z.array(PassengerHotelChoice).max(3),
  })
  .meta({ id: "PassengerChoices" });
export type PassengerChoices = z.infer<typeof PassengerChoices>;

export const PassengerChoiceBody = z.object({ hotelUrn: Urn("hotel").meta({ description: "one of GET /passenger/{token}/choices" }) }).meta({ id: "PassengerChoice" });
export type PassengerChoiceBody = z.input<typeof PassengerChoiceBody>;

export const PassengerDeclineBody = z
  .object({ reason: z.string().trim().max(500).optional().meta({ description: "optional, e.g. \"staying with family\"" }) })
  .meta({ id: "PassengerDecline" });
export type PassengerDeclineBody = z.input<typeof PassengerDeclineBody>;

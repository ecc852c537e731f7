import crypto from "node:crypto";
import { z } from "zod";
import type { Amenity } from "@/lib/vocabulary";

/**
 * Hotelbeds' wire format, as much of it as we use: a token from the API key and an X-Signature
 * (sha256 of key + secret + unix seconds), availability by geolocation with per-stay `net` prices,
 * bookings keyed by our clientReference. Content fields (address, phones, facilities) ride along
 * in availability, as the real API serves them from its content endpoints.
 */

/** Hotelbeds facilities ("group-code") → our tags. Unlisted facilities are dropped. */
export const HOTELBEDS_FACILITIES: Record<string, { description: string; tag: Amenity | null }> = {
  "70-260": { description: "24-hour reception", tag: "24H_RECEPTION" },
  "70-562": { description: "Airport shuttle", tag: "AIRPORT_SHUTTLE" },
  "71-200": { description: "Restaurant", tag: "RESTAURANT" },
  "70-250": { description: "Room service", tag: "ROOM_SERVICE" },
  "60-261": { description: "Wi-fi", tag: "WIFI" },
  "85-10": { description: "Wheelchair-accessible", tag: "ACCESSIBLE_ROOMS" },
  "60-120": { description: "Connecting rooms", tag: "CONNECTING_ROOMS" },
  "74-470": { description: "Gym", tag: "GYM" },
  "70-320": { description: "Car park", tag: "PARKING" },
  "70-570": { description: "Late check-out", tag: "LATE_CHECKOUT" },
  "70-575": { description: "Early check-in", tag: "EARLY_CHECK_IN" },
  "60-130": { description: "Family rooms", tag: "FAMILY_ROOMS" },
  "70-295": { description: "Currency exchange", tag: null },
};

/** Hotelbeds chain codes → provider-independent chain ids. */
export const HOTELBEDS_CHAINS: Record<string, string> = { ACCOR: "ACCOR", HILTO: "HILTON", MARRI: "MARRIOTT", IHG: "IHG", BESTW: "BW" };

export const HotelbedsToken = z.object({ access_token: z.string(), token_type: z.string(), expires_in: z.number() });
export const HotelbedsError = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

export const HotelbedsAvailabilityRequest = z.object({
  stay: z.object({ checkIn: z.string(), checkOut: z.string() }),
  occupancies: z.array(z.object({ rooms: z.number().int().min(1).max(500), adults: z.number().int().min(1).max(8), children: z.number().int().min(0).default(0) })).length(1),
  geolocation: z.object({ latitude: z.number(), longitude: z.number(), radius: z.number().positive().max(200), unit: z.literal("km") }),
});

export const HotelbedsRate = z.object({
  /** the key of this rate: what a booking names */
  rateKey: z.string(),
  rateClass: z.string(),
  rateType: z.string(),
  /** total for the stay and the rooms of the occupancy */
  net: z.string(),
  allotment: z.number().int(),
  /** sandbox extension: adapted rooms among the allotment */
  adaptedRooms: z.number().int(),
  paymentType: z.string(),
  rooms: z.number().int(),
  adults: z.number().int(),
  cancellationPolicies: z.array(z.object({ amount: z.string(), from: z.string() })),
});

export const HotelbedsHotel = z.object({
  code: z.number().int(),
  name: z.string(),
  /** "4EST" = 4 stars; "NC" unrated */
  categoryCode: z.string(),
  categoryName: z.string(),
  destinationName: z.string(),
  latitude: z.string(),
  longitude: z.string(),
  address: z.object({ content: z.string() }),
  phones: z.array(z.object({ phoneNumber: z.string(), phoneType: z.string() })),
  chainCode: z.string().optional(),
  giataCode: z.number().int().optional(),
  facilities: z.array(z.object({ facilityCode: z.number().int(), facilityGroupCode: z.number().int(), description: z.string() })),
  /** CREDIT_CARD and/or CORPORATE_GUARANTEE */
  paymentOptions: z.array(z.string()),
  currency: z.string(),
  minRate: z.string(),
  rooms: z.array(z.object({ code: z.string(), name: z.string(), rates: z.array(HotelbedsRate) })),
});
export type HotelbedsHotel = z.infer<typeof HotelbedsHotel>;

export const HotelbedsAvailability = z.object({
  hotels: z.object({ checkIn: z.string().optional(), checkOut: z.string().optional(), total: z.number().int(), hotels: z.array(HotelbedsHotel) }),
});

export const HotelbedsBookingRequest = z.object({
  holder: z.object({ name: z.string(), surname: z.string() }),
  rooms: z.array(z.object({ rateKey: z.string(), paxes: z.array(z.object({ roomId: z.number().int(), type: z.string(), name: z.string(), surname: z.string() })) })).length(1),
  clientReference: z.string().min(1).max(40),
  remark: z.string().max(2000).optional(),
  paymentData: z.object({ paymentType: z.enum(["CORPORATE_GUARANTEE", "CREDIT_CARD"]), cardToken: z.string().optional() }),
});
export type HotelbedsBookingRequest = z.infer<typeof HotelbedsBookingRequest>;

export const HotelbedsBooking = z.object({
  reference: z.string(),
  clientReference: z.string(),
  creationDate: z.string(),
  status: z.enum(["CONFIRMED", "CANCELLED"]),
  /** sandbox extension: why the hotel cancelled a CANCELLED booking (absent: it just did) */
  cancellationReason: z.enum(["OVERBOOKING", "GUARANTEE_REJECTED"]).optional(),
  hotel: z.object({ code: z.number().int(), name: z.string(), checkIn: z.string(), checkOut: z.string(), rooms: z.number().int(), supplierReference: z.string() }),
  totalNet: z.number(),
  pendingAmount: z.number(),
  currency: z.string(),
});
export type HotelbedsBooking = z.infer<typeof HotelbedsBooking>;
export const HotelbedsBookingResponse = z.object({ booking: HotelbedsBooking });
export const HotelbedsBookingList = z.object({ bookings: z.object({ total: z.number().int(), bookings: z.array(HotelbedsBooking) }) });
export const HotelbedsChangeRequest = z.object({ mode: z.literal("UPDATE"), booking: z.object({ hotel: z.object({ checkIn: z.string(), checkOut: z.string() }) }) });

/** rateKey: checkIn|checkOut|W|hotelCode|room|rateClass|rooms~adults~children */
export function rateKeyOf(p: { checkIn: string; checkOut: string; hotelCode: string | number; room: string; rooms: number; adults: number }): string {
  return `${p.checkIn.replaceAll("-", "")}|${p.checkOut.replaceAll("-", "")}|W|${p.hotelCode}|${p.room}|NOR|${p.rooms}~${p.adults}~0`;
}

export function parseRateKey(key: string): { checkIn: string; checkOut: string; hotelCode: string; room: string; rooms: number; adults: number } | null {
  const m = /^(\d{8})\|(\d{8})\|W\|(\d+)\|([\w.]+)\|NOR\|(\d+)~(\d+)~0$/.exec(key);
  if (!m) return null;
  const iso = (d: string) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;
  return { checkIn: iso(m[1]), checkOut: iso(m[2]), hotelCode: m[3], room: m[4], rooms: Number(m[5]), adults: Number(m[6]) };
}

/** X-Signature: sha256 hex of key + secret + unix seconds; the sandbox accepts five minutes either side. */
export function hotelbedsSignature(key: string, secret: string, unixSeconds: number): string {
  return crypto.createHash("sha256").update(`${key}${secret}${unixSeconds}`).digest("hex");
}

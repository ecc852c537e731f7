import { z } from "zod";
import type { Amenity } from "@/lib/vocabulary";

/**
 * Expedia Rapid's wire format, as much of it as we use: OAuth2 client credentials, property
 * availability with room rates, itineraries keyed by our affiliate_reference_id. The sandbox
 * answers these shapes and the client parses them, so the two cannot drift apart.
 * Availability also carries the content fields (name, address, location, ratings, amenities)
 * that the real API serves from its content endpoint: one call instead of two.
 */

/** Rapid amenity ids → our tags. Ids Rapid sends that are not here are dropped. */
export const EXPEDIA_AMENITIES: Record<string, { name: string; tag: Amenity | null }> = {
  "2063": { name: "24-hour front desk", tag: "24H_RECEPTION" },
  "2353": { name: "Airport shuttle service", tag: "AIRPORT_SHUTTLE" },
  "2004": { name: "Restaurant", tag: "RESTAURANT" },
  "2015": { name: "Room service", tag: "ROOM_SERVICE" },
  "2403": { name: "Free WiFi", tag: "WIFI" },
  "2816": { name: "Wheelchair-accessible rooms", tag: "ACCESSIBLE_ROOMS" },
  "2819": { name: "Connecting/adjoining rooms available", tag: "CONNECTING_ROOMS" },
  "2008": { name: "Fitness facilities", tag: "GYM" },
  "2011": { name: "Self parking", tag: "PARKING" },
  "2129": { name: "Late check-out available", tag: "LATE_CHECKOUT" },
  "2130": { name: "Early check-in available", tag: "EARLY_CHECK_IN" },
  "2821": { name: "Family rooms", tag: "FAMILY_ROOMS" },
  "2390": { name: "Luggage storage", tag: null },
};

/** Rapid chain ids → provider-independent chain ids. */
export const EXPEDIA_CHAINS: Record<string, { name: string; chainId: string }> = {
  "2101": { name: "Accor Hotels", chainId: "ACCOR" },
  "1401": { name: "Hilton Worldwide", chainId: "HILTON" },
  "1231": { name: "Marriott International", chainId: "MARRIOTT" },
  "1302": { name: "InterContinental Hotels Group", chainId: "IHG" },
  "1521": { name: "Best Western Hotels & Resorts", chainId: "BW" },
};

export const ExpediaToken = z.object({ access_token: z.string(), token_type: z.string(), expires_in: z.number() });

export const ExpediaError = z.object({ type: z.string(), message: z.string() });

const Money = z.object({ value: z.string(), currency: z.string() });

export const ExpediaRate = z.object({
  id: z.string(),
  available_rooms: z.number().int(),
  /** sandbox extension: rooms of available_rooms adapted for wheelchairs */
  accessible_rooms: z.number().int(),
  refundable: z.boolean(),
  /** corporate_guarantee and/or customer_card */
  payment_types: z.array(z.string()),
  occupancy_pricing: z.record(
    z.string(),
    z.object({
      nightly: z.array(z.array(z.object({ type: z.string(), value: z.string(), currency: z.string() }))),
      totals: z.object({ inclusive: z.object({ request_currency: Money }) }),
    }),
  ),
});

export const ExpediaProperty = z.object({
  property_id: z.string(),
  status: z.string(),
  name: z.string(),
  address: z.object({ line_1: z.string(), city: z.string(), country_code: z.string() }),
  location: z.object({ coordinates: z.object({ latitude: z.number(), longitude: z.number() }) }),
  phone: z.string().optional(),
  ratings: z.object({ property: z.object({ rating: z.string(), type: z.string() }) }).optional(),
  chain: z.object({ id: z.string(), name: z.string() }).optional(),
  /** sandbox extension: the GIATA id when Expedia has mapped the property */
  giata_id: z.string().optional(),
  amenities: z.record(z.string(), z.object({ id: z.string(), name: z.string() })),
  rooms: z.array(z.object({ id: z.string(), room_name: z.string(), rates: z.array(ExpediaRate) })),
});
export type ExpediaProperty = z.infer<typeof ExpediaProperty>;
export const ExpediaAvailability = z.array(ExpediaProperty);

export const ExpediaItineraryRequest = z.object({
  affiliate_reference_id: z.string().min(1).max(28),
  property_id: z.string(),
  room_id: z.string(),
  rate_id: z.string(),
  checkin: z.string(),
  checkout: z.string(),
  room_count: z.number().int().min(1).max(500),
  rooms: z.array(z.object({ given_name: z.string(), family_name: z.string() })).min(1),
  payments: z.array(z.object({ type: z.enum(["corporate_guarantee", "customer_card"]), card_token: z.string().optional() })).length(1),
  special_request: z.string().max(500).optional(),
});
export type ExpediaItineraryRequest = z.infer<typeof ExpediaItineraryRequest>;

export const ExpediaItinerary = z.object({
  itinerary_id: z.string(),
  affiliate_reference_id: z.string(),
  property_id: z.string(),
  creation_date_time: z.string(),
  room_count: z.number().int(),
  rooms: z.array(
    z.object({
      id: z.string(),
      confirmation_id: z.object({ expedia: z.string(), property: z.string() }),
      checkin: z.string(),
      checkout: z.string(),
      status: z.enum(["booked", "canceled"]),
      rate: z.object({ id: z.string(), nightly: z.string(), total: Money }),
      /** the guests' requests as the property received them (Rapid returns them on the room) */
      special_request: z.string().optional(),
      /** sandbox extension: why a canceled room was canceled by the property (absent: the property just canceled it) */
      cancellation_reason: z.enum(["hotel_overbooked", "guarantee_declined"]).optional(),
    }),
  ),
});
export type ExpediaItinerary = z.infer<typeof ExpediaItinerary>;

export const ExpediaChangeRequest = z.object({ checkin: z.string(), checkout: z.string() });

/** The account tier: self-service cannot cancel or change itineraries; enterprise can. */
export const EXPEDIA_TIERS = ["SELF_SERVICE", "ENTERPRISE"] as const;
export type ExpediaTier = (typeof EXPEDIA_TIERS)[number];

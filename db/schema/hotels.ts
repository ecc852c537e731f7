import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { lifecycle, ts } from "./columns";

/** A property known to the service, with its provider-independent ids. */
export const hotels = pgTable(
  "hotels",
  {
    urn: text("urn").primaryKey(),
    name: text("name").notNull(),
    chainId: text("chain_id"),
    address: text("address").notNull(),
    phone: text("phone"),
    airport: text("airport").notNull(), // the airport whose searches find it
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    stars: integer("stars"), // null: unrated, excluded by any minStars
    amenities: jsonb("amenities").$type<string[]>().notNull().default([]),
    providerRefs: jsonb("provider_refs").$type<Record<string, string>>().notNull().default({}),
    /** provider-independent hotel id ("giata:123456") when one is known: listings carrying it share this row */
    hotelKey: text("hotel_key"),
    acceptsGuarantee: boolean("accepts_guarantee").notNull().default(true),
    ...lifecycle,
  },
  (t) => [
    // provider searches and the sandbox list hotels around one airport
    index("hotels_airport_idx").on(t.airport),
    // the registry joins a listing to the row of its provider-independent id
    uniqueIndex("hotels_hotel_key_idx").on(t.hotelKey),
  ],
);

/**
 * Which of our hotels a provider's hotel id names: the registry's lookup for every offer
 * (spec: one hotelUrn per hotel whatever source lists it, stable across searches).
 */
export const hotelProviderRefs = pgTable(
  "hotel_provider_refs",
  {
    provider: text("provider").notNull(),
    providerHotelId: text("provider_hotel_id").notNull(),
    hotelUrn: text("hotel_urn").notNull(),
    ...lifecycle,
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.providerHotelId] }),
    // a hotel's listings, for the console and the booking job
    index("hotel_provider_refs_hotel_idx").on(t.hotelUrn),
  ],
);

/** A booking against a tenant's direct contract: the DIRECT source's own booking record. */
export const directBookings = pgTable(
  "direct_bookings",
  {
    reference: text("reference").primaryKey(),
    tenant: text("tenant").notNull(),
    clientReference: text("client_reference").notNull(),
    hotelUrn: text("hotel_urn").notNull(),
    checkIn: text("check_in").notNull(), // YYYY-MM-DD, the hotel's calendar
    checkOut: text("check_out").notNull(),
    rooms: integer("rooms").notNull(),
    nightlyRate: doublePrecision("nightly_rate").notNull(),
    currency: text("currency").notNull(),
    status: text("status").$type<"CONFIRMED" | "CANCELLED">().notNull(),
    paymentMethod: text("payment_method").notNull(),
    cancelReason: text("cancel_reason"),
    // the pool the rooms were taken from, so a cancel gives them back there: the night's
    // hotel_inventory row (its date) when the hotel had set that night, null for the contract's allotment
    inventoryDate: text("inventory_date"),
    ...lifecycle,
  },
  (t) => [
    // findByReference: one booking per client reference and tenant
    uniqueIndex("direct_bookings_client_ref_idx").on(t.tenant, t.clientReference),
  ],
);

/** A tenant's negotiated rate and room inventory at one hotel. */
export const directContracts = pgTable(
  "direct_contracts",
  {
    tenant: text("tenant").notNull(),
    hotelUrn: text("hotel_urn").notNull(),
    nightlyRate: doublePrecision("nightly_rate").notNull(),
    currency: text("currency").notNull(),
    roomsTotal: integer("rooms_total").notNull(),
    roomsAvailable: integer("rooms_available").notNull(),
    /** wheelchair-accessible rooms among the allotment */
    accessibleRooms: integer("accessible_rooms").notNull().default(0),
    validFrom: ts("valid_from"),
    validTo: ts("valid_to"),
    /** where a capacity call reaches the hotel (its reservations desk); null: the call cannot reach it by e-mail */
    contactEmail: text("contact_email"),
    ...lifecycle,
  },
  (t) => [primaryKey({ columns: [t.tenant, t.hotelUrn] })],
);

/** Provider offers kept for a short while per airport; invalidated by POST /hotels/cache/invalidate. */
export const offerCache = pgTable(
  "offer_cache",
  {
    airport: text("airport").notNull(),
    provider: text("provider").notNull(),
    tenant: text("tenant").notNull(),
    checkIn: text("check_in").notNull(), // the stay the offers were priced for
    checkOut: text("check_out").notNull(),
    /** rooms and guests per room of the query: a different occupancy is another entry */
    occupancy: text("occupancy").notNull(),
    offers: jsonb("offers").$type<unknown[]>().notNull(),
    fetchedAt: ts("fetched_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenant, t.airport, t.checkIn, t.checkOut, t.occupancy, t.provider] })],
);

export type HotelRow = typeof hotels.$inferSelect;
export type DirectContractRow = typeof directContracts.$inferSelect;
export type DirectBookingRow = typeof directBookings.$inferSelect;

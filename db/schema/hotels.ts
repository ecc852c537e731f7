import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
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
    acceptsGuarantee: boolean("accepts_guarantee").notNull().default(true),
    ...lifecycle,
  },
  (t) => [
    // provider searches and the sandbox list hotels around one airport
    index("hotels_airport_idx").on(t.airport),
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
    validFrom: ts("valid_from"),
    validTo: ts("valid_to"),
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
    offers: jsonb("offers").$type<unknown[]>().notNull(),
    fetchedAt: ts("fetched_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenant, t.airport, t.provider] })],
);

export type HotelRow = typeof hotels.$inferSelect;
export type DirectContractRow = typeof directContracts.$inferSelect;

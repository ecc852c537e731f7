import { boolean, doublePrecision, index, pgTable, text } from "drizzle-orm/pg-core";

/** Every IATA airport, loaded from the airport-data-js package at first start. */
export const airports = pgTable(
  "airports",
  {
    iata: text("iata").primaryKey(),
    icao: text("icao"),
    name: text("name").notNull(),
    country: text("country").notNull(), // ISO 3166-1 alpha-2
    currency: text("currency").notNull(), // ISO 4217, from the country
    timeZone: text("time_zone").notNull(),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    demo: boolean("demo").notNull().default(false),
  },
  (t) => [
    // the console's airport pickers list demo airports first
    index("airports_demo_idx").on(t.demo),
  ],
);

export type AirportRow = typeof airports.$inferSelect;

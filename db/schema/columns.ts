import { timestamp } from "drizzle-orm/pg-core";

/** Creation and last-change times shared by every mutable table. */
export const lifecycle = {
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

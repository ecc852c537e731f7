import { z } from "zod";

/**
 * When a CONFIRMED reservation is looked up again at its provider (walk protection, issue 22).
 * Every field has a default, so a policy stored before the section existed reads the defaults.
 */
export const ReconfirmationPolicy = z
  .object({
    afterBookingMinutes: z
      .number()
      .int()
      .min(1)
      .max(1440)
      .nullable()
      .default(30)
      .meta({ description: "look the booking up this many minutes after it was confirmed; default 30, null: not then" }),
    beforeArrivalMinutes: z
      .number()
      .int()
      .min(1)
      .max(1440)
      .nullable()
      .default(60)
      .meta({ description: "look it up this many minutes before the passengers' expected arrival at the hotel (the shuttle's pickup, else the check-in); default 60, null: not then" }),
  })
  .meta({ id: "ReconfirmationPolicy" });
export type ReconfirmationPolicy = z.output<typeof ReconfirmationPolicy>;
export const DEFAULT_RECONFIRMATION: ReconfirmationPolicy = ReconfirmationPolicy.parse({});

/** When a capacity call goes out by itself (a supervisor may always send one). */
export const CapacityCallPolicy = z
  .object({
    whenShortByRooms: z
      .number()
      .int()
      .min(1)
      .max(5000)
      .nullable()
      .default(null)
      .meta({ description: "call every contracted hotel near the airport once the open cases need this many rooms more than the sources offer; default null: only a supervisor calls" }),
  })
  .meta({ id: "CapacityCallPolicy" });
export type CapacityCallPolicy = z.output<typeof CapacityCallPolicy>;
export const DEFAULT_CAPACITY_CALL: CapacityCallPolicy = CapacityCallPolicy.parse({});

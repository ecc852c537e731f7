import { z } from "zod";

/**
 * The airline's own care (a policy's `care` section), applied where it is more generous than the
 * regimes. Every field has a default, so a policy written before the section existed reads as
 * "no own commitment".
 */
export const CarePolicy = z
  .object({
    mealAfterMinutes: z
      .number()
      .int()
      .min(0)
      .max(1440)
      .nullable()
      .default(null)
      .meta({ description: "the airline gives meals once the wait reaches this many minutes, whatever the cause; null (default): no own commitment" }),
    hotelWhenOvernight: z.boolean().default(false).meta({ description: "the airline houses (and transfers) passengers facing an overnight wait whatever the cause; default false" }),
    mealAmount: z.number().positive().max(1_000_000).default(15).meta({ description: "value of one meal voucher in the policy's currency; default 15" }),
    mealEveryMinutes: z
      .number()
      .int()
      .min(60)
      .max(1440)
      .default(360)
      .meta({ description: "a further meal voucher for every this many minutes of the wait past the first; default 360" }),
    requestRoomsFromCare: z
      .boolean()
      .default(false)
      .meta({ description: "the INITIAL demand asks for the rooms of the groups owed a hotel; groups not owed one are explained instead (a supervisor may override); default false" }),
  })
  .meta({ id: "CarePolicy" });
export type CarePolicy = z.output<typeof CarePolicy>;

/** The section as a policy stored before it existed reads it: every default. */
export const DEFAULT_CARE: CarePolicy = CarePolicy.parse({});

import { z } from "zod";
import { Money } from "@/lib/primitives";

/**
 * What a booking needs from its wave, prepared once per wave (lib/booking/waves.ts) and carried in
 * the `booking/requested` event, so that each of a wave's hundreds of bookings does not read the
 * wave's allocations, the hotels and the policies again. Holds no personal data and no card token.
 */
export const PreparedCandidate = z.object({
  rank: z.number().int(),
  hotelUrn: z.string(),
  hotelName: z.string().nullable(),
  provider: z.string(),
  providerOfferId: z.string(),
  providerHotelId: z.string(),
  attempts: z.number().int(),
});

export const PreparedBooking = z.object({
  candidates: z.array(PreparedCandidate).min(1),
  rooms: z.number().int(),
  tier: z.string().nullable(),
  amount: Money,
  paymentMethod: z.enum(["GUARANTEE", "CARD"]),
  /** the wave's airport (whose zone the stay dates are in) and nights */
  airport: z.string(),
  nights: z.number().int(),
});
export type PreparedBooking = z.infer<typeof PreparedBooking>;

import { z } from "zod";
import { defineRoute } from "@/lib/api/route";
import { CacheInvalidation } from "@/lib/hotels/invalidate-cache";

const AirportQuery = z.object({
  airport: z
    .string()
    .regex(/^[A-Z]{3}$/, "an IATA airport code, three capital letters")
    .meta({ description: "IATA code of the airport whose cached offers are dropped", example: "CDG" }),
});

export const invalidateHotelCacheRoute = defineRoute({
  method: "POST",
  path: "/hotels/cache/invalidate",
  tag: "Allocation",
  summary: "Invalidate cached hotel offers",
  description:
    "Drops the tenant's cached provider offers for one airport (every stay and provider), so the next search " +
    "asks the providers again; use it when a wave's estimated cost drifts from booked prices. No body. Answers " +
    "the number of cached offer sets removed. Airport outside the principal's claims: 403 OUT_OF_SCOPE; an " +
    "unknown airport code: 422.",
  permission: "hotels:cache",
  query: AirportQuery,
  response: CacheInvalidation,
  errors: [422],
});

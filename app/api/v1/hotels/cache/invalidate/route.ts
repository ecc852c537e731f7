// POST /api/v1/hotels/cache/invalidate?airport=CDG – forces fresh provider offers for one airport
import { handle } from "@/lib/api/handler";
import { invalidateHotelCacheRoute } from "@/lib/api/routes/hotels";
import { invalidateOfferCache } from "@/lib/hotels/invalidate-cache";

export const POST = handle(invalidateHotelCacheRoute, ({ ctx, query }) => invalidateOfferCache({ ctx, input: { airport: query.airport } }));

import { requirePermission } from "@/lib/auth/require";
import { loadScopedHotel } from "@/lib/hotels/scope";
import type { Ctx } from "@/lib/context";
import { qualityMinRatings } from "@/lib/hotels/quality-min-ratings";
import type { HotelQuality } from "./schemas";
import { hotelScores, hotelTags } from "@/lib/hotels/quality-score";

/**
 * GET /hotels/{hotelUrn}/quality: the hotel's score from the caller's tenant's ratings only. A
 * HOTEL user reads only the hotels of its claim under its tenant's contracts (loadScopedHotel:
 * 403 OUT_OF_SCOPE, else 404); staff need the hotel to exist and its airport in their claims.
 */
export async function readHotelQuality({ ctx, input }: { ctx: Ctx; input: { hotelUrn: string } }): Promise<HotelQuality> {
  requirePermission(ctx, "hotel:quality", "read a hotel's stay quality");
  const hotel = await loadScopedHotel(ctx, input.hotelUrn);
  const min = qualityMinRatings();
  const scope = { tenant: ctx.principal.tenant, hotelUrns: [hotel.urn] };
  const q = (await hotelScores(ctx.db, scope, min)).get(hotel.urn) ?? { score: null, ratings: 0 };
  return { hotelUrn: hotel.urn, score: q.score, ratings: q.ratings, minRatings: min, tags: (await hotelTags(ctx.db, scope)).get(hotel.urn) ?? [] };
}

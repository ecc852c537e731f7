import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { airports, offerCache } from "@/db/schema";
import { requireAirport, requirePermission } from "@/lib/auth/require";
import { writeAudit } from "@/lib/audit/write";
import { type Ctx, tenantOf, transaction } from "@/lib/context";
import { invalid } from "@/lib/errors";

export const CacheInvalidation = z
  .object({
    airport: z.string().meta({ example: "CDG" }),
    /** cached offer sets removed (one per provider, stay and occupancy) */
    invalidated: z.number().int().nonnegative(),
  })
  .meta({ id: "HotelCacheInvalidation" });
export type CacheInvalidation = z.infer<typeof CacheInvalidation>;

/**
 * Forces fresh offers for one airport (spec 4.5): drops the tenant's cached provider offers
 * there, so the next search asks the providers again. Audited with the count removed.
 */
export async function invalidateOfferCache({ ctx, input }: { ctx: Ctx; input: { airport: string } }): Promise<CacheInvalidation> {
  requirePermission(ctx, "hotels:cache", "invalidate the hotel offer cache");
  requireAirport(ctx, input.airport);
  const [known] = await ctx.db.select({ iata: airports.iata }).from(airports).where(eq(airports.iata, input.airport)).limit(1);
  if (!known) throw invalid("Unknown airport.", [{ path: "airport", message: `unknown IATA airport code ${input.airport}` }]);
  return transaction(ctx, async (tx) => {
    const removed = await dropCachedOffers(tx, input.airport);
    await writeAudit(tx, {
      entity: "hotel-cache",
      entityUrn: `hotel-cache:${input.airport}`,
      action: "invalidate",
      airport: input.airport,
      changes: [{ field: "cachedOfferSets", before: removed, after: 0 }],
    });
    return { airport: input.airport, invalidated: removed };
  });
}

/**
 * The tenant's cached offers at one airport, dropped inside the caller's transaction: for a change
 * that makes them stale (a hotel's rooms or rate in the extranet), whose own verb checks who may
 * make it. Answers the number of offer sets removed.
 */
export async function dropCachedOffers(tx: Ctx, airport: string): Promise<number> {
  const removed = await tx.db
    .delete(offerCache)
    .where(and(eq(offerCache.tenant, tenantOf(tx)), eq(offerCache.airport, airport)))
    .returning({ provider: offerCache.provider });
  return removed.length;
}

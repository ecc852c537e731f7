import { and, eq, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { stayRatings } from "@/db/schema";
import type { RatingTag } from "@/lib/vocabulary";
import { qualityMinRatings } from "./quality-min-ratings";

/** A hotel's stay quality as the engine and the console read it: `score` null below the minimum number of ratings. */
export type QualityScore = { score: number | null; ratings: number };
export type TagCount = { tag: RatingTag; count: number };

/** The mean of `sum` over `n` ratings, two decimals; null below `min` ratings. */
export function scoreOf(sum: number, n: number, min = qualityMinRatings()): number | null {
  return n >= Math.max(1, min) ? Math.round((sum / n) * 100) / 100 : null;
}

type Scope = { tenant: string; hotelUrns?: readonly string[]; before?: Date };

function where({ tenant, hotelUrns, before }: Scope): SQL | undefined {
  // a tenant's ratings only: airline A never reads what airline B's passengers said
  return and(eq(stayRatings.tenant, tenant), hotelUrns ? inArray(stayRatings.hotelUrn, [...hotelUrns]) : undefined, before ? lt(stayRatings.createdAt, before) : undefined);
}

/** The catalogue hotels some offer names, once each: the hotels whose quality a ranking of these offers reads. */
export function offeredHotelUrns(offers: readonly { hotelUrn: string | null }[]): string[] {
  return [...new Set(offers.flatMap((o) => (o.hotelUrn ? [o.hotelUrn] : [])))];
}

/**
 * The quality of every hotel the tenant's ratings name (or of `hotelUrns`), in one query: the
 * mean over all sources (the passengers' ratings, the operators' problems, the hotel's own walks
 * and declines), null below QUALITY_MIN_RATINGS. A hotel without ratings is absent from the map.
 */
export async function hotelScores(db: DbOrTx, scope: Scope, min = qualityMinRatings()): Promise<Map<string, QualityScore>> {
  if (scope.hotelUrns && scope.hotelUrns.length === 0) return new Map();
  const rows = await db
    .select({ hotelUrn: stayRatings.hotelUrn, n: sql<number>`count(*)`.mapWith(Number), sum: sql<number>`sum(${stayRatings.score})`.mapWith(Number) })
    .from(stayRatings)
    .where(where(scope))
    .groupBy(stayRatings.hotelUrn);
  return new Map(rows.map((r) => [r.hotelUrn, { score: scoreOf(r.sum, r.n, min), ratings: r.n }]));
}

/**
 * Per hotel, each tag with the number of ratings carrying it, most frequent first (ties by name).
 * Counted here over the ratings' tag lists (a few per rating, a handful of ratings per stay).
 */
export async function hotelTags(db: DbOrTx, scope: Scope): Promise<Map<string, TagCount[]>> {
  if (scope.hotelUrns && scope.hotelUrns.length === 0) return new Map();
  const rows = await db.select({ hotelUrn: stayRatings.hotelUrn, tags: stayRatings.tags }).from(stayRatings).where(where(scope));
  const counts = new Map<string, Map<RatingTag, number>>();
  for (const r of rows) {
    const c = counts.get(r.hotelUrn) ?? new Map<RatingTag, number>();
    for (const t of new Set(r.tags)) c.set(t, (c.get(t) ?? 0) + 1);
    counts.set(r.hotelUrn, c);
  }
  return new Map(
    [...counts].map(([urn, c]) => [urn, [...c].map(([tag, count]) => ({ tag, count })).sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag))]),
  );
}

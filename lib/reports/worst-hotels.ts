import { inArray } from "drizzle-orm";
import { hotels } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { hotelScores, hotelTags } from "@/lib/hotels/quality-score";
import { type WorstHotel } from "./schemas";

const SHOWN = 5;
const TOP_TAGS = 3;


const worstFirst = (a: WorstHotel, b: WorstHotel) => a.score - b.score || b.ratings - a.ratings || a.hotelUrn.localeCompare(b.hotelUrn);

/**
 * The hotels of lowest stay quality as of the week's end (`to`): only hotels with enough ratings
 * for a score (QUALITY_MIN_RATINGS), from the tenant's ratings. Kept as the five worst per airport,
 * so a reader limited to some airports gets the exact five worst among them (worstSection).
 */
export async function computeWorstHotels(ctx: Ctx, to: Date): Promise<WorstHotel[]> {
  const scope = { tenant: ctx.principal.tenant, before: to };
  const scored = [...(await hotelScores(ctx.db, scope))].filter(([, q]) => q.score !== null);
  if (scored.length === 0) return [];
  const urns = scored.map(([urn]) => urn);
  const rows = await ctx.db.select({ urn: hotels.urn, name: hotels.name, airport: hotels.airport }).from(hotels).where(inArray(hotels.urn, urns));
  const known = new Map(rows.map((r) => [r.urn, r]));
  const tags = await hotelTags(ctx.db, { ...scope, hotelUrns: urns });
  const all = scored.flatMap(([urn, q]) => {
    const h = known.get(urn);
    return h ? [{ hotelUrn: urn, name: h.name, airport: h.airport, score: q.score!, ratings: q.ratings, tags: (tags.get(urn) ?? []).slice(0, TOP_TAGS) }] : [];
  });
  const perAirport = new Map<string, WorstHotel[]>();
  for (const h of all.sort(worstFirst)) {
    const list = perAirport.get(h.airport) ?? [];
    if (list.length < SHOWN) perAirport.set(h.airport, [...list, h]);
  }
  return [...perAirport.values()].flat().sort(worstFirst);
}

/** The report's `worstHotels` for a reader: the five worst at the airports it may see (`null`: every airport). */
export function worstSection(kept: readonly WorstHotel[], airports: readonly string[] | null): WorstHotel[] {
  return kept.filter((h) => !airports || airports.includes(h.airport)).slice(0, SHOWN);
}

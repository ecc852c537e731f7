import { eq } from "drizzle-orm";
import { airports, type AirportRow, type CaseRow, cases, type ReviewItemRow } from "@/db/schema";
import type { Wave } from "@/lib/allocation/schemas";
import { localDate } from "@/lib/cases/stay";
import type { Ctx } from "@/lib/context";
import { caseContext, matchPolicies } from "@/lib/policies/match";
import type { Policy } from "@/lib/policies/schemas";
import { applyCaseOverlays } from "@/lib/policies/case-overlays";
import { AttemptedHotel } from "@/lib/records/review";
import { type ItemGroup, itemGroups, latestWave, unhoused } from "@/lib/review/wave-context";
import type { Tier } from "@/lib/vocabulary";

/**
 * Everything the agent's tools read about one review item, loaded once and read-only: the case,
 * its airport, the latest wave, the item's groups that still need a hotel (with a known tier),
 * the policies that apply to them (case overlays included) and the hotels already tried.
 */
export type Situation = {
  item: ReviewItemRow;
  caseRow: CaseRow;
  airport: AirportRow;
  wave: Wave | null;
  groups: ItemGroup[];
  mixedTierGroups: number;
  policies: Partial<Record<Tier, Policy | null>>;
  checkIn: string;
  checkOut: string;
  nights: number;
  attempted: ReadonlySet<string>;
};

export async function loadSituation(ctx: Ctx, item: ReviewItemRow): Promise<Situation | null> {
  const [caseRow] = await ctx.db.select().from(cases).where(eq(cases.urn, item.caseUrn)).limit(1);
  if (!caseRow) return null;
  const [airport] = await ctx.db.select().from(airports).where(eq(airports.iata, caseRow.airport)).limit(1);
  if (!airport) return null;
  const wave = await latestWave(ctx, item.caseUrn);
  const all = unhoused(await itemGroups(ctx, item.caseUrn, item.affectedGroups));
  const groups = all.filter((g) => g.tier !== null);
  const tiers = [...new Set(groups.map((g) => g.tier as Tier))];
  const matched = await matchPolicies(ctx, { ...caseContext(caseRow), tiers });
  const base: Partial<Record<Tier, Policy | null>> = {};
  for (const t of tiers) base[t] = matched.get(t) ?? null;
  const checkIn = localDate(caseRow.flight.scheduledDeparture, airport.timeZone);
  const nights = wave?.nights ?? 1;
  const attempted = new Set(AttemptedHotel.array().catch([]).parse(item.attemptedHotels).map((h) => h.hotelUrn));
  for (const g of all) if (g.hotelUrn) attempted.add(g.hotelUrn);
  return {
    item,
    caseRow,
    airport,
    wave,
    groups,
    mixedTierGroups: all.length - groups.length,
    policies: await applyCaseOverlays(ctx, item.caseUrn, base),
    checkIn,
    checkOut: new Date(Date.parse(`${checkIn}T00:00:00Z`) + nights * 86_400_000).toISOString().slice(0, 10),
    nights,
    attempted,
  };
}

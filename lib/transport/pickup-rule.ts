import { and, eq, inArray } from "drizzle-orm";
import { type CaseRow, hotels, passengers, type TransportSegmentRow } from "@/db/schema";
import { airportFacts } from "@/lib/airport-facts";
import type { Ctx } from "@/lib/context";
import { caseContext, matchPolicies } from "@/lib/policies/match";
import { TIERS, type Tier } from "@/lib/vocabulary";
import { DEFAULT_TRANSPORT, slotFloor, travelMinutes } from "./plan";
import { transportSettings } from "./settings";

/**
 * The planner's pickup for rides to the airport before a given departure: departure − the riders'
 * tiers' minutesBeforePickup (the longest) − the travel estimate, down to a slot. One rule for the
 * rides transport re-times (follow-next-flight) and for the taxi vouchers that replaced rides
 * (lib/rides), so both move to the same minute. Answers epoch ms by segment URN; a ride whose
 * hotel or airport is unknown is left out.
 */
export async function toAirportPickups(ctx: Ctx, caseRow: CaseRow, segments: readonly TransportSegmentRow[], nextDeparture: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const toAirport = segments.filter((s) => s.direction === "HOTEL_TO_AIRPORT");
  if (!toAirport.length) return out;
  const airport = await airportFacts(ctx.db, caseRow.airport);
  const hotelRows = await ctx.db.select().from(hotels).where(inArray(hotels.urn, [...new Set(toAirport.map((s) => s.hotelUrn ?? ""))]));
  const aboard = toAirport.flatMap((s) => s.passengers.map((p) => p.passengerId));
  const tierOf = new Map(
    (aboard.length ? await ctx.db.select({ id: passengers.passengerId, tier: passengers.tier }).from(passengers).where(and(eq(passengers.caseUrn, caseRow.urn), inArray(passengers.passengerId, aboard))) : []).map((p) => [p.id, p.tier]),
  );
  const tiers = [...new Set([...tierOf.values()].filter((t): t is Tier => t !== null))].sort((a, b) => TIERS.indexOf(a) - TIERS.indexOf(b));
  const policies = await matchPolicies(ctx, { ...caseContext(caseRow), tiers });
  const settings = transportSettings();
  for (const s of toAirport) {
    const hotel = hotelRows.find((h) => h.urn === s.hotelUrn);
    if (!hotel || !airport) continue;
    const minutesBefore = Math.max(...s.passengers.map((p) => (policies.get(tierOf.get(p.passengerId) ?? "") ?? null)?.transport.minutesBeforePickup ?? DEFAULT_TRANSPORT.minutesBeforePickup));
    out.set(s.urn, slotFloor(Date.parse(nextDeparture) - (minutesBefore + travelMinutes(hotel, airport, settings)) * 60_000, settings.slotMinutes));
  }
  return out;
}

import { and, desc, eq, inArray } from "drizzle-orm";
import { allocationWaves, passengerGroups, passengers } from "@/db/schema";
import { toWave } from "@/lib/allocation/record";
import type { RankingInput, Wave } from "@/lib/allocation/schemas";
import { groupTier, roomsFor } from "@/lib/cases/rooms";
import type { Ctx } from "@/lib/context";
import type { Tier } from "@/lib/vocabulary";

/** Passengers who need no room (as allocation counts them). */
const ROOMLESS = new Set(["LOCAL_RESIDENT", "CANCELLED"]);

/** One affected group as a review action sees it. */
export type ItemGroup = {
  groupId: string;
  pnr: string;
  tier: Tier | null;
  passengers: number;
  rooms: number;
  wheelchairPassengers: number;
  specialNeeds: string[];
  hotelUrn: string | null;
  reservationUrn: string | null;
  statuses: string[];
};

/** The case's latest allocation wave (URNs are time-ordered), or null before the first. */
export async function latestWave(ctx: Ctx, caseUrn: string): Promise<Wave | null> {
  const [row] = await ctx.db
    .select()
    .from(allocationWaves)
    .where(and(eq(allocationWaves.tenant, ctx.principal.tenant), eq(allocationWaves.caseUrn, caseUrn)))
    .orderBy(desc(allocationWaves.urn))
    .limit(1);
  return row ? toWave(row) : null;
}

/** The groups of a case named by an item, with their tier, rooms and needs; a group gone (merged away) is left out. */
export async function itemGroups(ctx: Ctx, caseUrn: string, groupIds: readonly string[]): Promise<ItemGroup[]> {
  if (groupIds.length === 0) return [];
  const groups = await ctx.db
    .select()
    .from(passengerGroups)
    .where(and(eq(passengerGroups.caseUrn, caseUrn), inArray(passengerGroups.groupId, [...groupIds])))
    .orderBy(passengerGroups.position, passengerGroups.groupId);
  const pax = await ctx.db
    .select({ groupId: passengers.groupId, tier: passengers.tier, specialNeeds: passengers.specialNeeds, status: passengers.operationalStatus })
    .from(passengers)
    .where(and(eq(passengers.caseUrn, caseUrn), inArray(passengers.groupId, [...groupIds])));
  return groups.map((g) => {
    const members = pax.filter((p) => p.groupId === g.groupId && !ROOMLESS.has(p.status));
    const tiers = members.map((p) => p.tier);
    return {
      groupId: g.groupId,
      pnr: g.pnr,
      tier: groupTier(tiers).tier,
      passengers: members.length,
      rooms: roomsFor(tiers),
      wheelchairPassengers: members.filter((p) => p.specialNeeds.includes("WHEELCHAIR")).length,
      specialNeeds: [...new Set(members.flatMap((p) => p.specialNeeds))].sort(),
      hotelUrn: g.hotelUrn,
      reservationUrn: g.reservationUrn,
      statuses: [...new Set(members.map((p) => p.status))],
    };
  });
}

/** Groups that still need a hotel: not booked and with someone to house. */
export function unhoused(groups: ItemGroup[]): ItemGroup[] {
  return groups.filter((g) => !g.reservationUrn && g.passengers > 0 && !g.statuses.every((s) => s === "BOOKED" || s === "CHECKED_OUT"));
}

/**
 * The offer a tier saw for a hotel in a wave: its scored row (the compliant offer the tier would
 * book), else the cheapest row the tier listed for the hotel; null when the tier never saw it.
 */
export function tierOffer(wave: Wave, hotelUrn: string, tier: Tier): RankingInput | null {
  const rows = wave.rankingInputs.filter((r) => r.hotelUrn === hotelUrn && r.tier === tier);
  rows.sort((a, b) => (b.weightedScore ?? -1) - (a.weightedScore ?? -1) || a.nightlyRate.amount - b.nightlyRate.amount);
  return rows[0] ?? null;
}

/** Rooms (and accessible rooms) of one offer that the wave's placements of other groups did not take. */
export function roomsLeft(wave: Wave, offer: Pick<RankingInput, "provider" | "providerOfferId" | "roomsAvailable" | "accessibleRoomsAvailable">, except: ReadonlySet<string>): { rooms: number; accessible: number } {
  let rooms = offer.roomsAvailable;
  let accessible = Math.min(offer.accessibleRoomsAvailable, offer.roomsAvailable);
  for (const a of wave.allocations) {
    if (except.has(a.groupId) || a.provider !== offer.provider || a.providerOfferId !== offer.providerOfferId) continue;
    rooms -= a.rooms;
    accessible -= a.accessibleRooms;
  }
  return { rooms: Math.max(0, rooms), accessible: Math.max(0, Math.min(accessible, rooms)) };
}

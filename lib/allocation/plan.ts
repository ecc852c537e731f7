import { and, eq, inArray, notInArray } from "drizzle-orm";
import { demands, type CaseRow, passengerGroups, passengers } from "@/db/schema";
import { airportFacts } from "@/lib/airport-facts";
import { groupTier, roomsFor } from "@/lib/cases/rooms";
import { computeStay, nightOf } from "@/lib/cases/stay";
import { hotelCareOfGroups, requestsRoomsFromCare } from "@/lib/care/rooms";
import { PRIORITY_NEEDS } from "@/lib/care/types";
import type { Ctx } from "@/lib/context";
import { invalid } from "@/lib/errors";
import { caseContext, matchPolicies } from "@/lib/policies/match";
import type { Policy } from "@/lib/policies/schemas";
import { applyCaseOverlays } from "@/lib/policies/case-overlays";
import { type OperationalStatus, TIERS, type Tier } from "@/lib/vocabulary";
import type { EngineGroup } from "@/lib/allocation-engine";

/** Statuses that count towards rooms already taken (a placed or booked group keeps its rooms). */
const HOUSED: OperationalStatus[] = ["ALLOCATED", "BOOKED", "CHECKED_OUT"];
/** Passengers who need no room at all. */
const ROOMLESS: OperationalStatus[] = ["LOCAL_RESIDENT", "CANCELLED"];
const APPROVED = ["APPROVED", "FULFILLED", "PARTIAL"] as const;

export type PlanAirport = { code: string; latitude: number; longitude: number; currency: string; timeZone: string };

/** What one allocation run works on: everything the engine needs but the offers. */
export type AllocationPlan = {
  caseUrn: string;
  airport: PlanAirport;
  /** the stay at the airport, local dates of the hotel (check-in on the disruption's day) */
  checkIn: string;
  checkOut: string;
  nights: number;
  groups: EngineGroup[];
  policies: Partial<Record<Tier, Policy | null>>;
  /** rooms the approved demands still allow; groups past it wait for another demand */
  roomBudget: number;
  /** groups left for later, and why */
  deferred: { groupId: string; why: string }[];
};

/**
 * Which groups a run places, and under which policies. A run takes groups awaiting allocation or
 * held; a supervisor's rerun (moveAllocated) also re-places groups allocated but not yet booked. Groups
 * are taken in pass order (FIRST and BUSINESS before the rest, then priority passengers, then
 * manifest order) while the rooms of approved demands last: an approval of 2 rooms places 2 rooms'
 * worth of groups, not the case. Under a tier policy with care.requestRoomsFromCare a group is
 * placed only when the case's newest care assessment owes it a hotel; else it is deferred with why.
 * A group with no known tier (DATA_INCOMPLETE) waits for its manifest to be completed.
 */
export async function planAllocation(ctx: Ctx, row: CaseRow, opts: { moveAllocated?: boolean; groupIds?: string[] }): Promise<AllocationPlan> {
  const airport = await airportFacts(ctx.db, row.airport);
  if (!airport) throw invalid(`The case's airport ${row.airport} is unknown.`);
  const stay = computeStay(row.flight, row.nextFlight, airport.timeZone);
  // the one night helper: capacity calls and the extranet write the date this wave reads
  const checkIn = nightOf(row.flight.scheduledDeparture, airport.timeZone);
  const nights = stay?.nights ?? 1;
  const checkOut = addDays(checkIn, nights);

  const movable: OperationalStatus[] = opts.moveAllocated ? ["AWAITING_ALLOCATION", "HELD", "ALLOCATED"] : ["AWAITING_ALLOCATION", "HELD"];
  const groupRows = await ctx.db
    .select()
    .from(passengerGroups)
    .where(and(eq(passengerGroups.caseUrn, row.urn), eq(passengerGroups.tenant, row.tenant)))
    .orderBy(passengerGroups.position, passengerGroups.groupId);
  const paxRows = await ctx.db
    .select({ groupId: passengers.groupId, tier: passengers.tier, specialNeeds: passengers.specialNeeds, status: passengers.operationalStatus })
    .from(passengers)
    .where(and(eq(passengers.caseUrn, row.urn), eq(passengers.tenant, row.tenant), notInArray(passengers.operationalStatus, ROOMLESS)));
  const paxByGroup = new Map<string, typeof paxRows>();
  for (const p of paxRows) {
    const list = paxByGroup.get(p.groupId);
    if (list) list.push(p);
    else paxByGroup.set(p.groupId, [p]);
  }

  const approved = await ctx.db
    .select({ rooms: demands.roomsRequested })
    .from(demands)
    .where(and(eq(demands.caseUrn, row.urn), eq(demands.tenant, row.tenant), inArray(demands.status, [...APPROVED])));
  const approvedRooms = approved.reduce((s, d) => s + d.rooms, 0);

  const wanted = opts.groupIds ? new Set(opts.groupIds) : null;
  const candidates: (EngineGroup & { position: number; priority: boolean })[] = [];
  const deferred: AllocationPlan["deferred"] = [];
  let roomsTaken = 0;
  for (const g of groupRows) {
    const pax = paxByGroup.get(g.groupId) ?? [];
    if (pax.length === 0) continue;
    const open = !g.reservationUrn && pax.some((p) => movable.includes(p.status as OperationalStatus));
    if (!open || (wanted && !wanted.has(g.groupId))) {
      if (pax.some((p) => HOUSED.includes(p.status as OperationalStatus))) roomsTaken += g.rooms;
      continue;
    }
    const tiers = pax.map((p) => p.tier);
    const { tier, mixedTier } = groupTier(tiers);
    if (!tier && !mixedTier) {
      deferred.push({ groupId: g.groupId, why: "no passenger's tier is known (DATA_INCOMPLETE)" });
      continue;
    }
    const wheelchair = pax.filter((p) => p.specialNeeds.includes("WHEELCHAIR")).length;
    candidates.push({
      groupId: g.groupId,
      pnr: g.pnr,
      tier,
      passengers: pax.length,
      rooms: roomsFor(tiers),
      wheelchairPassengers: wheelchair,
      specialNeeds: [...new Set(pax.flatMap((p) => p.specialNeeds))].sort(),
      position: g.position,
      priority: pax.some((p) => p.specialNeeds.some((n) => PRIORITY_NEEDS.includes(n))),
    });
  }

  const candidateTiers = [...new Set(candidates.map((g) => g.tier).filter((t): t is Tier => t !== null))];
  const matched = await matchPolicies(ctx, { ...caseContext(row), tiers: candidateTiers });
  // a tier whose policy asks for rooms from the right to care: only the groups owed a hotel (or overridden) get one
  const flagged = candidates.filter((g) => g.tier !== null && requestsRoomsFromCare(matched.get(g.tier)));
  const care = await hotelCareOfGroups(ctx, row, flagged.map((g) => g.groupId));
  const owed = candidates.filter((g) => {
    const verdict = care.get(g.groupId);
    if (!verdict || verdict.owedHotel) return true;
    deferred.push({ groupId: g.groupId, why: verdict.explanation });
    return false;
  });

  // pass order first, then priority passengers (EU261 Art. 11: reduced mobility, unaccompanied
  // children), then the manifest's order, while the approved rooms last
  const rank = (t: Tier | null) => (t === null ? TIERS.length : TIERS.indexOf(t));
  owed.sort((a, b) => rank(a.tier) - rank(b.tier) || Number(b.priority) - Number(a.priority) || a.position - b.position);
  let budget = Math.max(0, approvedRooms - roomsTaken);
  const groups: EngineGroup[] = [];
  for (const { position: _position, ...g } of owed) {
    // a mixed-tier group is held whatever the budget: its review item is what moves it on
    if (g.tier !== null && g.rooms > budget) {
      deferred.push({ groupId: g.groupId, why: `the approved demand leaves ${budget} room(s); the group needs ${g.rooms}` });
      continue;
    }
    if (g.tier !== null) budget -= g.rooms;
    groups.push(g);
  }

  const tiers = [...new Set(groups.map((g) => g.tier).filter((t): t is Tier => t !== null))];
  const policies: AllocationPlan["policies"] = {};
  for (const t of tiers) policies[t] = matched.get(t) ?? null;

  return {
    caseUrn: row.urn,
    airport: { code: airport.iata, latitude: airport.latitude, longitude: airport.longitude, currency: airport.currency, timeZone: airport.timeZone },
    checkIn,
    checkOut,
    nights,
    groups,
    // a case's relaxations (review relax) apply on top of the matched policies, for this case only
    policies: await applyCaseOverlays(ctx, row.urn, policies),
    roomBudget: budget,
    deferred,
  };
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

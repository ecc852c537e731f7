import { and, eq, inArray, notInArray } from "drizzle-orm";
import { type CaseRow, careOverrides, passengerGroups, passengers } from "@/db/schema";
import { groupTier } from "@/lib/cases/rooms";
import type { Ctx } from "@/lib/context";
import { caseContext, matchPolicies } from "@/lib/policies/match";
import type { Policy } from "@/lib/policies/schemas";
import type { OperationalStatus, Tier } from "@/lib/vocabulary";
import { computeCare, latestCare } from "./assess";
import type { Entitlement, PassengerCare } from "./types";

/** Passengers who need no room at all (as the allocation plan counts them). */
const ROOMLESS: OperationalStatus[] = ["LOCAL_RESIDENT", "CANCELLED"];
/** Groups a demand's allocation run would take. */
const WAITING: OperationalStatus[] = ["AWAITING_ALLOCATION", "HELD"];

/** What the right to care says of one group's room. */
export type GroupHotelCare = {
  /** some passenger of the group is owed a hotel by the newest assessment */
  owedHotel: boolean;
  /** a supervisor's override owes the group its hotel */
  overridden: boolean;
  /** in words: "hotel owed: …" with the owing rules, or "no hotel owed: …" with every rule that owes none */
  explanation: string;
};

export type RoomsFromCareGroup = GroupHotelCare & {
  groupId: string;
  rooms: number;
  tier: Tier | null;
  /** the group's tier policy has care.requestRoomsFromCare: it gets a room only when owed a hotel */
  flagged: boolean;
  /** the group waits for a room (no reservation, passengers awaiting allocation or held) */
  waiting: boolean;
  /** the allocation would place it: waiting and (owed a hotel, or not flagged) */
  placeable: boolean;
};

export type RoomsFromCare = {
  /** some group's tier policy has care.requestRoomsFromCare */
  flagged: boolean;
  /** rooms of the placeable groups: what an INITIAL demand without roomsRequested asks for */
  roomsOwed: number;
  groups: RoomsFromCareGroup[];
};

/** A tier's policy asks for rooms from the right to care. */
export function requestsRoomsFromCare(policy: Pick<Policy, "care"> | null | undefined): boolean {
  return policy?.care?.requestRoomsFromCare === true;
}

/**
 * The rooms the right to care decides, group by group, for the case page and an INITIAL demand
 * without roomsRequested. Only reads: when the case has no assessment stored yet (or it misses
 * passengers added since), the care is decided in memory from the facts now (computeCare).
 */
export async function roomsFromCare(ctx: Ctx, caseRow: CaseRow): Promise<RoomsFromCare> {
  const groupRows = await ctx.db
    .select({ groupId: passengerGroups.groupId, rooms: passengerGroups.rooms, reservationUrn: passengerGroups.reservationUrn })
    .from(passengerGroups)
    .where(and(eq(passengerGroups.caseUrn, caseRow.urn), eq(passengerGroups.tenant, caseRow.tenant)))
    .orderBy(passengerGroups.position, passengerGroups.groupId);
  const paxOf = byGroup(await roomPassengers(ctx, caseRow, groupRows.map((g) => g.groupId)));
  const present = groupRows.filter((g) => paxOf.has(g.groupId));
  const tierOf = new Map(present.map((g) => [g.groupId, groupTier(paxOf.get(g.groupId)!.map((p) => p.tier)).tier]));
  const tiers = [...new Set([...tierOf.values()].filter((t): t is Tier => t !== null))];
  const matched = tiers.length ? await matchPolicies(ctx, { ...caseContext(caseRow), tiers }) : new Map<string, Policy | null>();
  const care = await hotelCareOfGroups(ctx, caseRow, present.map((g) => g.groupId));

  const groups = present.map((g): RoomsFromCareGroup => {
    const tier = tierOf.get(g.groupId) ?? null;
    const flagged = tier !== null && requestsRoomsFromCare(matched.get(tier));
    const waiting = !g.reservationUrn && paxOf.get(g.groupId)!.some((p) => WAITING.includes(p.status as OperationalStatus));
    const verdict = care.get(g.groupId)!;
    return { groupId: g.groupId, rooms: g.rooms, tier, flagged, waiting, placeable: waiting && (!flagged || verdict.owedHotel), ...verdict };
  });
  return {
    flagged: groups.some((g) => g.flagged),
    roomsOwed: groups.filter((g) => g.placeable).reduce((n, g) => n + g.rooms, 0),
    groups,
  };
}

/**
 * Per group, whether the case's newest assessment owes it a hotel, and why in words. A group
 * whose passengers the newest assessment does not know yet (added since, or no assessment at all)
 * is answered from the care decided now in memory, so the answer never rests on a stale version
 * and a read writes nothing (the assessment job stores the version).
 */
export async function hotelCareOfGroups(ctx: Ctx, caseRow: CaseRow, groupIds: readonly string[]): Promise<Map<string, GroupHotelCare>> {
  const out = new Map<string, GroupHotelCare>();
  if (groupIds.length === 0) return out;
  const pax = await roomPassengers(ctx, caseRow, groupIds);
  const latest = await latestCare(ctx, caseRow.urn);
  const known = new Set(latest?.passengers.map((p) => p.passengerId) ?? []);
  // not stored yet, or passengers added since: decided now in memory (the assessment job stores it)
  const care = !latest || pax.some((p) => !known.has(p.passengerId)) ? await computeCare(ctx, caseRow) : latest;
  const overridden = new Set(
    (
      await ctx.db
        .select({ groupId: careOverrides.groupId })
        .from(careOverrides)
        .where(and(eq(careOverrides.caseUrn, caseRow.urn), eq(careOverrides.tenant, caseRow.tenant), inArray(careOverrides.groupId, [...groupIds])))
    ).map((o) => o.groupId),
  );
  const byPassenger = new Map(care.passengers.map((p) => [p.passengerId, p]));
  const paxOf = byGroup(pax);
  for (const groupId of groupIds) {
    const cares = (paxOf.get(groupId) ?? []).map((p) => byPassenger.get(p.passengerId)).filter((c): c is PassengerCare => !!c);
    const hotels = cares.map((c) => c.entitlements.find((e) => e.kind === "HOTEL")).filter((e): e is Entitlement => !!e);
    const owing = hotels.find((h) => h.owed);
    out.set(groupId, { owedHotel: !!owing, overridden: overridden.has(groupId), explanation: explain(owing ?? hotels[0]) });
  }
  return out;
}

/** "hotel owed: <the owing rules>" or "no hotel owed: <every rule that owes none>". */
export function explain(hotel: Entitlement | undefined): string {
  if (!hotel) return "no hotel owed: the group's passengers are not assessed";
  const rules = (owed: boolean) => [...new Set(hotel.basis.filter((b) => b.owed === owed).map((b) => b.rule))].join("; ");
  return hotel.owed ? `hotel owed: ${rules(true)}` : `no hotel owed: ${rules(false)}`;
}

function byGroup<P extends { groupId: string }>(list: readonly P[]): Map<string, P[]> {
  const out = new Map<string, P[]>();
  for (const p of list) {
    const group = out.get(p.groupId);
    if (group) group.push(p);
    else out.set(p.groupId, [p]);
  }
  return out;
}

async function roomPassengers(ctx: Ctx, caseRow: CaseRow, groupIds: readonly string[]) {
  if (groupIds.length === 0) return [];
  return ctx.db
    .select({ passengerId: passengers.passengerId, groupId: passengers.groupId, tier: passengers.tier, status: passengers.operationalStatus })
    .from(passengers)
    .where(
      and(
        eq(passengers.caseUrn, caseRow.urn),
        eq(passengers.tenant, caseRow.tenant),
        inArray(passengers.groupId, [...groupIds]),
        notInArray(passengers.operationalStatus, ROOMLESS),
      ),
    );
}

import { and, asc, eq, inArray } from "drizzle-orm";
import { passengerGroups, passengers, type PassengerGroupRow, type PassengerRow } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { conflict } from "@/lib/errors";
import { movePassengers } from "./passenger-transitions";
import { groupShape } from "./rooms";
import type { OperationalStatus } from "@/lib/vocabulary";
import type { NewPassenger } from "./inputs";

export type ManifestGroup = PassengerGroupRow & { passengers: PassengerRow[] };

/** A case's groups with their passengers, in manifest order; optionally only some groups. */
export async function readManifest(ctx: Ctx, caseUrn: string, groupIds?: readonly string[]): Promise<ManifestGroup[]> {
  if (groupIds && groupIds.length === 0) return [];
  const groupWhere = [eq(passengerGroups.caseUrn, caseUrn)];
  const paxWhere = [eq(passengers.caseUrn, caseUrn)];
  if (groupIds) {
    groupWhere.push(inArray(passengerGroups.groupId, [...groupIds]));
    paxWhere.push(inArray(passengers.groupId, [...groupIds]));
  }
  // sequential: inside a transaction both run on one connection anyway
  const groups = await ctx.db.select().from(passengerGroups).where(and(...groupWhere)).orderBy(asc(passengerGroups.position), asc(passengerGroups.groupId));
  const pax = await ctx.db.select().from(passengers).where(and(...paxWhere)).orderBy(asc(passengers.position), asc(passengers.passengerId));
  const byGroup = new Map<string, PassengerRow[]>();
  for (const p of pax) (byGroup.get(p.groupId) ?? byGroup.set(p.groupId, []).get(p.groupId)!).push(p);
  return groups.map((g) => ({ ...g, passengers: byGroup.get(g.groupId) ?? [] }));
}

export type NewGroup = { groupId: string; pnr: string; position: number; passengers: NewPassenger[] };
export type NewPassengerRow = { groupId: string; position: number; passenger: NewPassenger };

// a passenger row binds 12 parameters; PostgreSQL allows 65,535 per statement
const CHUNK = 1000;

/** Inserts passengers into existing or new groups of a case, all with the same starting status. */
export async function insertPassengers(ctx: Ctx, caseUrn: string, rows: NewPassengerRow[], status: OperationalStatus): Promise<void> {
  const values = rows.map(({ groupId, position, passenger: p }) => ({
    caseUrn,
    tenant: ctx.principal.tenant,
    passengerId: p.id,
    groupId,
    firstName: p.firstName,
    lastName: p.lastName,
    tier: p.tier,
    email: p.email ?? null,
    phone: p.phone ?? null,
    specialNeeds: p.specialNeeds,
    language: p.language ?? null,
    operationalStatus: status,
    position,
  }));
  for (let i = 0; i < values.length; i += CHUNK) await ctx.db.insert(passengers).values(values.slice(i, i + CHUNK));
}

/** Writes new groups and their passengers; rooms, tier and the mixed-tier flag follow from the tiers. */
export async function insertGroups(ctx: Ctx, caseUrn: string, groups: NewGroup[], status: OperationalStatus, firstPosition = 0): Promise<void> {
  if (groups.length === 0) return;
  const values = groups.map((g) => ({
    caseUrn,
    tenant: ctx.principal.tenant,
    groupId: g.groupId,
    pnr: g.pnr,
    position: g.position,
    ...groupShape(g.passengers.map((p) => p.tier)),
  }));
  for (let i = 0; i < values.length; i += CHUNK) await ctx.db.insert(passengerGroups).values(values.slice(i, i + CHUNK));
  let position = firstPosition;
  const pax = groups.flatMap((g) => g.passengers.map((passenger) => ({ groupId: g.groupId, position: position++, passenger })));
  await insertPassengers(ctx, caseUrn, pax, status);
}

/** Recomputes rooms, tier and the mixed-tier flag of groups whose passengers changed. */
export async function refreshGroups(ctx: Ctx, caseUrn: string, groupIds: readonly string[]): Promise<ManifestGroup[]> {
  const groups = await readManifest(ctx, caseUrn, groupIds);
  for (const g of groups) {
    const shape = groupShape(g.passengers.map((p) => p.tier));
    if (shape.rooms === g.rooms && shape.tier === g.tier && shape.mixedTier === g.mixedTier) continue;
    await ctx.db
      .update(passengerGroups)
      .set(shape)
      .where(and(eq(passengerGroups.caseUrn, caseUrn), eq(passengerGroups.groupId, g.groupId)));
    Object.assign(g, shape);
  }
  return groups;
}

/** The group-level audit snapshot: who is in which group and what it needs. */
export function groupsSnapshot(groups: readonly ManifestGroup[]) {
  return Object.fromEntries(
    groups.map((g) => [g.groupId, { pnr: g.pnr, passengerIds: g.passengers.map((p) => p.passengerId), rooms: g.rooms, tier: g.tier, mixedTier: g.mixedTier }]),
  );
}

/**
 * A group whose make-up changed loses its allocation (the hotel was chosen for the old group):
 * its hotel is cleared and its ALLOCATED or HELD passengers await allocation again.
 */
export async function releaseAllocation(ctx: Ctx, caseUrn: string, groupIds: readonly string[]): Promise<void> {
  if (groupIds.length === 0) return;
  await ctx.db
    .update(passengerGroups)
    .set({ hotelUrn: null })
    .where(and(eq(passengerGroups.caseUrn, caseUrn), inArray(passengerGroups.groupId, [...groupIds])));
  await movePassengers(ctx.db, { caseUrn, groupIds, to: "AWAITING_ALLOCATION", from: ["ALLOCATED", "HELD"], skipOthers: true });
}

/** Booked groups keep their make-up: the reservation was made for exactly these passengers. */
export function assertNotBooked(group: PassengerGroupRow): void {
  if (group.reservationUrn) {
    throw conflict(
      "INVALID_TRANSITION",
      `Group ${group.groupId} is booked (reservation ${group.reservationUrn}); cancel the reservation before changing the group.`,
    );
  }
}

/** The next free group id `<base>-2`, `<base>-3`, … */
export function nextGroupId(base: string, taken: Set<string>): string {
  for (let n = 2; ; n++) {
    const id = `${base}-${n}`;
    if (!taken.has(id)) {
      taken.add(id);
      return id;
    }
  }
}

import { and, eq, gt, inArray, ne } from "drizzle-orm";
import { allocationWaves, cases, passengerGroups, reservations } from "@/db/schema";
import { localDate } from "@/lib/cases/stay";
import type { Ctx } from "@/lib/context";
import type { Offer } from "@/lib/providers/offer";
import type { SourceReport } from "@/lib/providers/search";
import type { AllocationPlan } from "./plan";
import { Allocation } from "./schemas";

type Taken = { rooms: number; accessible: number };

/**
 * Offers tell what a source had when it was read; during a hub meltdown several waves of one
 * airport run minutes apart, so the rooms the earlier ones took are missing from that picture:
 * - groups placed by another wave and not booked yet (their booking is on its way), and
 * - rooms booked after the source was read (a cached offer set is up to its TTL old).
 * Both are taken off the offers, per hotel and source, for the same stay, so two waves never count
 * on the same room. This plan's own groups are left out: a rerun places them again.
 */
export async function withoutTakenRooms(ctx: Ctx, plan: AllocationPlan, offers: Offer[], sources: SourceReport[]): Promise<Offer[]> {
  const tenant = ctx.principal.tenant;
  // rooms are shared within a mode only: a shadow's placements are never booked, a drill books at its own sandboxes
  const [own] = await ctx.db.select({ mode: cases.mode }).from(cases).where(eq(cases.urn, plan.caseUrn)).limit(1);
  const sameMode = eq(cases.mode, own?.mode ?? "LIVE");
  const sameStay = (departure: string) => localDate(departure, plan.airport.timeZone) === plan.checkIn;
  const replaced = new Set(plan.groups.map((g) => g.groupId));
  const taken = new Map<string, Taken>();
  const add = (hotelUrn: string, provider: string, rooms: number, accessible: number) => {
    const key = `${provider}|${hotelUrn}`;
    const t = taken.get(key) ?? { rooms: 0, accessible: 0 };
    t.rooms += rooms;
    t.accessible += accessible;
    taken.set(key, t);
  };

  // placed, not booked: the group still sits at the wave's hotel without a reservation
  const waves = await ctx.db
    .select({ caseUrn: allocationWaves.caseUrn, allocations: allocationWaves.allocations, departure: cases.flight })
    .from(allocationWaves)
    .innerJoin(cases, eq(cases.urn, allocationWaves.caseUrn))
    .where(and(eq(allocationWaves.tenant, tenant), eq(allocationWaves.airport, plan.airport.code), ne(allocationWaves.status, "SUPERSEDED"), ne(cases.status, "CLOSED"), sameMode));
  const relevant = waves.filter((w) => sameStay(w.departure.scheduledDeparture));
  if (relevant.length) {
    const groups = await ctx.db
      .select({ caseUrn: passengerGroups.caseUrn, groupId: passengerGroups.groupId, hotelUrn: passengerGroups.hotelUrn, reservationUrn: passengerGroups.reservationUrn })
      .from(passengerGroups)
      .where(inArray(passengerGroups.caseUrn, [...new Set(relevant.map((w) => w.caseUrn))]));
    const state = new Map(groups.map((g) => [`${g.caseUrn}|${g.groupId}`, g]));
    for (const w of relevant) {
      for (const raw of w.allocations) {
        const a = Allocation.safeParse(raw);
        if (!a.success) continue;
        if (w.caseUrn === plan.caseUrn && replaced.has(a.data.groupId)) continue;
        const g = state.get(`${w.caseUrn}|${a.data.groupId}`);
        if (g && !g.reservationUrn && g.hotelUrn === a.data.hotelUrn) add(a.data.hotelUrn, a.data.provider, a.data.rooms, a.data.accessibleRooms);
      }
    }
  }

  // booked since each source was read
  const oldest = sources.map((s) => s.asOf).filter((t): t is string => Boolean(t)).sort()[0];
  if (oldest) {
    const asOf = new Map(sources.map((s) => [s.provider, s.asOf ? Date.parse(s.asOf) : Date.now()]));
    const booked = await ctx.db
      .select({ hotelUrn: reservations.hotelUrn, provider: reservations.provider, rooms: reservations.rooms, at: reservations.updatedAt, checkIn: reservations.checkIn })
      .from(reservations)
      .innerJoin(cases, eq(cases.urn, reservations.caseUrn))
      .where(
        and(
          eq(reservations.tenant, tenant),
          eq(cases.airport, plan.airport.code),
          sameMode,
          inArray(reservations.status, ["CONFIRMED", "CHECKED_OUT"]),
          gt(reservations.updatedAt, new Date(oldest)),
        ),
      );
    for (const r of booked) {
      if (localDate(r.checkIn, plan.airport.timeZone) !== plan.checkIn) continue;
      if (r.at.getTime() > (asOf.get(r.provider) ?? Infinity)) add(r.hotelUrn, r.provider, r.rooms, 0);
    }
  }

  if (taken.size === 0) return offers;
  return offers.map((o) => {
    const t = o.hotelUrn ? taken.get(`${o.provider}|${o.hotelUrn}`) : undefined;
    if (!t) return o;
    const roomsAvailable = Math.max(0, o.roomsAvailable - t.rooms);
    return { ...o, roomsAvailable, accessibleRoomsAvailable: Math.min(roomsAvailable, Math.max(0, o.accessibleRoomsAvailable - t.accessible)) };
  });
}

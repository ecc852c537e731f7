import { PolicyTransport } from "@/lib/policies/schemas";
import { SEGMENT_DIRECTIONS, type SegmentDirection, type SpecialNeed, type Tier, type TransportMode, type VehicleType } from "@/lib/vocabulary";
import { slotCeil, slotFloor, travelMinutes } from "./travel";
import type {
  PlanExistingSegment,
  PlanInput,
  PlannedSegment,
  PlanPassenger,
  PlanReservation,
  PlanResult,
  PlanSkip,
  SegmentExtension,
  SegmentPassenger,
  TransportPolicy,
} from "./types";

export * from "./types";
export { distanceKm, slotCeil, slotFloor, travelMinutes } from "./travel";

/** What a tier gets when no ACTIVE policy covers it: the policy schema's own defaults. */
export const DEFAULT_TRANSPORT: TransportPolicy = PolicyTransport.parse({});

const VEHICLE_OF_MODE: Record<Exclude<TransportMode, "NONE">, VehicleType> = { SHUTTLE: "SHUTTLE", PRIVATE_CAR: "PRIVATE_CAR", TAXI: "TAXI" };

/** The policy that applies to a tier (the defaults without one) and the mode it gives the tier. */
export function transportFor(input: Pick<PlanInput, "transportByTier">, tier: Tier | null): { policy: TransportPolicy; mode: TransportMode } {
  const policy = (tier && input.transportByTier[tier]) || DEFAULT_TRANSPORT;
  return { policy, mode: (tier && policy.perTier[tier]) || policy.mode };
}

export function needsVan(p: Pick<PlanPassenger, "specialNeeds">): boolean {
  return p.specialNeeds.includes("WHEELCHAIR");
}

/** A piece of work before packing: passengers of one reservation that ride one kind of vehicle at one time. */
type Unit = { direction: SegmentDirection; at: number; vehicleType: VehicleType; capacity: number; shared: boolean; reservation: PlanReservation; passengers: PlanPassenger[] };
type Bin = { existing: PlanExistingSegment | null; direction: SegmentDirection; at: number; vehicleType: VehicleType; capacity: number; aboard: SegmentPassenger[]; added: SegmentPassenger[]; needs: Set<SpecialNeed> };

/**
 * Ground transport for the confirmed reservations of one hotel (spec 2.7), both directions. Pure
 * and deterministic: no I/O, no clock; any order of the same input gives the same plan.
 *  - A passenger already aboard a live segment of a direction is not planned again for it, so
 *    planning twice changes nothing and a newly confirmed reservation only adds its passengers.
 *  - LOCAL_RESIDENT passengers ride nowhere; a tier whose mode is NONE makes its own way.
 *  - A group with a WHEELCHAIR passenger rides together in WHEELCHAIR_VANs (the wheelchair users
 *    first, so a group larger than one van never leaves one of them out), whatever its tier's mode.
 *  - PRIVATE_CAR and TAXI tiers get their own cars per reservation, split by the car's seats.
 *  - SHUTTLE passengers of every reservation of the hotel with the same pickup slot share
 *    shuttles of the policy's shuttleCapacity: PLANNED shuttles of that slot with free seats are
 *    filled first (a group stays together when a shuttle has room for it), then new ones.
 *  - Times: to the hotel, the first slot after the reservation confirmed (or the disruption, when
 *    later) plus the arrival lead; to the airport, the next departure minus the tier's
 *    minutesBeforePickup minus the travel estimate, rounded down to a slot (never later).
 */
export function planTransport(input: PlanInput): PlanResult {
  const reservations = [...input.reservations].sort((a, b) => cmp(a.reservationUrn, b.reservationUrn));
  const skipped: PlanSkip[] = [];
  const units: Unit[] = [];
  for (const r of reservations) {
    const everyone = [...r.passengers].sort((a, b) => cmp(a.passengerId, b.passengerId));
    for (const p of everyone) if (p.localResident) skipped.push({ passengerId: p.passengerId, reservationUrn: r.reservationUrn, reason: "LOCAL_RESIDENT" });
    const riders = everyone.filter((p) => !p.localResident);
    const van = riders.some(needsVan);
    if (!van) for (const p of riders) if (transportFor(input, p.tier).mode === "NONE") skipped.push({ passengerId: p.passengerId, reservationUrn: r.reservationUrn, reason: "MODE_NONE" });
    for (const direction of SEGMENT_DIRECTIONS) {
      const covered = coveredIn(input.existing, direction);
      const waiting = riders.filter((p) => !covered.has(p.passengerId));
      if (waiting.length === 0) continue;
      if (van) {
        const ordered = [...waiting.filter(needsVan), ...waiting.filter((p) => !needsVan(p))];
        units.push({ direction, at: timeOf(input, direction, r, ordered), vehicleType: "WHEELCHAIR_VAN", capacity: input.settings.vanCapacity, shared: false, reservation: r, passengers: ordered });
        continue;
      }
      const byKind = new Map<string, { vehicleType: VehicleType; capacity: number; passengers: PlanPassenger[] }>();
      for (const p of waiting) {
        const { policy, mode } = transportFor(input, p.tier);
        if (mode === "NONE") continue;
        const vehicleType = VEHICLE_OF_MODE[mode];
        const capacity = vehicleType === "SHUTTLE" ? policy.shuttleCapacity : input.settings.carCapacity;
        const key = `${vehicleType}|${capacity}`;
        const kind = byKind.get(key) ?? { vehicleType, capacity, passengers: [] };
        kind.passengers.push(p);
        byKind.set(key, kind);
      }
      for (const kind of [...byKind.entries()].sort(([a], [b]) => cmp(a, b)).map(([, k]) => k)) {
        // passengers of one group and kind with different tiers leave together, at the earliest of their times
        units.push({ direction, at: timeOf(input, direction, r, kind.passengers), ...kind, shared: kind.vehicleType === "SHUTTLE", reservation: r });
      }
    }
  }

  const bins: Bin[] = [];
  for (const u of units.filter((x) => !x.shared)) {
    for (let i = 0; i < u.passengers.length; i += u.capacity) bins.push(newBin(u, u.passengers.slice(i, i + u.capacity)));
  }
  packShuttles(input, units.filter((x) => x.shared), bins);

  const create: PlannedSegment[] = bins
    .filter((b) => !b.existing)
    .map((b) => ({
      direction: b.direction,
      scheduledAt: new Date(b.at).toISOString(),
      vehicleType: b.vehicleType,
      capacity: b.capacity,
      hotelUrn: input.hotel.urn,
      passengers: b.aboard,
      reservationUrns: reservationsOf(b.aboard),
      specialRequirements: [...b.needs].sort(),
      ...locations(input, b.direction),
    }))
    .sort((a, b) => cmp(a.direction, b.direction) || cmp(a.scheduledAt, b.scheduledAt) || cmp(a.vehicleType, b.vehicleType) || cmp(a.passengers[0].passengerId, b.passengers[0].passengerId));
  const extend: SegmentExtension[] = bins
    .filter((b) => b.existing && b.added.length > 0)
    .map((b) => ({ urn: b.existing!.urn, added: b.added, passengers: b.aboard, reservationUrns: reservationsOf(b.aboard), specialRequirements: [...b.needs].sort() }))
    .sort((a, b) => cmp(a.urn, b.urn));
  return { create, extend, skipped };
}

/** First fit, biggest groups first: a group goes whole into the first shuttle of its slot with room for it. */
function packShuttles(input: PlanInput, units: Unit[], bins: Bin[]): void {
  const pools = new Map<string, Bin[]>();
  const poolOf = (u: Pick<Unit, "direction" | "at" | "capacity">) => {
    const key = `${u.direction}|${u.at}|${u.capacity}`;
    let pool = pools.get(key);
    if (!pool) {
      pool = input.existing
        .filter((s) => s.status === "PLANNED" && s.vehicleType === "SHUTTLE" && s.direction === u.direction && Date.parse(s.scheduledAt) === u.at && s.capacity === u.capacity && s.passengers.length < u.capacity)
        .sort((a, b) => cmp(a.urn, b.urn))
        .map((s) => ({ existing: s, direction: s.direction, at: u.at, vehicleType: "SHUTTLE" as const, capacity: u.capacity, aboard: [...s.passengers], added: [], needs: new Set(s.specialRequirements) }));
      pools.set(key, pool);
    }
    return pool;
  };
  const ordered = [...units].sort((a, b) => b.passengers.length - a.passengers.length || cmp(a.reservation.reservationUrn, b.reservation.reservationUrn) || cmp(a.direction, b.direction) || a.at - b.at);
  for (const u of ordered) {
    const pool = poolOf(u);
    let rest = u.passengers;
    // a group bigger than a shuttle fills whole shuttles first
    while (rest.length > u.capacity) {
      const full = newBin(u, rest.slice(0, u.capacity));
      pool.push(full);
      bins.push(full);
      rest = rest.slice(u.capacity);
    }
    let bin = pool.find((b) => b.capacity - b.aboard.length >= rest.length);
    if (!bin) {
      bin = newBin(u, []);
      pool.push(bin);
      bins.push(bin);
    }
    board(bin, u.reservation, rest);
  }
  for (const pool of pools.values()) for (const b of pool) if (b.existing && !bins.includes(b)) bins.push(b);
}

function newBin(u: Unit, passengers: PlanPassenger[]): Bin {
  const bin: Bin = { existing: null, direction: u.direction, at: u.at, vehicleType: u.vehicleType, capacity: u.capacity, aboard: [], added: [], needs: new Set() };
  board(bin, u.reservation, passengers);
  return bin;
}

function board(bin: Bin, r: PlanReservation, passengers: PlanPassenger[]): void {
  for (const p of passengers) {
    const seat = { passengerId: p.passengerId, groupId: r.groupId, reservationUrn: r.reservationUrn };
    bin.aboard.push(seat);
    if (bin.existing) bin.added.push(seat);
    for (const n of p.specialNeeds) bin.needs.add(n);
  }
}

function coveredIn(existing: readonly PlanExistingSegment[], direction: SegmentDirection): Set<string> {
  return new Set(existing.filter((s) => s.direction === direction && (s.status !== "CANCELLED" || s.replacedByTaxi)).flatMap((s) => s.passengers.map((p) => p.passengerId)));
}

function timeOf(input: PlanInput, direction: SegmentDirection, r: PlanReservation, riders: readonly PlanPassenger[]): number {
  const s = input.settings;
  if (direction === "AIRPORT_TO_HOTEL") {
    const from = Math.max(Date.parse(r.confirmedAt), Date.parse(input.disruptionAt));
    return slotCeil(from + s.arrivalLeadMinutes * 60_000, s.slotMinutes);
  }
  const departure = Date.parse(input.nextDepartureAt ?? r.checkOut);
  const before = Math.max(...riders.map((p) => transportFor(input, p.tier).policy.minutesBeforePickup));
  return slotFloor(departure - (before + travelMinutes(input.hotel, input.airport, s)) * 60_000, s.slotMinutes);
}

function locations(input: PlanInput, direction: SegmentDirection): { pickupLocation: string; dropoffLocation: string } {
  const airport = `${input.airport.code} airport`;
  const hotel = `${input.hotel.name}, ${input.hotel.address}`;
  return direction === "AIRPORT_TO_HOTEL"
    ? { pickupLocation: `${airport}, arrivals: ground transport meeting point`, dropoffLocation: hotel }
    : { pickupLocation: `${input.hotel.name}, main entrance`, dropoffLocation: `${airport}, departures` };
}

function reservationsOf(aboard: readonly SegmentPassenger[]): string[] {
  return [...new Set(aboard.map((p) => p.reservationUrn))].sort();
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

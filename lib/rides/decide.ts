import type { ShuttleHours } from "@/lib/transport/settings";
import { zoneOffsetMs } from "@/lib/time-zones";
import type { SegmentDirection, SegmentStatus, SpecialNeed, VehicleType } from "@/lib/vocabulary";

export const RIDE_REASONS = ["CAR_TIER", "NIGHT", "FLEET_UNAVAILABLE"] as const;
export type RideReason = (typeof RIDE_REASONS)[number];

/** A live segment of the case (PLANNED or ASSIGNED) as the decision reads it. */
export type RideSegment = {
  urn: string;
  direction: SegmentDirection;
  scheduledAt: string;
  vehicleType: VehicleType;
  status: SegmentStatus;
  /** a vehicle was assigned (by the fleet or by hand) */
  hasVehicle: boolean;
  /** a configured fleet was asked for this ride and refused it (transport_segments.fleet_refusal) */
  fleetRefused: boolean;
  passengers: readonly { groupId: string; reservationUrn: string }[];
  /** what its riders need (the planner's WHEELCHAIR_VAN carries one group only: its needs are that group's) */
  specialRequirements?: readonly SpecialNeed[];
};

export type RideDecisionInput = {
  reservationUrn: string;
  groupId: string;
  /** the newest care assessment owes TRANSPORT to a passenger of the group */
  transportOwed: boolean;
  segments: readonly RideSegment[];
  /** the airport's IANA zone: shuttle hours are its local time */
  timeZone: string;
  shuttleHours: ShuttleHours;
};

/** `accessible`: the ride must be a wheelchair-accessible car (the group rode an accessible van). */
export type RideDecision = { direction: SegmentDirection; reason: RideReason; pickupAt: string; passengers: number; segmentUrn: string; accessible: boolean };

/** Needs that take an accessible vehicle: the van's riders get an accessible taxi, never an ordinary one. */
export const MOBILITY_NEEDS: readonly SpecialNeed[] = ["WHEELCHAIR"];

/** Does this ride carry someone who needs an accessible vehicle? Read from the segment alone (no read per group). */
export const needsAccessible = (s: Pick<RideSegment, "vehicleType" | "specialRequirements">) =>
  s.vehicleType === "WHEELCHAIR_VAN" || (s.specialRequirements ?? []).some((n) => MOBILITY_NEEDS.includes(n));

/**
 * Which rides of a confirmed reservation a taxi voucher replaces: per direction, the group's first
 * live segment, when its group is owed transport and
 *  - CAR_TIER: the segment is a PRIVATE_CAR or TAXI (the tier's policy mode), so a ride voucher is
 *    the car;
 *  - NIGHT: its pickup falls outside the shuttle hours in the airport's local time;
 *  - FLEET_UNAVAILABLE: a fleet was asked and refused it (its answer recorded on the segment); a
 *    ride not yet asked, or with no fleet configured, waits for the fleet or the desk instead.
 * The first reason that holds, in that order, is the voucher's. Pure: data in, decisions out.
 */
export function decideRides(input: RideDecisionInput): RideDecision[] {
  if (!input.transportOwed) return [];
  const out: RideDecision[] = [];
  for (const direction of ["AIRPORT_TO_HOTEL", "HOTEL_TO_AIRPORT"] as const) {
    const mine = input.segments
      .filter((s) => s.direction === direction && (s.status === "PLANNED" || s.status === "ASSIGNED") && s.passengers.some((p) => p.reservationUrn === input.reservationUrn))
      .sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt) || a.urn.localeCompare(b.urn));
    const segment = mine[0];
    if (!segment) continue;
    const reason = reasonFor(segment, input);
    if (!reason) continue;
    const passengers = segment.passengers.filter((p) => p.reservationUrn === input.reservationUrn).length;
    out.push({ direction, reason, pickupAt: segment.scheduledAt, passengers: Math.max(1, passengers), segmentUrn: segment.urn, accessible: needsAccessible(segment) });
  }
  return out;
}

function reasonFor(s: RideSegment, input: RideDecisionInput): RideReason | null {
  if (s.vehicleType === "PRIVATE_CAR" || s.vehicleType === "TAXI") return "CAR_TIER";
  if (isNight(s.scheduledAt, input.timeZone, input.shuttleHours)) return "NIGHT";
  if (s.fleetRefused && s.status === "PLANNED" && !s.hasVehicle) return "FLEET_UNAVAILABLE";
  return null;
}

/** Outside [from, until) in the zone's wall clock; hours that wrap midnight (22:00–02:00) are read as such. */
export function isNight(at: string, timeZone: string, hours: ShuttleHours): boolean {
  const ms = Date.parse(at);
  const local = new Date(ms + zoneOffsetMs(timeZone, ms));
  const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
  const from = minutesOf(hours.from);
  const until = minutesOf(hours.until);
  const day = from <= until ? minute >= from && minute < until : minute >= from || minute < until;
  return !day;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

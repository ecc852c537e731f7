import type { PolicyTransport } from "@/lib/policies/schemas";
import type { SegmentDirection, SegmentStatus, SpecialNeed, Tier, VehicleType } from "@/lib/vocabulary";
import type { z } from "zod";

export type TransportPolicy = z.output<typeof PolicyTransport>;

export type PlanPassenger = {
  passengerId: string;
  tier: Tier | null;
  specialNeeds: readonly SpecialNeed[];
  /** needs no ride (no overnight gap, lives nearby): never on a segment */
  localResident: boolean;
};

/** One CONFIRMED reservation at the hotel: its group's passengers ride together where they can. */
export type PlanReservation = {
  reservationUrn: string;
  groupId: string;
  /** when it confirmed: the airport pickup follows it */
  confirmedAt: string;
  /** the stay's end, the departure when the case names no next flight */
  checkOut: string;
  passengers: readonly PlanPassenger[];
};

export type SegmentPassenger = { passengerId: string; groupId: string; reservationUrn: string };

/** The cancellation reason of a ride taxi vouchers replaced (lib/rides/replace-shuttle.ts): its riders are covered, not planned again. */
export const REPLACED_BY_TAXI = "replaced by taxi vouchers";

/** A live segment of the hotel (not CANCELLED), or one taxi vouchers replaced: whoever is aboard is not planned again. */
export type PlanExistingSegment = {
  urn: string;
  direction: SegmentDirection;
  scheduledAt: string;
  vehicleType: VehicleType;
  capacity: number | null;
  status: SegmentStatus;
  passengers: readonly SegmentPassenger[];
  specialRequirements: readonly SpecialNeed[];
  /** CANCELLED because every rider holds a taxi voucher for it: they still have their ride */
  replacedByTaxi?: boolean;
};

export type PlanSettings = {
  slotMinutes: number;
  arrivalLeadMinutes: number;
  carCapacity: number;
  vanCapacity: number;
  speedKmh: number;
  roadFactor: number;
  loadMinutes: number;
};

export type Place = { latitude: number; longitude: number };

export type PlanInput = {
  airport: Place & { code: string };
  hotel: Place & { urn: string; name: string; address: string };
  /** the disrupted flight's scheduled departure: nobody is fetched before it */
  disruptionAt: string;
  /** the next flight's departure, when the case has one */
  nextDepartureAt: string | null;
  reservations: readonly PlanReservation[];
  existing: readonly PlanExistingSegment[];
  /** the ACTIVE policy's transport object per tier; a tier without one takes the defaults */
  transportByTier: Partial<Record<Tier, TransportPolicy>>;
  settings: PlanSettings;
};

export type PlannedSegment = {
  direction: SegmentDirection;
  scheduledAt: string;
  vehicleType: VehicleType;
  capacity: number;
  hotelUrn: string;
  passengers: SegmentPassenger[];
  reservationUrns: string[];
  specialRequirements: SpecialNeed[];
  pickupLocation: string;
  dropoffLocation: string;
};

/** Passengers merged into an existing PLANNED shuttle: the segment's full lists after the merge. */
export type SegmentExtension = {
  urn: string;
  added: SegmentPassenger[];
  passengers: SegmentPassenger[];
  reservationUrns: string[];
  specialRequirements: SpecialNeed[];
};

export type PlanSkip = { passengerId: string; reservationUrn: string; reason: "LOCAL_RESIDENT" | "MODE_NONE" };

export type PlanResult = { create: PlannedSegment[]; extend: SegmentExtension[]; skipped: PlanSkip[] };

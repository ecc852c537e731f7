import type { TransportSegmentRow } from "@/db/schema";
import type { Segment } from "./schemas";

/** A row as the API answers it: the vehicle without the fleet's internal assignment id. */
export function toSegment(row: TransportSegmentRow): Segment {
  const v = row.vehicle;
  return {
    urn: row.urn,
    caseUrn: row.caseUrn,
    airport: row.airport,
    hotelUrn: row.hotelUrn,
    reservationUrn: row.reservationUrns[0] ?? "",
    reservationUrns: row.reservationUrns,
    direction: row.direction,
    scheduledAt: row.scheduledAt.toISOString(),
    vehicleType: row.vehicleType,
    capacity: row.capacity,
    passengerCount: row.passengerCount,
    passengers: row.passengers,
    specialRequirements: row.specialRequirements,
    pickupLocation: row.pickupLocation,
    dropoffLocation: row.dropoffLocation,
    status: row.status,
    vehicle: v
      ? {
          vehicleId: v.vehicleId ?? "",
          plate: v.plate ?? null,
          driverName: v.driverName ?? v.driver ?? null,
          driverPhone: v.driverPhone ?? null,
          dispatcherPhone: v.dispatcherPhone ?? null,
          source: v.source === "FLEET" ? "FLEET" : "MANUAL",
        }
      : null,
    origin: row.origin,
    cancellationReason: row.cancellationReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What an audit entry keeps of a segment, before and after a change. */
export function auditSnapshot(row: TransportSegmentRow): Record<string, unknown> {
  return {
    status: row.status,
    scheduledAt: row.scheduledAt.toISOString(),
    vehicleType: row.vehicleType,
    capacity: row.capacity,
    passengerCount: row.passengerCount,
    reservationUrns: row.reservationUrns,
    vehicleId: row.vehicle?.vehicleId ?? null,
    driverName: row.vehicle?.driverName ?? null,
  };
}

import { z } from "zod";
import { SpecialNeed, VehicleType } from "@/lib/vocabulary";

/**
 * The transport provider's wire format (the sandbox speaks it; a real dispatcher's adapter maps
 * onto it): `POST /v1/assignments` with an Idempotency-Key asks for a vehicle and driver for one
 * ride; `DELETE /v1/assignments/{id}` releases it. Bearer API key.
 */
export const AssignmentRequest = z.object({
  /** ours (the segment URN): the same reference answers the same assignment */
  reference: z.string().min(1).max(200),
  airport: z.string().regex(/^[A-Z]{3}$/),
  vehicleType: VehicleType,
  seats: z.number().int().min(1).max(100),
  pickupAt: z.iso.datetime(),
  pickup: z.string().max(500),
  dropoff: z.string().max(500),
  specialRequirements: z.array(SpecialNeed).max(20).default([]),
});
export type AssignmentRequest = z.input<typeof AssignmentRequest>;

export const Assignment = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.enum(["ASSIGNED", "RELEASED"]),
  vehicleId: z.string(),
  vehicleType: VehicleType,
  plate: z.string().nullable(),
  seats: z.number().int(),
  driverName: z.string().nullable(),
  driverPhone: z.string().nullable(),
  dispatcherPhone: z.string().nullable(),
  pickupAt: z.string(),
});
export type Assignment = z.infer<typeof Assignment>;

export const FleetError = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/** `no_vehicle`: every vehicle of the type is busy around the pickup time (or none has the seats). */
export const NO_VEHICLE = "no_vehicle";

/**
 * `POST /v1/capacity-requests` (Idempotency-Key: ours): ask the provider to add vehicles of a type
 * at an airport for a window (subcontracted cars, drivers called in). It answers how many it adds,
 * 0 to vehicles; a repeat of the same key answers the first answer. A provider without this API
 * answers 404, which reads as "cannot add any".
 */
export const CapacityRequest = z.object({
  airport: z.string().regex(/^[A-Z]{3}$/),
  vehicleType: VehicleType,
  vehicles: z.number().int().min(1).max(500),
  from: z.iso.datetime(),
  until: z.iso.datetime(),
});
export type CapacityRequest = z.input<typeof CapacityRequest>;

export const CapacityGrant = z.object({
  airport: z.string(),
  vehicleType: VehicleType,
  requested: z.number().int(),
  granted: z.number().int().min(0),
  from: z.string(),
  until: z.string(),
  message: z.string().nullable().optional(),
});
export type CapacityGrant = z.infer<typeof CapacityGrant>;

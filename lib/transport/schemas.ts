import { z } from "zod";
import { PRINTABLE_NOTE, PrintableText, requiredPrintable } from "@/lib/printable";
import { IataCode, IsoTime, pageQuery, Reason, Urn, UtcTimestamp } from "@/lib/primitives";
import { SegmentDirection, SegmentStatus, SpecialNeed, VehicleType } from "@/lib/vocabulary";

export const SegmentPassenger = z
  .object({ passengerId: z.string(), groupId: z.string(), reservationUrn: z.string() })
  .meta({ id: "SegmentPassenger", description: "a passenger aboard, with the reservation (and group) that put them there" });

export const SegmentVehicle = z
  .object({
    vehicleId: z.string(),
    plate: z.string().nullable(),
    driverName: z.string().nullable(),
    driverPhone: z.string().nullable(),
    dispatcherPhone: z.string().nullable(),
    source: z.enum(["FLEET", "MANUAL"]).meta({ description: "FLEET: the transport provider assigned it; MANUAL: an operator (POST …/vehicle)" }),
  })
  .meta({ id: "SegmentVehicle" });

export const Segment = z
  .object({
    urn: z.string(),
    caseUrn: z.string(),
    airport: z.string().nullable(),
    hotelUrn: z.string().nullable(),
    reservationUrn: z.string().meta({ description: "spec 2.7: the first of reservationUrns (a shared shuttle serves several)" }),
    reservationUrns: z.array(z.string()),
    direction: SegmentDirection,
    scheduledAt: IsoTime.meta({ description: "pickup time, UTC" }),
    vehicleType: VehicleType,
    capacity: z.number().int().nullable().meta({ description: "seats of the vehicle" }),
    passengerCount: z.number().int(),
    passengers: z.array(SegmentPassenger),
    specialRequirements: z.array(SpecialNeed),
    pickupLocation: z.string().nullable(),
    dropoffLocation: z.string().nullable(),
    status: SegmentStatus,
    vehicle: SegmentVehicle.nullable(),
    origin: z.enum(["PLANNER", "MANUAL"]).meta({ description: "PLANNER: planned when a reservation confirmed; MANUAL: POST /transport/segments" }),
    cancellationReason: z.string().nullable(),
    createdAt: IsoTime,
    updatedAt: IsoTime,
  })
  .meta({ id: "TransportSegment" });
export type Segment = z.infer<typeof Segment>;

export const CreateSegmentBody = z
  .object({
    reservationUrn: Urn("reservation").optional().meta({ description: "spec 4.7: the reservation the ride serves" }),
    reservationUrns: z
      .array(Urn("reservation"))
      .min(1)
      .max(50)
      .optional()
      .meta({ description: "our addition: several reservations of one case and hotel sharing a shuttle (instead of reservationUrn)" }),
    direction: SegmentDirection,
    scheduledAt: UtcTimestamp,
    vehicleType: VehicleType,
    specialRequirements: z.array(SpecialNeed).max(20).default([]),
    capacity: z.number().int().min(1).max(100).optional().meta({ description: "seats; default per vehicle type (a shuttle: the policy's shuttleCapacity)" }),
    // printed on the passenger's voucher: no line breaks, controls or bidi overrides (lib/printable.ts)
    pickupLocation: PrintableText.trim().max(500).optional().meta({ description: PRINTABLE_NOTE }),
    reason: Reason.optional().meta({ description: "optional here (the specification's body has none); kept in the audit log" }),
  })
  .superRefine((b, c) => {
    if (!b.reservationUrn === !b.reservationUrns) c.addIssue({ code: "custom", path: ["reservationUrn"], message: "give reservationUrn or reservationUrns (not both)" });
  })
  .meta({ id: "NewTransportSegment" });
export type CreateSegmentInput = z.input<typeof CreateSegmentBody>;

export const RetimeSegmentBody = z.object({ scheduledAt: UtcTimestamp, reason: Reason }).meta({ id: "RetimeSegment" });
export const AssignVehicleBody = z
  .object({
    // vehicle and driver are printed on the passenger's voucher (lib/printable.ts)
    vehicleId: requiredPrintable(100).meta({ description: PRINTABLE_NOTE }),
    vehicleType: VehicleType.optional().meta({ description: "when the vehicle is of another type than planned" }),
    driverName: PrintableText.trim().max(200).optional().meta({ description: PRINTABLE_NOTE }),
    driverPhone: PrintableText.trim().max(50).optional().meta({ description: PRINTABLE_NOTE }),
    reason: Reason,
  })
  .meta({ id: "AssignSegmentVehicle" });
export const CancelSegmentBody = z.object({ reason: Reason }).meta({ id: "CancelSegment" });

export const SegmentListQuery = z.object({
  status: SegmentStatus.optional(),
  caseUrn: Urn("case").optional(),
  airport: IataCode.optional().meta({ description: "one airport; 403 OUT_OF_SCOPE outside the caller's airports" }),
  direction: SegmentDirection.optional(),
  ...pageQuery,
});

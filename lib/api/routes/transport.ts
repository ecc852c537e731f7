import { z } from "zod";
import { urnParam } from "@/lib/api/params";
import { defineRoute } from "@/lib/api/route";
import { pageOf } from "@/lib/primitives";
import { AssignVehicleBody, CancelSegmentBody, CreateSegmentBody, RetimeSegmentBody, Segment, SegmentListQuery } from "@/lib/transport/schemas";

const SegmentParams = z.object({ segmentUrn: urnParam("segment") });
const ACTION_RULES =
  "Audited with the reason and the segment before and after. 404 in another tenant (and for a FEED client, which may not act anyway); " +
  "403 OUT_OF_SCOPE outside the caller's airports; 409 CASE_CLOSED on a closed case; 409 INVALID_TRANSITION on a COMPLETED or CANCELLED segment.";

export const listSegmentsRoute = defineRoute({
  method: "GET",
  path: "/transport/segments",
  tag: "Transport",
  summary: "List transport segments",
  description:
    "Ground transport segments (spec 2.7) of the caller's tenant in the caller's airports, by pickup time, with cursor pagination. " +
    "Filters: status (PLANNED, ASSIGNED, COMPLETED, CANCELLED), caseUrn, airport (outside the caller's claims: 403 OUT_OF_SCOPE), " +
    "direction (AIRPORT_TO_HOTEL, HOTEL_TO_AIRPORT). A FEED client lists only the segments of cases it created.",
  permission: "case:read",
  query: SegmentListQuery,
  response: pageOf(Segment),
});

export const getSegmentRoute = defineRoute({
  method: "GET",
  path: "/transport/segments/{segmentUrn}",
  tag: "Transport",
  summary: "Get a transport segment",
  description:
    "One segment: direction, pickup time, vehicle type and seats, the passengers aboard and their reservations, special requirements, " +
    "pickup and drop-off, and the vehicle and driver once assigned. 404 in another tenant; 403 OUT_OF_SCOPE outside the caller's airports.",
  permission: "case:read",
  params: SegmentParams,
  response: Segment,
  errors: [404],
});

export const createSegmentRoute = defineRoute({
  method: "POST",
  path: "/transport/segments",
  tag: "Transport",
  summary: "Create a transport segment",
  description:
    "Adds a ride by hand (most segments are planned when a reservation confirms). Body `{ reservationUrn, direction, scheduledAt, " +
    "vehicleType, specialRequirements }` (spec 4.7), or `reservationUrns` instead of `reservationUrn` for a shuttle shared by several " +
    "reservations of one case and hotel; optional `capacity`, `pickupLocation` and `reason`. Every passenger of the reservations' groups " +
    "who needs a ride is aboard (not LOCAL_RESIDENT, CANCELLED or CHECKED_OUT ones), their special needs added to the requirements. " +
    "The segment is PLANNED (assign a vehicle with POST …/vehicle); 201 with the segment and its Location. 422 when a reservation is " +
    "not CONFIRMED, the reservations span cases or hotels, the passengers outnumber the seats, or a wheelchair user would ride in " +
    "anything but a WHEELCHAIR_VAN; 404 for an unknown reservation; 409 CASE_CLOSED on a closed case. Audited.",
  permission: "transport:write",
  body: CreateSegmentBody,
  response: Segment,
  status: 201,
  sets: { status: ["PLANNED"] },
  errors: [404, 409, 422],
});

export const retimeSegmentRoute = defineRoute({
  method: "POST",
  path: "/transport/segments/{segmentUrn}/retime",
  tag: "Transport",
  summary: "Re-time a transport segment",
  description:
    "Moves the pickup to `scheduledAt`. Body `{ scheduledAt, reason }` (422 REASON_REQUIRED without a reason). A PLANNED or ASSIGNED " +
    "segment keeps its status and vehicle (tell the driver, or assign another vehicle). The stays aboard whose voucher left are told the new " +
    "pickup (RIDE_CHANGED, email and SMS in each passenger's language, once per change) and their vouchers are rendered again. " +
    ACTION_RULES,
  permission: "transport:write",
  params: SegmentParams,
  body: RetimeSegmentBody,
  response: Segment,
  errors: [404, 409],
});

export const assignSegmentVehicleRoute = defineRoute({
  method: "POST",
  path: "/transport/segments/{segmentUrn}/vehicle",
  tag: "Transport",
  summary: "Assign a vehicle to a transport segment",
  description:
    "An operator names the vehicle (and driver): the segment becomes ASSIGNED, replacing any vehicle the fleet had assigned (released " +
    "at the fleet). Body `{ vehicleId, vehicleType?, driverName?, driverPhone?, reason }` (422 REASON_REQUIRED without a reason); " +
    "another vehicleType must seat everyone aboard and a wheelchair user needs a WHEELCHAIR_VAN (422 otherwise). " +
    ACTION_RULES,
  permission: "transport:write",
  params: SegmentParams,
  body: AssignVehicleBody,
  response: Segment,
  sets: { status: ["ASSIGNED"] },
  errors: [404, 409, 422],
});

export const cancelSegmentRoute = defineRoute({
  method: "POST",
  path: "/transport/segments/{segmentUrn}/cancel",
  tag: "Transport",
  summary: "Cancel a transport segment",
  description:
    "The segment becomes CANCELLED with the reason; a vehicle the fleet assigned is released. Body `{ reason }` (422 REASON_REQUIRED " +
    "without one). The stays aboard whose voucher left are told (RIDE_CHANGED, email and SMS, once per change). " +
    ACTION_RULES,
  permission: "transport:write",
  params: SegmentParams,
  body: CancelSegmentBody,
  response: Segment,
  sets: { status: ["CANCELLED"] },
  errors: [404, 409],
});

import type { z } from "zod";
import { requirePermission } from "@/lib/auth/require";
import type { Ctx } from "@/lib/context";
import { invalid } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { changeSegment } from "./change";
import { AssignVehicleBody, type Segment } from "./schemas";
import { seatsOf } from "./seats";

/**
 * POST /transport/segments/{urn}/vehicle: an operator names the vehicle (and driver) → ASSIGNED.
 * Replaces a vehicle the fleet assigned (released after the change). A vehicle of another type
 * must seat everyone aboard (422 otherwise).
 */
export async function assignSegmentVehicle({ ctx, input }: { ctx: Ctx; input: z.input<typeof AssignVehicleBody> & { segmentUrn: string } }): Promise<Segment> {
  // the permission before the body, as every verb (changeSegment checks it again, with the segment)
  requirePermission(ctx, "transport:write", "assign a vehicle to a transport segment");
  const body = parseInput(AssignVehicleBody, { vehicleId: input.vehicleId, vehicleType: input.vehicleType, driverName: input.driverName, driverPhone: input.driverPhone, reason: input.reason });
  return changeSegment(ctx, {
    segmentUrn: input.segmentUrn,
    action: "assign",
    reason: body.reason,
    what: "assign a vehicle to a transport segment",
    patch: (row) => {
      const vehicleType = body.vehicleType ?? row.vehicleType;
      const capacity = vehicleType === row.vehicleType ? row.capacity : seatsOf(vehicleType);
      if (capacity !== null && row.passengerCount > capacity) {
        throw invalid(`A ${vehicleType} seats ${capacity}; ${row.passengerCount} passengers are aboard.`, [{ path: "vehicleType", message: "too few seats for the passengers aboard" }]);
      }
      if (row.specialRequirements.includes("WHEELCHAIR") && vehicleType !== "WHEELCHAIR_VAN") {
        throw invalid("A passenger aboard uses a wheelchair: the vehicle must be a WHEELCHAIR_VAN.", [{ path: "vehicleType", message: "must be WHEELCHAIR_VAN" }]);
      }
      return {
        status: "ASSIGNED",
        vehicleType,
        capacity,
        vehicle: { vehicleId: body.vehicleId, driverName: body.driverName ?? null, driverPhone: body.driverPhone ?? null, plate: null, dispatcherPhone: row.vehicle?.dispatcherPhone ?? null, source: "MANUAL", assignmentId: null },
      };
    },
  });
}

"use client";

import { useState } from "react";
import { ReasonDialog } from "@/components/cases/reason-dialog";
import { zoneAbbreviation } from "@/components/console/format";
import { useTimeMode } from "@/components/console/local-time";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { VEHICLE_TYPES, type VehicleType } from "@/lib/vocabulary";
import { assignVehicleAction, cancelSegmentAction, retimeSegmentAction } from "./actions";
import { fromLocalInput, toLocalInput } from "./board";

type Props = { segmentUrn: string; scheduledAt: string; vehicleType: VehicleType; vehicleId: string | null; zone: string | null };

/** Retime, assign and cancel one ride, each with a required reason (kept in the audit log). */
export function SegmentActions({ segmentUrn, scheduledAt, vehicleType, vehicleId, zone }: Props) {
  // the pickup is typed in the clock the console shows: the airport's, or UTC when toggled so
  const inZone = useTimeMode() === "utc" ? "UTC" : (zone ?? "UTC");
  const zoneName = zoneAbbreviation(inZone, new Date(scheduledAt));
  const [edited, setAt] = useState<string | null>(null);
  const at = edited ?? toLocalInput(scheduledAt, inZone);
  const [vehicle, setVehicle] = useState({ vehicleId: "", vehicleType, driverName: "", driverPhone: "" });
  const id = segmentUrn.slice(-8);
  return (
    <div className="flex flex-wrap justify-end gap-1">
      <ReasonDialog
        trigger="Retime"
        triggerTestId="segment-retime"
        title="Move the pickup"
        description={`The pickup time, in ${zoneName}. The passengers who already have their voucher are told the new time by email and SMS, in their language, and their voucher and page show it. The vehicle stays assigned: tell the driver.`}
        confirmLabel="Retime"
        placeholder="Why (kept in the audit log)"
        success="Pickup moved: the passengers are told"
        action={(reason) => retimeSegmentAction(segmentUrn, fromLocalInput(at, inZone), reason)}
      >
        <div className="grid gap-1.5">
          <Label htmlFor={`retime-${id}`}>Pickup ({zoneName})</Label>
          <Input id={`retime-${id}`} type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} data-testid="segment-retime-at" />
        </div>
      </ReasonDialog>
      <ReasonDialog
        trigger={vehicleId ? "Reassign" : "Assign"}
        triggerTestId="segment-assign"
        title={vehicleId ? `Replace ${vehicleId}` : "Assign a vehicle"}
        description="A vehicle found by hand (a vehicle from the fleet is released)."
        confirmLabel="Assign"
        placeholder="Why (kept in the audit log)"
        success="Vehicle assigned"
        action={(reason) =>
          assignVehicleAction(
            segmentUrn,
            { vehicleId: vehicle.vehicleId, vehicleType: vehicle.vehicleType, driverName: vehicle.driverName || undefined, driverPhone: vehicle.driverPhone || undefined },
            reason,
          )
        }
      >
        <div className="grid grid-cols-2 gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor={`vehicle-${id}`}>Vehicle</Label>
            <Input id={`vehicle-${id}`} value={vehicle.vehicleId} onChange={(e) => setVehicle({ ...vehicle, vehicleId: e.target.value })} placeholder="plate or fleet number" data-testid="segment-vehicle-id" />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`type-${id}`}>Type</Label>
            <select
              id={`type-${id}`}
              className="h-9 rounded-md border bg-transparent px-2 text-sm"
              value={vehicle.vehicleType}
              onChange={(e) => setVehicle({ ...vehicle, vehicleType: e.target.value as VehicleType })}
            >
              {VEHICLE_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t.replaceAll("_", " ").toLowerCase()}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`driver-${id}`}>Driver</Label>
            <Input id={`driver-${id}`} value={vehicle.driverName} onChange={(e) => setVehicle({ ...vehicle, driverName: e.target.value })} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`phone-${id}`}>Driver&apos;s phone</Label>
            <Input id={`phone-${id}`} value={vehicle.driverPhone} onChange={(e) => setVehicle({ ...vehicle, driverPhone: e.target.value })} />
          </div>
        </div>
      </ReasonDialog>
      <ReasonDialog
        trigger="Cancel"
        triggerTestId="segment-cancel"
        title="Cancel the ride"
        description="The passengers aboard are no longer fetched and are told so by email and SMS (their voucher shows no shuttle); a vehicle from the fleet is released."
        confirmLabel="Cancel ride"
        confirmVariant="destructive"
        placeholder="Why (kept in the audit log)"
        success="Ride cancelled"
        action={(reason) => cancelSegmentAction(segmentUrn, reason)}
      />
    </div>
  );
}

import { transportSettings } from "./settings";
import type { VehicleType } from "@/lib/vocabulary";

/** Seats of a vehicle type: a shuttle keeps the capacity it was planned with (the policy's), else 16. */
export function seatsOf(type: VehicleType, shuttleCapacity: number | null = null): number {
  const s = transportSettings();
  if (type === "SHUTTLE") return shuttleCapacity ?? 16;
  return type === "WHEELCHAIR_VAN" ? s.vanCapacity : s.carCapacity;
}

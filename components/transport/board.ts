import { knownZone, localTimeToUtc, zoneOffsetMs } from "@/lib/time-zones";
import type { Segment } from "@/lib/transport/schemas";

export type BoardRow = Segment & { slot: string; load: string; loadPercent: number; unassigned: boolean; final: boolean };

/**
 * The transport board's order and derived figures: rides still without a vehicle (PLANNED) first,
 * then the assigned ones, then COMPLETED and CANCELLED; each by pickup time, vehicle type, URN.
 * Load is passengers against seats.
 */
export function boardRows(segments: readonly Segment[]): BoardRow[] {
  const rank = (s: Segment) => ({ PLANNED: 0, ASSIGNED: 1, COMPLETED: 2, CANCELLED: 3 })[s.status];
  return [...segments]
    .sort((a, b) => rank(a) - rank(b) || a.scheduledAt.localeCompare(b.scheduledAt) || a.vehicleType.localeCompare(b.vehicleType) || a.urn.localeCompare(b.urn))
    .map((s) => ({
      ...s,
      slot: s.scheduledAt.slice(0, 16).replace("T", " "),
      load: s.capacity ? `${s.passengerCount}/${s.capacity}` : String(s.passengerCount),
      loadPercent: s.capacity ? Math.min(100, Math.round((s.passengerCount / s.capacity) * 100)) : 0,
      unassigned: s.status === "PLANNED",
      final: s.status === "COMPLETED" || s.status === "CANCELLED",
    }));
}

/** How many rides wait for a vehicle, and how many passengers they carry. */
export function unassignedSummary(segments: readonly Segment[]): { rides: number; passengers: number } {
  const waiting = segments.filter((s) => s.status === "PLANNED");
  return { rides: waiting.length, passengers: waiting.reduce((n, s) => n + s.passengerCount, 0) };
}

/** A datetime-local input's value (wall clock in `zone`, UTC by default) for an ISO time, and back. */
export function toLocalInput(iso: string, zone = "UTC"): string {
  const at = new Date(iso).getTime();
  return new Date(at + zoneOffsetMs(knownZone(zone), at)).toISOString().slice(0, 16);
}
export function fromLocalInput(value: string, zone = "UTC"): string {
  if (knownZone(zone) === "UTC") return `${value}:00Z`;
  return localTimeToUtc(value.slice(0, 10), value.slice(11, 16), knownZone(zone)).toISOString().replace(".000Z", "Z");
}

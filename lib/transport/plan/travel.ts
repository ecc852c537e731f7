import type { Place, PlanSettings } from "./types";

const EARTH_RADIUS_KM = 6371.0088;
const RAD = Math.PI / 180;

export function distanceKm(a: Place, b: Place): number {
  const dLat = (b.latitude - a.latitude) * RAD;
  const dLon = (b.longitude - a.longitude) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * RAD) * Math.cos(b.latitude * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The hotel-to-airport travel time estimate, in minutes: the straight-line distance times a road
 * factor (roads are ~30 % longer than the crow flies around airports), driven at an average urban
 * speed (40 km/h: traffic, lights, terminal loops), plus fixed minutes to load passengers and
 * luggage; rounded up to 5 minutes. 5 km: 10 + ⌈5 × 1.3 / 40 × 60⌉ = 20 min. A rough figure on
 * purpose: it only decides how early the pickup is, and an operator re-times a segment when the
 * dispatcher knows better (POST …/retime).
 */
export function travelMinutes(from: Place, to: Place, s: Pick<PlanSettings, "speedKmh" | "roadFactor" | "loadMinutes">): number {
  const driving = Math.ceil(((distanceKm(from, to) * s.roadFactor) / s.speedKmh) * 60);
  return Math.ceil((s.loadMinutes + driving) / 5) * 5;
}

/** The start of the slot holding `at` (slots count from the Unix epoch, so every hotel shares them). */
export function slotFloor(at: number, slotMinutes: number): number {
  const ms = slotMinutes * 60_000;
  return Math.floor(at / ms) * ms;
}

/** The first slot boundary at or after `at`. */
export function slotCeil(at: number, slotMinutes: number): number {
  const ms = slotMinutes * 60_000;
  return Math.ceil(at / ms) * ms;
}

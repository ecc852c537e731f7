import { outOfScope } from "@/lib/errors";
import type { Principal } from "./principal";

export function coversAirport(principal: Pick<Principal, "airports">, airport: string): boolean {
  return principal.airports.includes("*") || principal.airports.includes(airport);
}

/** Airport scope: a principal acts only on cases of airports in its claims (403 OUT_OF_SCOPE). */
export function assertAirport(principal: Principal, airport: string): void {
  if (!coversAirport(principal, airport)) throw outOfScope(airport);
}

/** The airport filter a list query must apply: null means every airport. */
export function airportFilter(principal: Principal): string[] | null {
  return principal.airports.includes("*") ? null : principal.airports;
}

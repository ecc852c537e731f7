import type { Policy } from "@/lib/policies/schemas";
import type { Tier } from "@/lib/vocabulary";
import type { Situation } from "./situation";

/**
 * What the model is told about an item: counts, tiers, special needs, the policy constraints and
 * the hotels tried — never a passenger's name, e-mail, phone or id, nor a group id or PNR (the
 * tools work on the item's groups without naming them). It is sent as a JSON data block; the
 * system prompt says a data block is data, so manifest text cannot become an instruction.
 */
export type RedactedContext = {
  category: string;
  priority: string;
  airport: string;
  nights: number;
  groups: number;
  passengers: number;
  roomsNeeded: number;
  mixedTierGroups: number;
  tiers: Partial<Record<Tier, number>>;
  specialNeeds: Record<string, number>;
  wheelchairPassengers: number;
  attemptedHotels: { hotelUrn: string; reason: string }[];
  heldCauses: string[];
  constraints: Partial<Record<Tier, Policy["constraints"] & { currency: string }>>;
};

export function redactedContext(s: Situation): RedactedContext {
  const tiers: Partial<Record<Tier, number>> = {};
  const needs: Record<string, number> = {};
  for (const g of s.groups) {
    tiers[g.tier!] = (tiers[g.tier!] ?? 0) + g.passengers;
    for (const n of g.specialNeeds) needs[n] = (needs[n] ?? 0) + 1;
  }
  const constraints: RedactedContext["constraints"] = {};
  for (const [t, p] of Object.entries(s.policies) as [Tier, Policy | null][]) if (p) constraints[t] = { ...p.constraints, currency: p.currency };
  const ids = new Set(s.item.affectedGroups);
  const attempted = (s.item.attemptedHotels as { hotelUrn?: unknown; reason?: unknown }[]).flatMap((h) =>
    typeof h?.hotelUrn === "string" ? [{ hotelUrn: h.hotelUrn, reason: typeof h.reason === "string" ? h.reason.slice(0, 60) : "unknown" }] : [],
  );
  return {
    category: s.item.category,
    priority: s.item.priority,
    airport: s.airport.iata,
    nights: s.nights,
    groups: s.groups.length,
    passengers: s.groups.reduce((n, g) => n + g.passengers, 0),
    roomsNeeded: s.groups.reduce((n, g) => n + g.rooms, 0),
    mixedTierGroups: s.mixedTierGroups,
    tiers,
    specialNeeds: needs,
    wheelchairPassengers: s.groups.reduce((n, g) => n + g.wheelchairPassengers, 0),
    attemptedHotels: attempted,
    heldCauses: [...new Set(s.wave?.held.filter((h) => ids.has(h.groupId)).map((h) => h.cause) ?? [])],
    constraints,
  };
}

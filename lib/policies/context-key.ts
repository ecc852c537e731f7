import { inPassOrder } from "./schemas";

export type PolicyContextFields = { airport: string | null; airline: string | null; country: string | null; tiers: readonly string[] };

/**
 * The identity of a policy's context (spec 9: same airport, airline, tier set; country too):
 * versions of one context share it, and at most one of them is ACTIVE.
 */
export function contextKeyOf(c: PolicyContextFields): string {
  return [c.airport ?? "", c.airline ?? "", c.country ?? "", inPassOrder(c.tiers).join(",")].join("|");
}

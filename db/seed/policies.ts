import { and, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "@/db/client";
import { airports, policies } from "@/db/schema";
import { systemPrincipal } from "@/lib/auth/principal";
import type { Ctx } from "@/lib/context";
import { activatePolicy } from "@/lib/policies/activate";
import { contextKeyOf } from "@/lib/policies/context-key";
import { createPolicy } from "@/lib/policies/create";
import { PolicyInput, type Tier } from "@/lib/policies/schemas";
import { DEMO_AIRPORTS } from "./airports";

// nightly ceilings in the airport's currency: premium cabins, economy cabins, crew
const RATES: Record<string, [number, number, number]> = {
  CDG: [350, 160, 140], ORY: [300, 140, 120], LHR: [320, 150, 130], FRA: [300, 140, 120],
  AMS: [320, 150, 130], MAD: [260, 120, 100], FCO: [280, 130, 110], JFK: [450, 220, 190],
  DXB: [1400, 600, 500], SIN: [500, 230, 200], HND: [55000, 22000, 18000], SYD: [500, 240, 200],
};

type Draft = z.input<typeof PolicyInput>;

function airportPolicies(airport: string): Draft[] {
  const [premium, economy, crew] = RATES[airport] ?? [300, 150, 130];
  const common = { autoApproveDemand: true, incrementalRequiresApproval: true, maxAutomaticRoomsPerWave: 50, mode: "ON_DEMAND" as const };
  return [
    {
      name: `${airport} premium cabins`,
      context: { airport },
      tiers: ["FIRST", "BUSINESS"],
      constraints: { minStars: 4, maxDistanceKm: 20, maxNightlyRate: premium, requiredAmenities: ["24H_RECEPTION", "ROOM_SERVICE", "WIFI"] },
      buffers: { lateCheckoutMinutes: 120, earlyCheckInMinutes: 60 },
      transport: { mode: "PRIVATE_CAR", perTier: { FIRST: "PRIVATE_CAR", BUSINESS: "PRIVATE_CAR" }, minutesBeforePickup: 150, shuttleCapacity: 4 },
      // premium cabins: the airline's own care is more generous than the regimes (a meal from 1 h, a hotel whatever the cause)
      care: { mealAfterMinutes: 60, hotelWhenOvernight: true, mealAmount: Math.round(premium / 10), requestRoomsFromCare: true },
      ...common,
    },
    {
      name: `${airport} economy cabins`,
      context: { airport },
      tiers: ["PREMIUM_ECONOMY", "ECONOMY"],
      constraints: { minStars: 3, maxDistanceKm: 25, maxNightlyRate: economy, requiredAmenities: ["24H_RECEPTION", "WIFI"] },
      transport: { mode: "SHUTTLE", perTier: {}, minutesBeforePickup: 180, shuttleCapacity: 16 },
      care: { mealAmount: Math.round(economy / 10), requestRoomsFromCare: true },
      ...common,
    },
    {
      name: `${airport} crew`,
      context: { airport },
      tiers: ["CREW"],
      constraints: { minStars: 3, maxDistanceKm: 15, maxNightlyRate: crew, requiredAmenities: ["24H_RECEPTION", "WIFI"] },
      buffers: { lateCheckoutMinutes: 0, earlyCheckInMinutes: 120 },
      transport: { mode: "SHUTTLE", perTier: {}, minutesBeforePickup: 150, shuttleCapacity: 12 },
      care: { mealAmount: Math.round(crew / 10), requestRoomsFromCare: true },
      ...common,
    },
  ];
}

// outside the hubs: no price ceiling (the currency varies), stars by cabin, a supervisor approves
const GLOBAL_STARS: Record<Tier, number> = { FIRST: 4, BUSINESS: 4, PREMIUM_ECONOMY: 3, ECONOMY: 3, CREW: 3 };
function globalPolicies(): Draft[] {
  return (Object.keys(GLOBAL_STARS) as Tier[]).map((tier) => ({
    name: `Global fallback: ${tier}`,
    tiers: [tier],
    constraints: { minStars: GLOBAL_STARS[tier], maxDistanceKm: 30 },
    autoApproveDemand: false,
    transport: tier === "FIRST" || tier === "BUSINESS" ? { mode: "PRIVATE_CAR" } : { mode: "SHUTTLE" },
    // rooms only for the groups the right to care owes a hotel (a flight no regime covers, cause outside the airline's control: none)
    care: { requestRoomsFromCare: true },
  }));
}

/**
 * The demo tenant's ACTIVE policies: per demo airport one for FIRST+BUSINESS (4 stars, private
 * car), one for PREMIUM_ECONOMY+ECONOMY (3 stars, shuttle), one for CREW, and a global fallback
 * per tier. Idempotent: a context that has any version already is left alone.
 */
export async function seedDemoPolicies(db: Db, tenant: string): Promise<number> {
  const ctx: Ctx = { db, principal: systemPrincipal(tenant, "seed") };
  const known = new Set(
    (await db.select({ iata: airports.iata }).from(airports).where(inArray(airports.iata, [...DEMO_AIRPORTS]))).map((a) => a.iata),
  );
  const drafts = [...DEMO_AIRPORTS.filter((a) => known.has(a)).flatMap(airportPolicies), ...globalPolicies()];
  let created = 0;
  for (const draft of drafts) {
    const input = PolicyInput.parse(draft);
    const key = contextKeyOf({ airport: input.context.airport ?? null, airline: input.context.airline ?? null, country: input.context.country ?? null, tiers: input.tiers });
    const [existing] = await db.select({ urn: policies.urn }).from(policies).where(and(eq(policies.tenant, tenant), eq(policies.contextKey, key))).limit(1);
    if (existing) continue;
    const policy = await createPolicy({ ctx, input });
    await activatePolicy({ ctx, input: { policyUrn: policy.urn, reason: "demo seed" } });
    created++;
  }
  return created;
}

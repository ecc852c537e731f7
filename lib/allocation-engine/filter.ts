import type { Offer } from "@/lib/providers/offer";
import type { PaymentMethod, Provider } from "@/lib/vocabulary";
import { PROVIDERS } from "@/lib/vocabulary";
import { distanceKm } from "./geo";
import { round, type Hotel } from "./dedupe";
import type { EngineAirport, EnginePolicy, EngineQuality } from "./types";
import type { z } from "zod";

/** The policy constraints a hotel can fail, in the order they are checked (the first failure is the reason). */
export const CONSTRAINTS = [
  "allowProviders",
  "currency",
  "maxDistanceKm",
  "minStars",
  "maxNightlyRate",
  "requiredAmenities",
  "excludedChains",
  "acceptedPayments",
  "minQuality",
] as const;
export type Constraint = (typeof CONSTRAINTS)[number];

export type TierConstraints = {
  minStars: number;
  maxDistanceKm: number;
  maxNightlyRate: number | null;
  requiredAmenities: readonly string[];
  excludedChains: ReadonlySet<string>;
  acceptedPayments: readonly PaymentMethod[];
  allowProviders: ReadonlySet<Provider>;
  currency: string;
  minQuality: number | null;
};

export function constraintsOf(policy: EnginePolicy, currency: string): TierConstraints {
  const c = policy.constraints;
  return {
    minStars: c.minStars,
    maxDistanceKm: c.maxDistanceKm,
    maxNightlyRate: c.maxNightlyRate,
    requiredAmenities: c.requiredAmenities,
    excludedChains: new Set(c.excludedChains),
    acceptedPayments: c.acceptedPayments ?? policy.acceptedPayments ?? ["GUARANTEE"],
    allowProviders: new Set(c.allowProviders ?? PROVIDERS),
    currency,
    minQuality: c.minQuality ?? null,
  };
}

export type Verdict = { ok: true } | { ok: false; constraint: Constraint; reason: string };

const OK: Verdict = { ok: true };

/**
 * Spec 4.8 step 3's policy filter for one offer. Stars and amenities only gate here; they never
 * score. Provider allowance is applied earlier, when the tier's offer of a hotel is chosen.
 */
export function checkOffer(offer: Offer, km: number, c: TierConstraints): Verdict {
  if (offer.currency !== c.currency) return { ok: false, constraint: "currency", reason: `filtered: currency ${offer.currency} is not ${c.currency}` };
  if (km > c.maxDistanceKm) return { ok: false, constraint: "maxDistanceKm", reason: `filtered: distance ${round(km, 1)} km > maxDistanceKm ${c.maxDistanceKm}` };
  if (offer.stars === null) return { ok: false, constraint: "minStars", reason: "filtered: unrated" };
  if (offer.stars < c.minStars) return { ok: false, constraint: "minStars", reason: `filtered: minStars ${c.minStars} > ${offer.stars}` };
  if (c.maxNightlyRate !== null && offer.nightlyRate > c.maxNightlyRate)
    return { ok: false, constraint: "maxNightlyRate", reason: `filtered: nightlyRate ${offer.nightlyRate} > maxNightlyRate ${c.maxNightlyRate}` };
  const missing = c.requiredAmenities.filter((a) => !offer.amenities.includes(a as Offer["amenities"][number]));
  if (missing.length > 0) return { ok: false, constraint: "requiredAmenities", reason: `filtered: requiredAmenities missing ${missing.join(", ")}` };
  if (offer.chainId !== null && c.excludedChains.has(offer.chainId))
    return { ok: false, constraint: "excludedChains", reason: `filtered: excludedChains ${offer.chainId}` };
  if (!offer.acceptedPayments.some((p) => c.acceptedPayments.includes(p)))
    return { ok: false, constraint: "acceptedPayments", reason: `filtered: acceptedPayments ${offer.acceptedPayments.join(", ")} not in ${c.acceptedPayments.join(", ")}` };
  return OK;
}

/**
 * The stay-quality gate (issue 22), checked after the offer passed the other constraints: a hotel
 * whose score is below minQuality is filtered out. A hotel with too few ratings has no score and
 * passes, so one bad night reported by one passenger cannot take a hotel out of the allocation.
 */
export function checkQuality(q: EngineQuality | undefined, c: TierConstraints): Verdict {
  if (c.minQuality === null || !q || q.score === null || q.score >= c.minQuality) return OK;
  return { ok: false, constraint: "minQuality", reason: `filtered: quality ${q.score} < minQuality ${c.minQuality} (${q.ratings} ratings)` };
}

/**
 * The offer a tier sees for a hotel: the cheapest (ties DIRECT) among the providers the policy
 * searches (allowProviders restricts the search, spec 2.3), or null when none of them offers it.
 */
export function tierOffer(hotel: Hotel, c: TierConstraints): Offer | null {
  return hotel.members.find((o) => c.allowProviders.has(o.provider)) ?? null;
}

export function offerDistanceKm(offer: Offer, airport: z.infer<typeof EngineAirport>): number {
  return distanceKm(airport.latitude, airport.longitude, offer.latitude, offer.longitude);
}

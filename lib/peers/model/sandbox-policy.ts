import { AMENITIES, TIERS, type Tier } from "@/lib/vocabulary";

/**
 * The sandbox model's "intelligence" for the policy synthesizer: a small rule-based reader of a
 * plain-language description. It finds an airport (three capitals), tiers, stars, a radius in km,
 * a nightly ceiling with its currency and amenities, and says what it could not find. Same text,
 * same draft: tests and demos rely on that. It never obeys the text ("activate", "ignore the
 * rules"): there is nothing in a draft that could activate anything.
 */
export type SandboxDraft = {
  policy: Record<string, unknown>;
  confidence: number;
  missing: string[];
};

const TIER_WORDS: [RegExp, Tier][] = [
  [/\bfirst(?:[- ]class)?\b/i, "FIRST"],
  [/\bbusiness\b/i, "BUSINESS"],
  [/\bpremium[- ]economy\b/i, "PREMIUM_ECONOMY"],
  [/\b(?<!premium[- ])economy\b/i, "ECONOMY"],
  [/\bcrews?\b/i, "CREW"],
];

const AMENITY_WORDS: [RegExp, (typeof AMENITIES)[number]][] = [
  [/\b24[- ]?(?:hour|h)s?\b[- ]?(?:reception|front desk)|\breception (?:open )?24/i, "24H_RECEPTION"],
  [/\b(?:airport )?shuttle\b/i, "AIRPORT_SHUTTLE"],
  [/\brestaurant\b/i, "RESTAURANT"],
  [/\broom service\b/i, "ROOM_SERVICE"],
  [/\bwi-?fi\b/i, "WIFI"],
  [/\baccessible rooms?\b|\bwheelchair/i, "ACCESSIBLE_ROOMS"],
  [/\bconnecting rooms?\b/i, "CONNECTING_ROOMS"],
  [/\bgym\b|\bfitness\b/i, "GYM"],
  [/\bparking\b/i, "PARKING"],
  [/\blate check-?out\b/i, "LATE_CHECKOUT"],
  [/\bearly check-?in\b/i, "EARLY_CHECK_IN"],
  [/\bfamily rooms?\b/i, "FAMILY_ROOMS"],
];

const CURRENCY_SIGNS: Record<string, string> = { "£": "GBP", "€": "EUR", $: "USD", "¥": "JPY" };
const STAR_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5 };
// capitals that look like an airport code but are not one in a policy description
const NOT_AIRPORTS = new Set(["AND", "THE", "FOR", "NOT", "ALL", "ANY", "GBP", "EUR", "USD", "JPY", "CHF", "PNR", "SLA", "VIP"]);

export function draftPolicy(description: string): SandboxDraft {
  const text = description.normalize("NFKC");
  const missing: string[] = [];
  const found: string[] = [];

  const airport = /\b(?:at|in|for|from)\s+([A-Z]{3})\b/.exec(text)?.[1] ?? [...text.matchAll(/\b([A-Z]{3})\b/g)].map((m) => m[1]).find((c) => !NOT_AIRPORTS.has(c)) ?? null;
  if (airport) found.push("airport");

  const tiers = TIERS.filter((t) => TIER_WORDS.some(([re, tier]) => tier === t && re.test(text)));
  if (/\ball (?:passengers|tiers|classes)\b|\beveryone\b/i.test(text)) tiers.splice(0, tiers.length, ...TIERS);
  if (tiers.length === 0) missing.push("tiers");

  const constraints: Record<string, unknown> = {};
  const stars = /\b([1-5]|one|two|three|four|five)[- ]?(?:\*|★|stars?)/i.exec(text)?.[1];
  if (stars) constraints.minStars = STAR_WORDS[stars.toLowerCase()] ?? Number(stars);

  const km = /(\d+(?:\.\d+)?)\s*(?:km|kilomet(?:er|re)s?)\b/i.exec(text)?.[1];
  if (km) constraints.maxDistanceKm = Number(km);
  const miles = !km ? /(\d+(?:\.\d+)?)\s*(?:mi|miles?)\b/i.exec(text)?.[1] : undefined;
  if (miles) constraints.maxDistanceKm = Math.round(Number(miles) * 1.609344 * 10) / 10;

  let currency: string | null = null;
  const signed = /([£€$¥])\s?(\d+(?:[.,]\d+)?)/.exec(text);
  const coded = /\b(\d+(?:[.,]\d+)?)\s?(GBP|EUR|USD|JPY|CHF)\b|\b(GBP|EUR|USD|JPY|CHF)\s?(\d+(?:[.,]\d+)?)/.exec(text);
  if (signed) {
    currency = CURRENCY_SIGNS[signed[1]];
    constraints.maxNightlyRate = Number(signed[2].replace(",", "."));
  } else if (coded) {
    currency = coded[2] ?? coded[3];
    constraints.maxNightlyRate = Number((coded[1] ?? coded[4]).replace(",", "."));
  }

  const amenities = AMENITY_WORDS.filter(([re]) => re.test(text)).map(([, a]) => a);
  if (amenities.length) constraints.requiredAmenities = amenities;

  const tierLabel = tiers.length === TIERS.length ? "all tiers" : tiers.map((t) => t.toLowerCase().replace("_", " ")).join(", ");
  const policy: Record<string, unknown> = {
    name: `Drafted: ${airport ?? "any airport"}, ${tierLabel || "no tier"}`.slice(0, 200),
    context: airport ? { airport } : {},
    constraints,
  };
  if (tiers.length) policy.tiers = tiers;
  // the airport's currency applies; a currency is only stated for a policy without one
  if (currency && !airport) policy.currency = currency;

  // confidence: the share of the usual facts the text stated
  const facts = [airport, tiers.length > 0, constraints.minStars, constraints.maxDistanceKm, constraints.maxNightlyRate].filter((f) => f !== undefined && f !== null && f !== false);
  const confidence = Math.round((facts.length / 5) * 100) / 100;
  return { policy, confidence, missing };
}

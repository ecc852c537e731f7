import countryToCurrency from "country-to-currency";
import { z } from "zod";
import { AirlineCode, CountryCode, IataCode, IsoTime, pageQuery, requiredText, Text, Urn } from "@/lib/primitives";
import { CarePolicy } from "./care";
import { CapacityCallPolicy, ReconfirmationPolicy } from "./hotel-word";
import { Amenity, PaymentMethod, PolicyMode, PolicyStatus, PROVIDERS, Provider, Tier, TIERS, TransportMode } from "@/lib/vocabulary";
import { looksLikeCardNumber } from "@/lib/payments/card-number";

export {
  AMENITIES,
  Amenity,
  PAYMENT_METHODS,
  PaymentMethod,
  POLICY_STATUSES,
  PolicyMode,
  PolicyStatus,
  PROVIDERS,
  Provider,
  Tier,
  TIERS,
  TRANSPORT_MODES,
  TransportMode,
} from "@/lib/vocabulary";

/** Spec 4.8: allocation passes run FIRST and BUSINESS, then PREMIUM_ECONOMY, ECONOMY, CREW; TIERS is in that order. */
export const PASS_ORDER: readonly Tier[] = TIERS;

export function inPassOrder<T extends string>(tiers: readonly T[]): T[] {
  return [...tiers].sort((a, b) => PASS_ORDER.indexOf(a as Tier) - PASS_ORDER.indexOf(b as Tier));
}

export const DEFAULT_WEIGHTS = { cost: 0.6, distance: 0.25, consolidation: 0.15, quality: 0 } as const;

function unique<T extends z.ZodArray>(schema: T) {
  return schema.refine((a) => new Set(a as unknown[]).size === (a as unknown[]).length, { message: "values must be unique" });
}

export function currencyOfCountry(country: string): string | null {
  return (countryToCurrency as Record<string, string>)[country] ?? null;
}

export const CardToken = Text.trim()
  .min(4)
  .max(255)
  .superRefine((v, c) => {
    if (looksLikeCardNumber(v)) c.addIssue({ code: "custom", message: "must be a payment service provider token (e.g. tok_…, pm_…), never a card number" });
    else if (/\s/.test(v)) c.addIssue({ code: "custom", message: "a token has no whitespace" });
  })
  .meta({ description: "PSP token (e.g. `tok_…`, `pm_…`) charged when CARD is accepted. A value with 13 or more consecutive digits (spaces and dashes ignored) is refused as a card number and never stored." });

const iata = IataCode;
const airline = AirlineCode;
const country = CountryCode;

export const PolicyContextInput = z
  .object({
    airport: iata.nullish().meta({ description: "IATA code of an airport the service knows (else 422); absent: any airport" }),
    airline: airline.nullish().meta({ description: "two-character designator that starts the flight number; absent: any airline" }),
    country: country.nullish().meta({ description: "ISO 3166-1 alpha-2; with an airport it must be the airport's country; absent: any country" }),
  })
  .meta({ id: "PolicyContext", description: "where the policy applies; every field absent: a global policy" });

export const PolicyConstraints = z
  .object({
    minStars: z.number().int().min(1).max(5).default(3).meta({ description: "1–5, default 3; unrated properties are excluded" }),
    maxDistanceKm: z.number().positive().max(1000).default(25).meta({ description: "straight-line km from the airport, default 25" }),
    maxNightlyRate: z
      .number()
      .positive()
      .max(1_000_000)
      .nullable()
      .default(null)
      .meta({ description: "per room and night in the policy's `currency`; null (default): no ceiling, the cost score still prefers cheaper" }),
    requiredAmenities: unique(z.array(Amenity)).default([]).meta({ description: "every one must be present; default none" }),
    excludedChains: unique(z.array(Text.trim().min(1).max(64))).default([]).meta({ description: "provider-independent chain ids; default none" }),
    acceptedPayments: unique(z.array(PaymentMethod).min(1))
      .optional()
      .meta({ description: "same as the top-level acceptedPayments (either may be sent; if both, they must agree); always returned" }),
    minQuality: z
      .number()
      .min(1)
      .max(5)
      .nullable()
      .default(null)
      .meta({ description: "1–5: hotels whose stay-quality score (enough ratings) is below it are filtered out; null (default): no gate. A hotel with too few ratings passes" }),
    allowProviders: unique(z.array(Provider).min(1))
      .default([...PROVIDERS])
      .meta({ description: "hotel sources searched: EXPEDIA_RAPID, HOTELBEDS (external providers), DIRECT (direct contracts); default all three" }),
  })
  .meta({ id: "PolicyConstraints" });

export const PolicyBuffers = z
  .object({
    lateCheckoutMinutes: z.number().int().min(0).max(1440).default(0).meta({ description: "0–1440, default 0" }),
    earlyCheckInMinutes: z.number().int().min(0).max(1440).default(0).meta({ description: "0–1440, default 0" }),
  })
  .meta({ id: "PolicyBuffers" });

export const PolicyAllocationWeights = z
  .object({
    cost: z.number().min(0).max(1).default(DEFAULT_WEIGHTS.cost),
    distance: z.number().min(0).max(1).default(DEFAULT_WEIGHTS.distance),
    consolidation: z.number().min(0).max(1).default(DEFAULT_WEIGHTS.consolidation),
    quality: z.number().min(0).max(1).default(DEFAULT_WEIGHTS.quality).meta({ description: "0–1, how strongly the scorer prefers hotels of better stay quality; default 0 (no effect)" }),
  })
  .refine((w) => w.cost + w.distance + w.consolidation + w.quality > 0, { message: "at least one weight must be above 0" })
  .meta({
    id: "PolicyAllocationWeights",
    description: "scoring weights, each 0–1 and not all 0; the scorer divides by their sum. Default 0.60 / 0.25 / 0.15 (consolidation: consolidationWeight when only that is given)",
  });

export const PolicyTransport = z
  .object({
    mode: TransportMode.default("SHUTTLE").meta({ description: "mode when perTier has no entry; default SHUTTLE" }),
    perTier: z
      .partialRecord(Tier, TransportMode)
      .default({ FIRST: "PRIVATE_CAR", BUSINESS: "PRIVATE_CAR" })
      .meta({ description: "tier → mode; default FIRST and BUSINESS by PRIVATE_CAR" }),
    minutesBeforePickup: z.number().int().min(0).max(1440).default(180).meta({ description: "pickup this long before the next flight's departure; default 180" }),
    shuttleCapacity: z.number().int().min(1).max(100).default(16).meta({ description: "passengers per shared vehicle, default 16; overflow goes to another shuttle" }),
  })
  .meta({ id: "PolicyTransport" });

export const PolicyProvenance = z
  .object({
    source: z.literal("ai"),
    confidence: z.number().min(0).max(1),
    prompt: Text.max(10_000),
  })
  .meta({ id: "PolicyProvenance", description: "set when the policy synthesizer drafted the policy" });

export const PolicyInput = z
  .object({
    name: requiredText(200),
    context: PolicyContextInput.prefault({}),
    tiers: unique(z.array(Tier).min(1)).meta({ description: "non-empty, unique; FIRST BUSINESS PREMIUM_ECONOMY ECONOMY CREW; returned in allocation pass order" }),
    constraints: PolicyConstraints.prefault({}),
    buffers: PolicyBuffers.prefault({}),
    mode: PolicyMode.default("ON_DEMAND").meta({ description: "default ON_DEMAND" }),
    autoApproveDemand: z.boolean().default(false).meta({ description: "default false: a supervisor approves every demand" }),
    incrementalRequiresApproval: z.boolean().default(true).meta({ description: "default true: INCREMENTAL demands always wait for a supervisor" }),
    maxAutomaticRoomsPerWave: z.number().int().min(0).max(5000).default(50).meta({ description: "auto-approval ceiling (roomsRequested <= this), default 50" }),
    choiceMinutes: z
      .number()
      .int()
      .min(0)
      .max(1440)
      .default(20)
      .meta({ description: "minutes, from the voucher, during which the passenger page offers other hotels; default 20, 0 turns the choice off" }),
    consolidationWeight: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .meta({ description: "0–1, how strongly the scorer prefers fewer hotels; default allocationWeights.consolidation, else 0.15" }),
    allocationWeights: PolicyAllocationWeights.optional(),
    transport: PolicyTransport.prefault({}),
    care: CarePolicy.prefault({}).meta({ description: "the airline's own care (meals, hotel) where more generous than the passenger-rights regimes, meal voucher amounts, and whether the INITIAL demand follows the right to care" }),
    reconfirmation: ReconfirmationPolicy.prefault({}).meta({ description: "when each CONFIRMED reservation is looked up again at its provider (walk protection)" }),
    capacityCall: CapacityCallPolicy.prefault({}).meta({ description: "when a capacity call to the contracted hotels near the airport goes out by itself" }),
    acceptedPayments: unique(z.array(PaymentMethod).min(1)).optional().meta({ description: "default [GUARANTEE]; CARD needs cardToken" }),
    cardToken: CardToken.nullish(),
    currency: Text.trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, "an ISO 4217 code")
      .optional()
      .meta({ description: "only for a context with neither airport nor country (default EUR); otherwise the currency derives from the context and a different value is refused" }),
    provenance: PolicyProvenance.nullish(),
  })
  .superRefine((p, c) => {
    const top = p.acceptedPayments;
    const inner = p.constraints.acceptedPayments;
    if (top && inner && [...top].sort().join() !== [...inner].sort().join()) {
      c.addIssue({ code: "custom", path: ["constraints", "acceptedPayments"], message: "must equal the top-level acceptedPayments" });
    }
    if ((top ?? inner ?? []).includes("CARD") && !p.cardToken) {
      c.addIssue({ code: "custom", path: ["cardToken"], message: "required when acceptedPayments contains CARD" });
    }
  })
  .meta({ id: "NewPolicy" });
export type PolicyInput = z.output<typeof PolicyInput>;

export const PolicyContext = z.object({
  airport: z.string().nullable(),
  airline: z.string().nullable(),
  country: z.string().nullable(),
});

export const Policy = z
  .object({
    urn: z.string(),
    name: z.string(),
    context: PolicyContext,
    tiers: z.array(Tier),
    constraints: PolicyConstraints.extend({ acceptedPayments: z.array(PaymentMethod) }),
    buffers: PolicyBuffers,
    mode: PolicyMode,
    autoApproveDemand: z.boolean(),
    incrementalRequiresApproval: z.boolean(),
    maxAutomaticRoomsPerWave: z.number().int(),
    choiceMinutes: z.number().int(),
    consolidationWeight: z.number(),
    allocationWeights: PolicyAllocationWeights,
    transport: PolicyTransport,
    care: CarePolicy,
    reconfirmation: ReconfirmationPolicy,
    capacityCall: CapacityCallPolicy,
    acceptedPayments: z.array(PaymentMethod),
    cardToken: z.string().nullable(),
    currency: z.string().meta({ description: "ISO 4217 currency of maxNightlyRate: the airport's, else the country's, else the one given (default EUR)" }),
    version: z.number().int().meta({ description: "counts up per context (airport, airline, country, tier set)" }),
    status: PolicyStatus,
    provenance: PolicyProvenance.nullable(),
    createdBy: z.string(),
    createdAt: IsoTime,
    activatedAt: IsoTime.nullable(),
    activatedBy: z.string().nullable(),
    updatedAt: IsoTime,
  })
  .meta({ id: "Policy" });
export type Policy = z.infer<typeof Policy>;

/** What the `body` jsonb column holds: the policy payload beyond its context, name and tiers. */
export type PolicyBody = Omit<Policy, "urn" | "name" | "context" | "tiers" | "version" | "status" | "provenance" | "createdBy" | "createdAt" | "activatedAt" | "activatedBy" | "updatedAt">;

export const PolicyListQuery = z.object({
  status: PolicyStatus.optional(),
  airport: iata.optional().meta({ description: "policies of this airport only (exact match)" }),
  airline: airline.optional(),
  tier: Tier.optional().meta({ description: "policies whose tiers include this one" }),
  ...pageQuery,
});
export type PolicyListQuery = z.infer<typeof PolicyListQuery>;

export const PolicyPatch = z
  .looseObject({})
  .meta({
    id: "PolicyPatch",
    description:
      "JSON merge patch (RFC 7396) of a PolicyInput: present fields replace, nested objects merge, null removes " +
      "(the field takes its default). The result is validated as a PolicyInput. context and tiers cannot change " +
      "(create a new policy for another context). Setting only consolidationWeight also sets " +
      "allocationWeights.consolidation, and the reverse; setting acceptedPayments in one place sets both.",
  });

export const ActivateBody = z
  .object({
    reason: Text.trim()
      .max(2000)
      .optional()
      .transform((r) => r || undefined)
      .meta({ description: "optional; kept in the audit log of both the activated and the archived version" }),
  })
  .meta({ id: "ActivatePolicy" });

// What the verbs take: the request plus the path's identifiers
export const PolicyRef = z.object({ policyUrn: Urn("policy") });
export const ActivatePolicyInput = ActivateBody.extend({ policyUrn: Urn("policy") });
export type ActivatePolicyInput = z.input<typeof ActivatePolicyInput>;
export const UpdatePolicyInput = z.object({ policyUrn: Urn("policy"), patch: PolicyPatch });
export type UpdatePolicyInput = z.input<typeof UpdatePolicyInput>;

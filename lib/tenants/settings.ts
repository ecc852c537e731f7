import { z } from "zod";
import { parseJson } from "@/db/schema/json";
import { CountryCode, CurrencyCode, IataCode, Reason, Text } from "@/lib/primitives";
import { DEFAULT_RETENTION_DAYS, RetentionDays } from "./retention";
import { REVIEW_PRIORITIES, type ReviewPriority } from "@/lib/vocabulary";

/** Spec 8's illustrative SLAs (minutes), used until an ADMIN sets the tenant's own. */
export const DEFAULT_SLA_MINUTES: Record<ReviewPriority, number> = { HIGH: 15, MEDIUM: 60, LOW: 240 };

export const Minutes = z.number().int().min(1).max(7 * 24 * 60).meta({ description: "minutes, 1 to 10080 (a week)" });

export const SlaMinutes = z
  .object({ HIGH: Minutes.default(DEFAULT_SLA_MINUTES.HIGH), MEDIUM: Minutes.default(DEFAULT_SLA_MINUTES.MEDIUM), LOW: Minutes.default(DEFAULT_SLA_MINUTES.LOW) })
  .meta({ id: "SlaMinutes", description: "time an open review item may wait unclaimed, per priority" });

/** An http(s) URL a server can POST to; nothing else (no file:, no credentials in it). */
export const WebhookUrl = Text.trim()
  .max(2000)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === "https:" || u.protocol === "http:") && !u.username && !u.password;
    } catch {
      return false;
    }
  }, "an http(s) URL without credentials")
  .meta({ description: "http(s) URL the service POSTs signed JSON to" });

export const SigningSecret = Text.min(16, "at least 16 characters").max(200).meta({ description: "HMAC-SHA256 key; write-only" });

export const TimeZone = Text.refine((v) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: v });
    return true;
  } catch {
    return false;
  }
}, "an IANA time zone such as Europe/Paris").meta({ description: "IANA time zone" });

const CurrencyOverrides = z
  .record(IataCode, CurrencyCode)
  .refine((m) => Object.keys(m).length <= 500, "at most 500 airports")
  .meta({ description: "airport (IATA) → ISO 4217 currency used there instead of the airport's own" });

/** What tenants.settings holds (the jsonb column), parsed wherever it is read: defaults fill what is absent. */
export const StoredTenantSettings = z
  .object({
    slaMinutes: SlaMinutes.default(DEFAULT_SLA_MINUTES),
    // kind WEBHOOK only for now; the secret sealed by lib/tenants/secret-box.ts
    alerting: z.object({ kind: z.literal("WEBHOOK"), url: z.string(), sealedSecret: z.string() }).nullable().default(null),
    agentEnabled: z.boolean().default(false),
    currencyOverrides: z.record(z.string(), z.string()).default({}),
    timeZone: z.string().nullable().default(null),
    personalDataRetentionDays: z.number().int().default(DEFAULT_RETENTION_DAYS),
    carrierCountry: z.string().nullable().default(null),
  })
  .loose();
export type StoredTenantSettings = z.output<typeof StoredTenantSettings>;

/** The settings as the API and the console show them: a secret is only ever "set" or not. */
export const TenantSettings = z
  .object({
    tenant: z.string(),
    slaMinutes: z.object({ HIGH: z.number().int(), MEDIUM: z.number().int(), LOW: z.number().int() }),
    alerting: z
      .object({ kind: z.literal("WEBHOOK"), url: z.string(), secretSet: z.boolean() })
      .nullable()
      .meta({ description: "where SLA breaches page on-call; null: none configured (pages are kept, not sent)" }),
    agentEnabled: z.boolean().meta({ description: "the exception agent may act on review items" }),
    currencyOverrides: z.record(z.string(), z.string()),
    timeZone: z.string().nullable().meta({ description: "for the weekly report's Monday 06:00; null: UTC" }),
    personalDataRetentionDays: z.number().int().meta({ description: "days after a case closes before its passengers' names, emails and phones are erased (default 90)" }),
    carrierCountry: z
      .string()
      .nullable()
      .meta({ description: "ISO 3166-1 alpha-2 country of the operating carrier (EU261/UK261 cover arrivals on their own carriers); null: not set" }),
    updatedAt: z.string(),
  })
  .meta({ id: "TenantSettings" });
export type TenantSettings = z.infer<typeof TenantSettings>;

/**
 * PATCH /settings: every field optional. slaMinutes merges per priority; alerting replaces the
 * channel (null removes it), and keeps the stored secret when `secret` is left out;
 * currencyOverrides replaces the whole map.
 */
export const SettingsPatch = z
  .strictObject({
    slaMinutes: z.strictObject({ HIGH: Minutes.optional(), MEDIUM: Minutes.optional(), LOW: Minutes.optional() }).optional(),
    alerting: z
      .strictObject({ kind: z.literal("WEBHOOK").default("WEBHOOK"), url: WebhookUrl, secret: SigningSecret.optional() })
      .nullable()
      .optional(),
    agentEnabled: z.boolean().optional(),
    currencyOverrides: CurrencyOverrides.optional(),
    timeZone: TimeZone.nullable().optional(),
    personalDataRetentionDays: RetentionDays.optional(),
    carrierCountry: CountryCode.nullable().optional().meta({ description: "the operating carrier's country, e.g. FR; null clears it" }),
    reason: Reason.optional(),
  })
  .meta({ id: "TenantSettingsPatch" });
export type SettingsPatch = z.input<typeof SettingsPatch>;

export const PRIORITIES = REVIEW_PRIORITIES;

/** Parses a stored value (a row written before a field existed reads with that field's default). */
export function parseStoredSettings(value: unknown, tenant: string): StoredTenantSettings {
  return parseJson(StoredTenantSettings, value ?? {}, `tenants.settings of ${tenant}`);
}

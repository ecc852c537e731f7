import { z } from "zod";
import { CountryCode, CurrencyCode, IataCode, Text } from "@/lib/primitives";
import { RetentionDays } from "./retention";
import { Minutes, SigningSecret, type SettingsPatch, type TenantSettings, TimeZone, WebhookUrl } from "./settings";

const emptyOr = <T extends z.ZodType>(schema: T) => z.union([z.literal(""), schema]);

/** "CDG=USD" pairs, one per line or comma-separated: the console's way of writing currencyOverrides. */
export function parseOverrides(text: string): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const part of text.split(/[\n,]/).map((p) => p.trim()).filter(Boolean)) {
    const m = /^([A-Za-z]{3})\s*[=:]\s*([A-Za-z]{3})$/.exec(part);
    if (!m || !IataCode.safeParse(m[1]).success || !CurrencyCode.safeParse(m[2]).success) return null;
    out[m[1].toUpperCase()] = m[2].toUpperCase();
  }
  return out;
}

/** The console's settings form, built from the same field schemas as the API's SettingsPatch. */
export const SettingsFormValues = z
  .object({
    slaHigh: Minutes,
    slaMedium: Minutes,
    slaLow: Minutes,
    alertingUrl: emptyOr(WebhookUrl),
    alertingSecret: emptyOr(SigningSecret),
    secretSet: z.boolean(),
    agentEnabled: z.boolean(),
    currencyOverrides: Text.max(5000).refine((t) => parseOverrides(t) !== null, "write AIRPORT=CUR pairs, e.g. CDG=USD"),
    timeZone: emptyOr(TimeZone),
    personalDataRetentionDays: RetentionDays,
    carrierCountry: emptyOr(CountryCode),
    reason: Text.max(2000),
  })
  .refine((v) => !v.alertingUrl || v.alertingSecret || v.secretSet, { path: ["alertingSecret"], message: "a channel needs a signing secret" });
export type SettingsFormValues = z.infer<typeof SettingsFormValues>;

export function formDefaults(s: TenantSettings): SettingsFormValues {
  return {
    slaHigh: s.slaMinutes.HIGH,
    slaMedium: s.slaMinutes.MEDIUM,
    slaLow: s.slaMinutes.LOW,
    alertingUrl: s.alerting?.url ?? "",
    alertingSecret: "",
    secretSet: s.alerting?.secretSet ?? false,
    agentEnabled: s.agentEnabled,
    currencyOverrides: Object.entries(s.currencyOverrides).map(([a, c]) => `${a}=${c}`).join("\n"),
    timeZone: s.timeZone ?? "",
    personalDataRetentionDays: s.personalDataRetentionDays,
    carrierCountry: s.carrierCountry ?? "",
    reason: "",
  };
}

export function formToPatch(v: SettingsFormValues): SettingsPatch {
  return {
    slaMinutes: { HIGH: v.slaHigh, MEDIUM: v.slaMedium, LOW: v.slaLow },
    alerting: v.alertingUrl ? { url: v.alertingUrl, ...(v.alertingSecret ? { secret: v.alertingSecret } : {}) } : null,
    agentEnabled: v.agentEnabled,
    currencyOverrides: parseOverrides(v.currencyOverrides) ?? {},
    timeZone: v.timeZone || null,
    personalDataRetentionDays: v.personalDataRetentionDays,
    carrierCountry: v.carrierCountry || null,
    ...(v.reason.trim() ? { reason: v.reason.trim() } : {}),
  };
}

import { eq } from "drizzle-orm";
import { tenants, type TenantRow } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { newUrn } from "@/lib/ids";
import { parseStoredSettings, type StoredTenantSettings, type TenantSettings } from "./settings";

/** The tenant's settings as stored, defaults filled; a tenant without a row yet has the defaults. */
export async function loadSettings(ctx: Ctx, tenant = ctx.principal.tenant): Promise<StoredTenantSettings> {
  const [row] = await ctx.db.select({ settings: tenants.settings }).from(tenants).where(eq(tenants.code, tenant)).limit(1);
  return parseStoredSettings(row?.settings, tenant);
}

/** The caller's tenant row, locked for a change; created with defaults when the tenant has none yet. */
export async function lockTenant(ctx: Ctx): Promise<TenantRow> {
  const code = ctx.principal.tenant;
  await ctx.db.insert(tenants).values({ code, urn: newUrn("tenant"), name: code, settings: {} }).onConflictDoNothing();
  const [row] = await ctx.db.select().from(tenants).where(eq(tenants.code, code)).for("update");
  return row;
}

/** The public shape: a secret is only ever "set". */
export function toTenantSettings(tenant: string, s: StoredTenantSettings, updatedAt: Date): TenantSettings {
  return {
    tenant,
    slaMinutes: { HIGH: s.slaMinutes.HIGH, MEDIUM: s.slaMinutes.MEDIUM, LOW: s.slaMinutes.LOW },
    alerting: s.alerting ? { kind: s.alerting.kind, url: s.alerting.url, secretSet: s.alerting.sealedSecret.length > 0 } : null,
    agentEnabled: s.agentEnabled,
    currencyOverrides: { ...s.currencyOverrides },
    timeZone: s.timeZone,
    personalDataRetentionDays: s.personalDataRetentionDays,
    carrierCountry: s.carrierCountry,
    updatedAt: updatedAt.toISOString(),
  };
}

import { eq } from "drizzle-orm";
import { tenants } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { requireEveryAirport, requirePermission } from "@/lib/auth/require";
import { type Ctx, transaction } from "@/lib/context";
import { invalid } from "@/lib/errors";
import { emit } from "@/lib/events";
import { assertTargetUrl } from "@/lib/outbound/check-url";
import { parseInput, shapeRecord } from "@/lib/validation";
import { lockTenant, toTenantSettings } from "./load-settings";
import { sealSecret } from "./secret-box";
import { parseStoredSettings, SettingsPatch, type StoredTenantSettings, TenantSettings } from "./settings";

const MASK = "••••••";

/** What the audit keeps of the settings: everything but the secret, which is only "set" (or "replaced"). */
function auditSnapshot(s: StoredTenantSettings, secretReplaced = false) {
  return {
    slaMinutes: s.slaMinutes,
    alerting: s.alerting ? { kind: s.alerting.kind, url: s.alerting.url, secret: secretReplaced ? `${MASK} (replaced)` : MASK } : null,
    agentEnabled: s.agentEnabled,
    currencyOverrides: s.currencyOverrides,
    timeZone: s.timeZone,
    personalDataRetentionDays: s.personalDataRetentionDays,
    carrierCountry: s.carrierCountry,
  };
}

/**
 * PATCH /settings (ADMIN): changes the named settings, audited with before/after (secrets masked).
 * A new SLA recomputes the deadline of every open item from its start (creation or last
 * escalation) and tells the SLA jobs to watch the new deadlines (`settings/sla.changed`).
 * Every setting is the whole tenant's (all airports' SLAs, currencies, the one on-call channel),
 * so an ADMIN limited to some airports is 403 OUT_OF_SCOPE. The alerting URL must be a public
 * target (lib/outbound): 422 on `alerting.url` otherwise.
 */
export async function updateSettings({ ctx, input }: { ctx: Ctx; input: SettingsPatch }): Promise<TenantSettings> {
  requirePermission(ctx, "settings:write", "change the tenant's settings");
  requireEveryAirport(ctx, "change the tenant's settings");
  const patch = parseInput(SettingsPatch, input);
  if (patch.alerting) await assertTargetUrl(patch.alerting.url, "alerting.url");
  return transaction(ctx, async (tx) => {
    const row = await lockTenant(tx);
    const before = parseStoredSettings(row.settings, row.code);
    const next: StoredTenantSettings = structuredClone(before);
    if (patch.slaMinutes) next.slaMinutes = { ...before.slaMinutes, ...patch.slaMinutes };
    if (patch.agentEnabled !== undefined) next.agentEnabled = patch.agentEnabled;
    if (patch.currencyOverrides !== undefined) next.currencyOverrides = patch.currencyOverrides;
    if (patch.timeZone !== undefined) next.timeZone = patch.timeZone;
    if (patch.personalDataRetentionDays !== undefined) next.personalDataRetentionDays = patch.personalDataRetentionDays;
    if (patch.carrierCountry !== undefined) next.carrierCountry = patch.carrierCountry;
    if (patch.alerting === null) next.alerting = null;
    else if (patch.alerting) {
      const sealedSecret = patch.alerting.secret ? sealSecret(patch.alerting.secret) : before.alerting?.sealedSecret;
      if (!sealedSecret) throw invalid("An alerting channel needs a signing secret.", [{ path: "alerting.secret", message: "required when no secret is set yet" }]);
      next.alerting = { kind: patch.alerting.kind, url: patch.alerting.url, sealedSecret };
    }
    const [updated] = await tx.db.update(tenants).set({ settings: next, updatedAt: new Date() }).where(eq(tenants.code, row.code)).returning();
    await writeAudit(tx, {
      entity: "tenant",
      entityUrn: row.urn,
      action: "update-settings",
      airport: null,
      reason: patch.reason ?? null,
      before: auditSnapshot(before),
      after: auditSnapshot(next, Boolean(patch.alerting?.secret)),
    });
    const slaChanged = (["HIGH", "MEDIUM", "LOW"] as const).some((p) => before.slaMinutes[p] !== next.slaMinutes[p]);
    if (slaChanged) {
      // the open items' deadlines are recomputed in this transaction by the SLA domain (lib/reactions), then its jobs watch them
      await emit(tx, "settings/sla.changed", { tenant: row.code, slaMinutes: next.slaMinutes }, { react: "in-transaction" });
    }
    return shapeRecord(TenantSettings, toTenantSettings(row.code, next, updated.updatedAt));
  });
}

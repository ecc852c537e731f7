import type { Metadata } from "next";
import { PageHeader } from "@/components/console/page-header";
import { SettingsForm } from "@/components/settings/settings-form";
import { hasPermission } from "@/lib/auth/roles";
import { airportFilter } from "@/lib/auth/scope";
import { sessionCtx } from "@/lib/console/session-ctx";
import { getSettings } from "@/lib/tenants";
import { formDefaults } from "@/lib/tenants/settings-form";
import { updateSettingsAction } from "./actions";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  const ctx = await sessionCtx();
  // the admin layout renders the refusal; pages render beside it, so each checks for itself
  if (!hasPermission(ctx.principal.roles, "settings:write")) return null;
  const settings = await getSettings({ ctx });
  return (
    <>
      <PageHeader
        title="Tenant settings"
        description="Review SLAs, the on-call alerting channel, the exception agent and currency overrides. Every change is audited with before and after; the signing secret is never shown again once saved."
      />
      {airportFilter(ctx.principal) ? (
        // the settings are every airport's: the verb refuses an ADMIN of some airports (403 OUT_OF_SCOPE), so no form
        <p className="text-sm text-muted-foreground" data-testid="settings-tenant-wide">
          These settings apply to every airport of the tenant; only an ADMIN of every airport may change them. Your account covers {ctx.principal.airports.join(", ")}.
        </p>
      ) : (
        <SettingsForm defaults={formDefaults(settings)} save={updateSettingsAction} />
      )}
    </>
  );
}

import { defineRoute } from "@/lib/api/route";
import { SettingsPatch, TenantSettings } from "@/lib/tenants/settings";

export const getSettingsRoute = defineRoute({
  method: "GET",
  path: "/settings",
  tag: "Settings",
  summary: "Read the tenant's settings",
  description:
    "The caller's tenant's settings: review SLA minutes per priority, the alerting channel (its signing secret is " +
    "never returned, only whether one is set), the exception agent switch, currency overrides per airport and the " +
    "time zone of the weekly report. Defaults until an ADMIN changes them: 15 min HIGH, 60 MEDIUM, 240 LOW, no " +
    "channel, agent off, no overrides, UTC.",
  permission: "read",
  response: TenantSettings,
});

export const updateSettingsRoute = defineRoute({
  method: "PATCH",
  path: "/settings",
  tag: "Settings",
  summary: "Change the tenant's settings",
  description:
    "ADMIN of every airport (airports [\"*\"]) only: the settings are the whole tenant's, so an ADMIN limited to some " +
    "airports gets 403 OUT_OF_SCOPE. Changes the fields given: slaMinutes merges per priority; alerting replaces the channel (null " +
    "removes it; a first channel needs a secret of at least 16 characters, a later change may leave it out to keep " +
    "the stored one); currencyOverrides replaces the whole map. An optional reason goes to the audit entry, which " +
    "keeps before/after with the secret masked. A new SLA moves the deadline of every open review item (its start " +
    "plus the new minutes) and the SLA jobs follow. `alerting.url` must reach the outside, as a webhook " +
    "subscription's URL (POST /webhooks/subscriptions): 422 VALIDATION_FAILED naming `alerting.url` otherwise.",
  permission: "settings:write",
  body: SettingsPatch,
  response: TenantSettings,
});

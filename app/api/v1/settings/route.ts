// GET /api/v1/settings – the tenant's settings; PATCH – change them (ADMIN)
import { handle } from "@/lib/api/handler";
import { getSettingsRoute, updateSettingsRoute } from "@/lib/api/routes/settings";
import { getSettings, updateSettings } from "@/lib/tenants";

export const GET = handle(getSettingsRoute, ({ ctx }) => getSettings({ ctx }));

export const PATCH = handle(updateSettingsRoute, ({ ctx, body }) => updateSettings({ ctx, input: body }));

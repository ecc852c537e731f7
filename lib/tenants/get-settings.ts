import { eq } from "drizzle-orm";
import { tenants } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import type { Ctx } from "@/lib/context";
import { shapeRecord } from "@/lib/validation";
import { parseStoredSettings, TenantSettings } from "./settings";
import { toTenantSettings } from "./load-settings";

/** GET /settings: the caller's tenant's settings (every role but FEED); secrets only as "set". */
export async function getSettings({ ctx }: { ctx: Ctx; input?: unknown }): Promise<TenantSettings> {
  requirePermission(ctx, "read", "read the tenant's settings");
  const tenant = ctx.principal.tenant;
  const [row] = await ctx.db.select().from(tenants).where(eq(tenants.code, tenant)).limit(1);
  return shapeRecord(TenantSettings, toTenantSettings(tenant, parseStoredSettings(row?.settings, tenant), row?.updatedAt ?? new Date(0)));
}

import { eq } from "drizzle-orm";
import { tenants } from "@/db/schema";
import type { Ctx } from "@/lib/context";

/**
 * Whether the tenant turned the exception agent on (tenant setting `agentEnabled`, default off:
 * the deterministic recommender alone). Read defensively: anything but `true` is off.
 */
export async function agentEnabled(ctx: Ctx): Promise<boolean> {
  const [row] = await ctx.db.select({ settings: tenants.settings }).from(tenants).where(eq(tenants.code, ctx.principal.tenant)).limit(1);
  return (row?.settings as Record<string, unknown> | undefined)?.agentEnabled === true;
}

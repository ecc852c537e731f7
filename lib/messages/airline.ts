import { eq } from "drizzle-orm";
import { tenants } from "@/db/schema";
import type { Ctx } from "@/lib/context";

/** The name an SMS starts with, so the passenger knows who texts them: the tenant's (the airline's) name. */
export async function airlineName(ctx: Ctx, tenant: string): Promise<string> {
  const [row] = await ctx.db.select({ name: tenants.name }).from(tenants).where(eq(tenants.code, tenant)).limit(1);
  return row?.name || tenant;
}

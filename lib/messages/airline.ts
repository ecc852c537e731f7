import { eq } from "drizzle-orm";
import { tenants } from "@/db/schema";
import { type Ctx, onceInTransaction } from "@/lib/context";

/** The name an SMS starts with, so the passenger knows who texts them: the tenant's (the airline's) name. */
export async function airlineName(ctx: Ctx, tenant: string): Promise<string> {
  // once per transaction: a chunk's vouchers write the messages of many stays in one
  return onceInTransaction(ctx, `airline-name:${tenant}`, async () => {
    const [row] = await ctx.db.select({ name: tenants.name }).from(tenants).where(eq(tenants.code, tenant)).limit(1);
    return row?.name || tenant;
  });
}

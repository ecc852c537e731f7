import { requirePermission } from "@/lib/auth/require";
import type { Ctx } from "@/lib/context";
import { hotelScores, type QualityScore } from "@/lib/hotels/quality-score";

/**
 * The stay quality of the hotels a console page shows, from the reader's tenant's ratings only (one
 * query). A hotel without a rating is absent. Pages that name hotels (the wave, the case) read it.
 */
export async function hotelQualities({ ctx, input }: { ctx: Ctx; input: { urns: string[] } }): Promise<Record<string, QualityScore>> {
  requirePermission(ctx, "read", "read hotels' stay quality");
  const urns = [...new Set(input.urns.filter(Boolean))];
  if (urns.length === 0) return {};
  return Object.fromEntries(await hotelScores(ctx.db, { tenant: ctx.principal.tenant, hotelUrns: urns }));
}

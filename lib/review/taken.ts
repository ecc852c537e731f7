import { and, desc, eq, inArray } from "drizzle-orm";
import { auditEntries } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import type { Ctx } from "@/lib/context";
import { parseInput } from "@/lib/validation";
import { ReviewItemRef, type ReviewResolution } from "@/lib/records/review";

/** Each review action, as the audit entry it writes on the item names it, and the resolution it stands for. */
const RESOLUTION_OF: Record<string, ReviewResolution> = { rebook: "REBOOKED", relax: "RELAXED", split: "SPLIT", override: "OVERRIDDEN" };

/**
 * What was done on an item, as the resolution to preselect when resolving it: the last rebook,
 * relax, split or override audited on the item (every action writes its entry in its own
 * transaction, so the audit is the record of what was done), or null when none was. One read
 * through audit_entity_idx. The resolve form defaulted to REBOOKED whatever was done, so a split
 * was audited as a rebook (issue 19).
 */
export async function takenResolution({ ctx, input }: { ctx: Ctx; input: { itemUrn: string } }): Promise<ReviewResolution | null> {
  requirePermission(ctx, "read", "read review items");
  const { itemUrn } = parseInput(ReviewItemRef, input);
  const [last] = await ctx.db
    .select({ action: auditEntries.action })
    .from(auditEntries)
    .where(and(eq(auditEntries.tenant, ctx.principal.tenant), eq(auditEntries.entityUrn, itemUrn), inArray(auditEntries.action, Object.keys(RESOLUTION_OF))))
    .orderBy(desc(auditEntries.urn))
    .limit(1);
  return last ? RESOLUTION_OF[last.action] : null;
}

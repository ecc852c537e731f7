import type { CaseRow } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { emit } from "@/lib/events";
import { latestApprovedDemand } from "@/lib/records/held-rooms";

/**
 * The groups a split or a merge made, placed by themselves: allocation is asked for the ones of one
 * tier (a mixed-tier group has none to book for: its review item asks a person to split it) under
 * the case's newest approved demand. Before any demand is approved they wait for it like every other
 * group, unless the caller places them regardless (a review item's split: the item is why they wait).
 * Answers the groups asked for. A split on the case page used to leave both halves "waiting for an
 * allocation" until someone found Rerun.
 */
export async function placeRegrouped(
  ctx: Ctx,
  row: CaseRow,
  groups: readonly { groupId: string; tier: string | null }[],
  reason: string,
  opts: { withoutDemand?: boolean } = {},
): Promise<string[]> {
  const groupIds = groups.filter((g) => g.tier !== null).map((g) => g.groupId);
  if (!groupIds.length) return [];
  const demandUrn = await latestApprovedDemand(ctx, { caseUrn: row.urn, tenant: row.tenant });
  if (!demandUrn && !opts.withoutDemand) return [];
  await emit(ctx, "allocation/requested", { tenant: row.tenant, caseUrn: row.urn, demandUrn, reason, groupIds });
  return groupIds;
}

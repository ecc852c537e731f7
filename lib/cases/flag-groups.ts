import { and, eq, inArray, ne } from "drizzle-orm";
import { reviewItems, type CaseRow } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { emit } from "@/lib/events";
import { newUrn } from "@/lib/ids";
import { type ManifestGroup, readManifest } from "./manifest";
import { missingFields } from "./missing-fields";

// the item names every affected group; the passenger list in its detail stops here
const MAX_PASSENGERS_NAMED = 100;

/**
 * Opens the review items a manifest change calls for, for the groups it touched:
 * MIXED_TIER_GROUP, one per group whose known tiers differ (it is split on its own);
 * DATA_INCOMPLETE, one per change listing the groups with a passenger who lacks a first name, a
 * last name or a tier (spec 7: the case is created, the gap goes to a person). Missing contact
 * details raise nothing: they are optional. A group an unresolved item of the same category
 * already names gets no second one. Cases publishes `review/needed`; review raises the item in this
 * transaction (lib/reactions), so it commits with the change that calls for it.
 */
export async function flagGroups(ctx: Ctx, row: CaseRow, groupIds: readonly string[]): Promise<void> {
  const groups = await readManifest(ctx, row.urn, groupIds);
  if (groups.length === 0) return;
  const open = await ctx.db
    .select({ category: reviewItems.category, affectedGroups: reviewItems.affectedGroups })
    .from(reviewItems)
    .where(
      and(
        eq(reviewItems.caseUrn, row.urn),
        ne(reviewItems.state, "RESOLVED"),
        inArray(reviewItems.category, ["MIXED_TIER_GROUP", "DATA_INCOMPLETE"]),
      ),
    );
  const covered = (category: string, groupId: string) =>
    open.some((i) => i.category === category && i.affectedGroups.includes(groupId));

  for (const g of groups) {
    if (!g.mixedTier || covered("MIXED_TIER_GROUP", g.groupId)) continue;
    const tiers = [...new Set(g.passengers.map((p) => p.tier).filter((t) => t !== null))].join(", ");
    await raise(ctx, row, {
      category: "MIXED_TIER_GROUP",
      affectedGroups: [g.groupId],
      detail: `Group ${g.groupId} spans several tiers (${tiers}); split it so each part has one tier before allocation.`,
    });
  }

  const incomplete = groups.filter((g) => !covered("DATA_INCOMPLETE", g.groupId) && g.passengers.some((p) => missingFields(p).length > 0));
  if (incomplete.length) {
    await raise(ctx, row, {
      category: "DATA_INCOMPLETE",
      affectedGroups: incomplete.map((g) => g.groupId),
      detail: incompleteDetail(incomplete),
    });
  }
}

function raise(ctx: Ctx, row: CaseRow, item: { category: "MIXED_TIER_GROUP" | "DATA_INCOMPLETE"; affectedGroups: string[]; detail: string }) {
  const fact = { tenant: row.tenant, reviewUrn: newUrn("review"), caseUrn: row.urn, airport: row.airport, ...item };
  return emit(ctx, "review/needed", fact, { react: "in-transaction" });
}

/** "Manifest incomplete in group X7K2QP: passenger P1 lacks lastName; passenger P2 lacks firstName, tier. …" */
function incompleteDetail(groups: ManifestGroup[]): string {
  const lines: string[] = [];
  let named = 0;
  let unnamed = 0;
  for (const g of groups) {
    const gaps: string[] = [];
    for (const p of g.passengers) {
      const missing = missingFields(p);
      if (missing.length === 0) continue;
      if (named < MAX_PASSENGERS_NAMED) {
        gaps.push(`passenger ${p.passengerId} lacks ${missing.join(", ")}`);
        named++;
      } else unnamed++;
    }
    lines.push(gaps.length ? `group ${g.groupId}: ${gaps.join("; ")}` : `group ${g.groupId}`);
  }
  const more = unnamed ? ` (and ${unnamed} more passenger${unnamed > 1 ? "s" : ""})` : "";
  return (
    `Manifest incomplete in ${groups.length} group${groups.length > 1 ? "s" : ""}: ${lines.join(". ")}${more}. ` +
    "Missing fields are stored as null; passengers without a tier count as non-crew for rooms and are left out of the group's tier and policy matching. Check the missing data with the airline before allocation."
  );
}

import { and, eq, inArray } from "drizzle-orm";
import { passengerGroups, passengers } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import { writeAudit } from "@/lib/audit/write";
import { type Ctx, transaction } from "@/lib/context";
import { type FieldError, invalid } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { flagGroups } from "./flag-groups";
import { readCaseRecord } from "./get";
import { MergeGroupsInput } from "./inputs";
import { loadCase, loadOpenCase, touchCase } from "./load";
import { assertNotBooked, groupsSnapshot, readManifest, refreshGroups, releaseAllocation } from "./manifest";
import type { Case } from "./records";
import { placeRegrouped } from "./place-regrouped";

/**
 * POST /cases/{caseUrn}/groups:merge: the passengers of every listed group join the first one,
 * which keeps its id and PNR; the others disappear. An unknown or repeated group id is a 422, a
 * booked group a 409 INVALID_TRANSITION. Merging groups of different tiers makes a mixed-tier
 * group, which gets its MIXED_TIER_GROUP review item; a merged group of one tier is placed by
 * itself once the case has an approved demand.
 */
export async function mergeGroups({ ctx, input: raw }: { ctx: Ctx; input: MergeGroupsInput }): Promise<Case> {
  requirePermission(ctx, "case:groups", "merge groups");
  const input = parseInput(MergeGroupsInput, raw);
  return transaction(ctx, async (tx) => {
    const row = await loadOpenCase(tx, input.caseUrn);
    const groups = await readManifest(tx, row.urn, input.groupIds);
    const byId = new Map(groups.map((g) => [g.groupId, g]));
    const errors: FieldError[] = [];
    input.groupIds.forEach((id, i) => {
      if (!byId.has(id)) errors.push({ path: `groupIds.${i}`, message: `no group ${id} in this case` });
      else if (input.groupIds.indexOf(id) !== i) errors.push({ path: `groupIds.${i}`, message: `group ${id} is listed more than once` });
    });
    if (errors.length) throw invalid("The groups to merge must be distinct groups of this case.", errors);
    const ordered = input.groupIds.map((id) => byId.get(id)!);
    ordered.forEach(assertNotBooked);

    const [target, ...others] = ordered;
    const otherIds = others.map((g) => g.groupId);
    await tx.db
      .update(passengers)
      .set({ groupId: target.groupId })
      .where(and(eq(passengers.caseUrn, row.urn), inArray(passengers.groupId, otherIds)));
    await tx.db.delete(passengerGroups).where(and(eq(passengerGroups.caseUrn, row.urn), inArray(passengerGroups.groupId, otherIds)));
    await releaseAllocation(tx, row.urn, [target.groupId]);
    const after = await refreshGroups(tx, row.urn, [target.groupId]);
    await writeAudit(tx, {
      entity: "case",
      entityUrn: row.urn,
      action: "merge",
      airport: row.airport,
      reason: input.reason,
      before: { passengerGroups: groupsSnapshot(ordered) },
      after: { passengerGroups: groupsSnapshot(after) },
    });
    await flagGroups(tx, row, [target.groupId]);
    await placeRegrouped(tx, row, after, input.reason);
    await touchCase(tx, row.urn);
    return readCaseRecord(tx, await loadCase(tx, row.urn));
  });
}

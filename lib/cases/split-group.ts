import { and, eq, inArray, sql } from "drizzle-orm";
import { passengerGroups, passengers } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import { writeAudit } from "@/lib/audit/write";
import { type Ctx, transaction } from "@/lib/context";
import { type FieldError, invalid, notFound } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { flagGroups } from "./flag-groups";
import { readCaseRecord } from "./get";
import { SplitGroupInput } from "./inputs";
import { loadCase, loadOpenCase, touchCase } from "./load";
import { assertNotBooked, groupsSnapshot, nextGroupId, readManifest, refreshGroups, releaseAllocation } from "./manifest";
import { placeRegrouped } from "./place-regrouped";
import { groupShape } from "./rooms";
import type { Case } from "./records";

/**
 * POST /cases/{caseUrn}/groups/{groupId}/split: every passenger of the group goes into exactly one
 * of two or more parts. The first part keeps the group id, the others become `<groupId>-2`, `-3`…
 * (the next free ones). Rooms and tiers are recomputed, so a split that separates the tiers clears
 * the mixed-tier flag. A booked group cannot be split (409 INVALID_TRANSITION). Once the case has
 * an approved demand, the parts of one tier are placed by themselves (allocation/requested).
 */
export async function splitGroup({ ctx, input: raw, placeWithoutDemand = false }: { ctx: Ctx; input: SplitGroupInput; placeWithoutDemand?: boolean }): Promise<Case> {
  requirePermission(ctx, "case:groups", "split groups");
  const input = parseInput(SplitGroupInput, raw);
  return transaction(ctx, async (tx) => {
    const row = await loadOpenCase(tx, input.caseUrn);
    const [group] = await readManifest(tx, row.urn, [input.groupId]);
    if (!group) throw notFound(`Group ${input.groupId} of case ${row.urn}`);
    assertNotBooked(group);
    assertPartition(group.passengers.map((p) => p.passengerId), input.into);

    const taken = new Set(
      (await tx.db.select({ groupId: passengerGroups.groupId }).from(passengerGroups).where(eq(passengerGroups.caseUrn, row.urn))).map((g) => g.groupId),
    );
    const [{ maxPosition }] = await tx.db
      .select({ maxPosition: sql<number>`coalesce(max(${passengerGroups.position}), 0)`.mapWith(Number) })
      .from(passengerGroups)
      .where(eq(passengerGroups.caseUrn, row.urn));
    const tierOf = new Map(group.passengers.map((p) => [p.passengerId, p.tier]));
    const parts = input.into.map((ids, i) => ({ groupId: i === 0 ? group.groupId : nextGroupId(group.groupId, taken), ids }));

    for (const [i, part] of parts.entries()) {
      if (i === 0) continue;
      await tx.db.insert(passengerGroups).values({
        caseUrn: row.urn,
        tenant: row.tenant,
        groupId: part.groupId,
        pnr: group.pnr,
        position: maxPosition + i,
        ...groupShape(part.ids.map((id) => tierOf.get(id)!)),
      });
      await tx.db
        .update(passengers)
        .set({ groupId: part.groupId })
        .where(and(eq(passengers.caseUrn, row.urn), inArray(passengers.passengerId, part.ids)));
    }
    const ids = parts.map((p) => p.groupId);
    await releaseAllocation(tx, row.urn, ids);
    const after = await refreshGroups(tx, row.urn, ids);
    await writeAudit(tx, {
      entity: "case",
      entityUrn: row.urn,
      action: "split",
      airport: row.airport,
      reason: input.reason,
      before: { passengerGroups: groupsSnapshot([group]) },
      after: { passengerGroups: groupsSnapshot(after) },
    });
    await flagGroups(tx, row, ids);
    await placeRegrouped(tx, row, after, input.reason, { withoutDemand: placeWithoutDemand });
    await touchCase(tx, row.urn);
    return readCaseRecord(tx, await loadCase(tx, row.urn));
  });
}

/** `into` must list each passenger of the group exactly once (the schema already wants ≥ 2 non-empty parts). */
function assertPartition(members: string[], into: string[][]): void {
  const inGroup = new Set(members);
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  into.forEach((part, i) =>
    part.forEach((id, j) => {
      if (!inGroup.has(id)) errors.push({ path: `into.${i}.${j}`, message: `passenger ${id} is not in this group` });
      else if (seen.has(id)) errors.push({ path: `into.${i}.${j}`, message: `passenger ${id} is listed more than once` });
      seen.add(id);
    }),
  );
  const missing = members.filter((id) => !seen.has(id));
  if (missing.length) errors.push({ path: "into", message: `every passenger of the group must be in one part; missing: ${missing.join(", ")}` });
  if (errors.length) throw invalid("The parts must list every passenger of the group exactly once.", errors);
}

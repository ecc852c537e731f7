import { and, eq } from "drizzle-orm";
import { careOverrides, passengerGroups } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import { writeAudit } from "@/lib/audit/write";
import { loadOpenCase, touchCase } from "@/lib/cases/load";
import { type Ctx, transaction } from "@/lib/context";
import { conflict, notFound } from "@/lib/errors";
import { parseInput, shapeRecord } from "@/lib/validation";
import { assessCare } from "./assess";
import { CareOverride, CareOverrideInput, OVERRIDE_KINDS } from "./override-schemas";
import { hotelCareOfGroups } from "./rooms";

export const OVERRIDE_NEXT =
  "The group is now owed a hotel and its transfers. Request its rooms as usual: an INCREMENTAL demand on top of the approved INITIAL one (or the INITIAL demand if the case has none yet); its allocation places the group.";

/**
 * A supervisor owes a group the hotel (and the rides to it) the rules do not: stored once per
 * case and group, audited with the reason, then the case is re-assessed (trigger OVERRIDE) so the
 * SUPERVISOR basis appears in the group's entitlements. It books nothing itself: the rooms follow
 * the ordinary demand flow. A group already owed a hotel, or already overridden, is a 409.
 */
export async function overrideCare({ ctx, input: raw }: { ctx: Ctx; input: CareOverrideInput }): Promise<CareOverride> {
  requirePermission(ctx, "care:override", "override the right to care");
  const input = parseInput(CareOverrideInput, raw);
  return transaction(ctx, async (tx) => {
    const row = await loadOpenCase(tx, input.caseUrn);
    const [group] = await tx.db
      .select({ groupId: passengerGroups.groupId })
      .from(passengerGroups)
      .where(and(eq(passengerGroups.caseUrn, row.urn), eq(passengerGroups.tenant, row.tenant), eq(passengerGroups.groupId, input.groupId)))
      .limit(1);
    if (!group) throw notFound(`Group ${input.groupId} of case ${row.urn}`);
    const verdict = (await hotelCareOfGroups(tx, row, [group.groupId])).get(group.groupId)!;
    if (verdict.overridden) throw conflict("CONFLICT", `Group ${group.groupId} of case ${row.urn} is already overridden.`);
    if (verdict.owedHotel) throw conflict("CONFLICT", `Group ${group.groupId} of case ${row.urn} is already owed a hotel (${verdict.explanation}); there is nothing to override.`);

    // the unique (case, group) index settles two supervisors racing: the second one inserts nothing
    const [stored] = await tx.db
      .insert(careOverrides)
      .values({ tenant: row.tenant, caseUrn: row.urn, groupId: group.groupId, kinds: [...OVERRIDE_KINDS], reason: input.reason, createdBy: tx.principal.sub })
      .onConflictDoNothing()
      .returning();
    if (!stored) throw conflict("CONFLICT", `Group ${group.groupId} of case ${row.urn} is already overridden.`);
    await writeAudit(tx, {
      entity: "case",
      entityUrn: row.urn,
      action: "care-override",
      airport: row.airport,
      reason: input.reason,
      before: { care: { groupId: group.groupId, owedHotel: false, explanation: verdict.explanation } },
      after: { care: { groupId: group.groupId, owedHotel: true, kinds: stored.kinds, overriddenBy: stored.createdBy } },
    });
    const { assessment } = await assessCare(tx, row.urn, "OVERRIDE");
    await touchCase(tx, row.urn);
    return shapeRecord(CareOverride, {
      caseUrn: row.urn,
      groupId: stored.groupId,
      kinds: stored.kinds,
      reason: stored.reason,
      createdBy: stored.createdBy,
      createdAt: stored.createdAt.toISOString(),
      assessmentVersion: assessment.version,
      passengers: assessment.passengers.filter((p) => p.groupId === stored.groupId),
      next: OVERRIDE_NEXT,
    });
  });
}

import { and, eq, ne } from "drizzle-orm";
import { policies } from "@/db/schema";
import { isUniqueViolation } from "@/db/unique-violation";
import { requirePermission } from "@/lib/auth/require";
import { writeAudit } from "@/lib/audit/write";
import { type Ctx, transaction } from "@/lib/context";
import { conflict } from "@/lib/errors";
import { parseInput, shapeRecord } from "@/lib/validation";
import { loadPolicy } from "./load";
import { auditSnapshot, toPolicy } from "./record";
import { ActivatePolicyInput, Policy } from "./schemas";
import { assertPolicyTransition, POLICY_TRANSITIONS } from "./transitions";

/**
 * Spec 3.3 and 9: a DRAFT or ARCHIVED version becomes ACTIVE and the ACTIVE version of the same
 * context (tenant + contextKey) becomes ARCHIVED, in one transaction, each audited before/after.
 * Activating an ARCHIVED version is the rollback.
 */
export async function activatePolicy({ ctx, input }: { ctx: Ctx; input: ActivatePolicyInput }): Promise<Policy> {
  requirePermission(ctx, "policy:write", "activate policies");
  const { policyUrn, reason } = parseInput(ActivatePolicyInput, input);
  try {
    return await transaction(ctx, async (tx) => {
      const row = await loadPolicy(tx, policyUrn, { forUpdate: true });
      assertPolicyTransition("activate", row.status, policyUrn);
      const before = toPolicy(row);
      const now = new Date();

      const archived = await tx.db
        .update(policies)
        .set({ status: POLICY_TRANSITIONS.archive.to, updatedAt: now })
        .where(and(eq(policies.tenant, row.tenant), eq(policies.contextKey, row.contextKey), eq(policies.status, "ACTIVE"), ne(policies.urn, row.urn)))
        .returning();
      // the row is locked, so its status cannot have moved since it was read; the guard keeps the
      // update honest should the lock ever go
      const [activated] = await tx.db
        .update(policies)
        .set({ status: POLICY_TRANSITIONS.activate.to, activatedAt: now, activatedBy: tx.principal.sub, updatedAt: now })
        .where(and(eq(policies.urn, row.urn), eq(policies.status, row.status)))
        .returning();
      if (!activated) throw conflict("CONFLICT", `Policy ${policyUrn} changed while it was being activated; retry.`);

      const after = toPolicy(activated);
      await writeAudit(tx, {
        entity: "policy",
        entityUrn: policyUrn,
        action: "activate",
        airport: row.airport,
        reason: reason ?? (before.status === "ARCHIVED" ? `rollback to v${row.version}` : null),
        before: auditSnapshot(before),
        after: auditSnapshot(after),
      });
      for (const old of archived) {
        await writeAudit(tx, {
          entity: "policy",
          entityUrn: old.urn,
          action: "archive",
          airport: old.airport,
          reason: `superseded by ${policyUrn} v${row.version}${reason ? `: ${reason}` : ""}`,
          before: { ...auditSnapshot(toPolicy(old)), status: "ACTIVE" },
          after: auditSnapshot(toPolicy(old)),
        });
      }
      return shapeRecord(Policy, after);
    });
  } catch (err) {
    // a concurrent activation in the same context committed first: the partial unique index
    // (one ACTIVE per context) refuses this one rather than leave two ACTIVE versions
    if (isUniqueViolation(err, "policies_one_active_idx")) {
      throw conflict("CONFLICT", `Another version of this policy's context was activated at the same time; reload and retry.`);
    }
    throw err;
  }
}

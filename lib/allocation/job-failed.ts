import { eq } from "drizzle-orm";
import { cases } from "@/db/schema";
import { deriveCaseStatus } from "@/lib/cases/derive-status";
import { type Ctx, transaction } from "@/lib/context";
import { createReviewItem } from "@/lib/review/create-item";

/**
 * After the allocation job's last retry: the case must not sit in ALLOCATING with nobody told.
 * It goes to MANUAL_REVIEW with an ALLOCATION_FAILED item that carries the error.
 */
export async function allocationJobFailed(ctx: Ctx, input: { caseUrn: string; error: string }): Promise<void> {
  await transaction(ctx, async (tx) => {
    const [row] = await tx.db.select().from(cases).where(eq(cases.urn, input.caseUrn)).limit(1).for("update");
    if (!row || row.status === "CLOSED") return;
    await createReviewItem(tx, {
      caseUrn: row.urn,
      airport: row.airport,
      category: "ALLOCATION_FAILED",
      affectedGroups: [],
      detail: `The allocation job failed after its retries: ${input.error.slice(0, 500)}. Rerun the wave once the cause is fixed.`,
    });
    await deriveCaseStatus(tx, { caseUrn: row.urn, action: "allocate", reason: "the allocation job failed", review: true });
  });
}

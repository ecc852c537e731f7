import { eq } from "drizzle-orm";
import { cases } from "@/db/schema";
import { type Ctx, transaction } from "@/lib/context";
import { emit } from "@/lib/events";
import { newUrn } from "@/lib/ids";

/**
 * After the allocation job's last retry: the case must not sit in ALLOCATING with nobody told.
 * Allocation publishes `review/needed`: review raises an ALLOCATION_FAILED item that carries the
 * error, and the case goes to MANUAL_REVIEW (lib/reactions), in this transaction.
 */
export async function allocationJobFailed(ctx: Ctx, input: { caseUrn: string; error: string }): Promise<void> {
  await transaction(ctx, async (tx) => {
    const [row] = await tx.db.select({ urn: cases.urn, airport: cases.airport, status: cases.status }).from(cases).where(eq(cases.urn, input.caseUrn)).limit(1).for("update");
    if (!row || row.status === "CLOSED") return;
    await emit(tx, "review/needed", {
      tenant: tx.principal.tenant,
      reviewUrn: newUrn("review"),
      caseUrn: row.urn,
      airport: row.airport,
      category: "ALLOCATION_FAILED",
      affectedGroups: [],
      detail: `The allocation job failed after its retries: ${input.error.slice(0, 500)}. Rerun the wave once the cause is fixed.`,
      escalate: { action: "allocate", reason: "the allocation job failed" },
    }, { react: "in-transaction" });
  });
}

import { type Ctx, transaction } from "@/lib/context";
import { readCaseRecord } from "./get";
import { loadCase } from "./load";
import type { Case } from "./schemas";
import { moveCase } from "./transitions";

/**
 * POST /cases/{caseUrn}/close: any open status → CLOSED, with the reason kept on the case and in
 * the audit entry. From then on every state change is refused with 409 CASE_CLOSED (assertOpen);
 * closing a closed case is refused the same way.
 */
export async function closeCase({ ctx, input }: { ctx: Ctx; input: { caseUrn: string; reason: string } }): Promise<Case> {
  const row = await transaction(ctx, async (tx) => {
    const current = await loadCase(tx, input.caseUrn, { forUpdate: true });
    return moveCase(tx, current, { to: "CLOSED", action: "close", reason: input.reason, set: { closedAt: new Date(), closeReason: input.reason } });
  });
  return readCaseRecord(ctx, row);
}

import { requirePermission } from "@/lib/auth/require";
import { type Ctx, transaction } from "@/lib/context";
import { parseInput } from "@/lib/validation";
import { readCaseRecord } from "./get";
import { CloseCaseInput } from "./inputs";
import { loadCase } from "./load";
import type { Case } from "./records";
import { moveCase } from "./transitions";

/**
 * POST /cases/{caseUrn}/close: any open status → CLOSED, with the reason kept on the case and in
 * the audit entry. From then on every state change is refused with 409 CASE_CLOSED (assertOpen);
 * closing a closed case is refused the same way.
 */
export async function closeCase({ ctx, input }: { ctx: Ctx; input: CloseCaseInput }): Promise<Case> {
  requirePermission(ctx, "case:close", "close cases");
  const { caseUrn, reason } = parseInput(CloseCaseInput, input);
  return transaction(ctx, async (tx) => {
    const current = await loadCase(tx, caseUrn, { forUpdate: true });
    const row = await moveCase(tx, current, { to: "CLOSED", action: "close", reason, set: { closedAt: new Date(), closeReason: reason } });
    return readCaseRecord(tx, row);
  });
}

import { type Ctx, transaction } from "@/lib/context";
import { readCaseRecord } from "./get";
import { loadCase } from "./load";
import type { Case } from "./schemas";
import { moveCase } from "./transitions";

/**
 * POST /cases/{caseUrn}/reopen (ADMIN): CLOSED → REOPENED, an open status again. closedAt and
 * closeReason are cleared on the case; the audit entry keeps them as its "before".
 */
export async function reopenCase({ ctx, input }: { ctx: Ctx; input: { caseUrn: string; reason: string } }): Promise<Case> {
  const row = await transaction(ctx, async (tx) => {
    const current = await loadCase(tx, input.caseUrn, { forUpdate: true });
    return moveCase(tx, current, { to: "REOPENED", action: "reopen", reason: input.reason, set: { closedAt: null, closeReason: null } });
  });
  return readCaseRecord(ctx, row);
}

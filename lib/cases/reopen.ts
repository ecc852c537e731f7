import { requirePermission } from "@/lib/auth/require";
import { type Ctx, transaction } from "@/lib/context";
import { parseInput } from "@/lib/validation";
import { readCaseRecord } from "./get";
import { ReopenCaseInput } from "./inputs";
import { loadCase } from "./load";
import type { Case } from "./records";
import { moveCase } from "./transitions";

/**
 * POST /cases/{caseUrn}/reopen (ADMIN): CLOSED → REOPENED, an open status again. closedAt and
 * closeReason are cleared on the case; the audit entry keeps them as its "before".
 */
export async function reopenCase({ ctx, input }: { ctx: Ctx; input: ReopenCaseInput }): Promise<Case> {
  requirePermission(ctx, "case:reopen", "reopen cases");
  const { caseUrn, reason } = parseInput(ReopenCaseInput, input);
  return transaction(ctx, async (tx) => {
    const current = await loadCase(tx, caseUrn, { forUpdate: true });
    const row = await moveCase(tx, current, { to: "REOPENED", action: "reopen", reason, set: { closedAt: null, closeReason: null } });
    return readCaseRecord(tx, row);
  });
}

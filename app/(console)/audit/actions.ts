"use server";

import { AuditQuery } from "@/lib/audit/schemas";
import { listAudit } from "@/lib/audit/list";
import { sessionCtx } from "@/lib/auth/session-ctx";
import { runAction } from "@/lib/console/action-result";
import { userNames } from "@/lib/users/names";

/** The next page of the audit list for the "Load more" button, with the actors' names. */
export async function loadMoreAudit(filters: { entity?: string; entityUrn?: string; action?: string }, cursor: string) {
  return runAction(async () => {
    const ctx = await sessionCtx();
    const input = AuditQuery.parse({ ...filters, cursor });
    const page = await listAudit({ ctx, input });
    const names = await userNames({ ctx, input: { urns: page.items.map((i) => i.actor) } });
    return { ...page, names };
  });
}

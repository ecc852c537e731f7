"use server";

import { listAudit } from "@/lib/audit/list";
import { AuditQuery } from "@/lib/audit/schemas";
import { consoleAction } from "@/lib/console/action-result";
import { userNames } from "@/lib/users/names";
import { parseInput } from "@/lib/validation";

/** The next page of the audit list for the "Load more" button, with the actors' names. */
export async function loadMoreAudit(filters: { entity?: string; entityUrn?: string; action?: string }, cursor: string) {
  return consoleAction(async (ctx) => {
    const input = parseInput(AuditQuery, { ...filters, cursor });
    const page = await listAudit({ ctx, input });
    const names = await userNames({ ctx, input: { urns: page.items.map((i) => i.actor) } });
    return { ...page, names };
  });
}

"use server";

import { listAudit } from "@/lib/audit/list";
import { AuditQuery } from "@/lib/audit/schemas";
import { consoleAction } from "@/lib/console/action-result";
import { auditLabels } from "@/lib/read-models/audit-labels";
import { airportTimeZones } from "@/lib/cases/airports";
import { parseInput } from "@/lib/validation";

/** The next page of the audit list for the "Load more" button, with its labels (actors, entities, policies) and its airports' zones. */
export async function loadMoreAudit(filters: { entity?: string; entityUrn?: string; action?: string; caseUrn?: string; refused?: "include" | "exclude" }, cursor: string) {
  return consoleAction(async (ctx) => {
    const input = parseInput(AuditQuery, { ...filters, cursor });
    const page = await listAudit({ ctx, input });
    return { ...page, labels: await auditLabels({ ctx, input: { entries: page.items } }), zones: await airportTimeZones(ctx, page.items.map((e) => e.airport)) };
  });
}

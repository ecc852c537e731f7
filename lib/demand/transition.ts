import { and, eq, inArray } from "drizzle-orm";
import { demands, type DemandRow } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import type { Ctx } from "@/lib/context";
import { conflict } from "@/lib/errors";
import { auditSnapshot, toDemand } from "@/lib/records/demand-record";
import { assertDemandTransition, DEMAND_TRANSITIONS, type DemandAction } from "./transitions";

type DemandChange = Partial<Pick<DemandRow, "decidedBy" | "decidedAt" | "decisionReason" | "automatic" | "policyUrn" | "policyVersion">>;

/**
 * Moves a demand through its transition table and audits it (before/after), inside the caller's
 * transaction. The UPDATE is guarded by the expected statuses: two supervisors deciding the same
 * demand at once, or a decision racing the allocation job, leave exactly one winner; the loser
 * gets 409 INVALID_TRANSITION. Jobs use it for FULFILLED and PARTIAL too.
 */
export async function transitionDemand(
  ctx: Ctx,
  { demand, action, set = {}, reason, airport }: { demand: DemandRow; action: DemandAction; set?: DemandChange; reason?: string | null; airport?: string | null },
): Promise<DemandRow> {
  assertDemandTransition(action, demand.status, demand.urn);
  const t = DEMAND_TRANSITIONS[action];
  const [row] = await ctx.db
    .update(demands)
    .set({ ...set, status: t.to, updatedAt: new Date() })
    .where(and(eq(demands.urn, demand.urn), eq(demands.tenant, demand.tenant), inArray(demands.status, [...t.from])))
    .returning();
  if (!row) throw conflict("INVALID_TRANSITION", `Demand ${demand.urn} was decided meanwhile; ${action} needs ${t.from.join(" or ")}.`);
  await writeAudit(ctx, {
    entity: "demand",
    entityUrn: demand.urn,
    action,
    airport: airport ?? null,
    reason: reason ?? null,
    before: auditSnapshot(toDemand(demand)),
    after: auditSnapshot(toDemand(row)),
  });
  return row;
}

import { and, eq, sql } from "drizzle-orm";
import { reviewItems } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { DEFAULT_SLA_MINUTES } from "@/lib/tenants/settings";
import type { ReviewPriority } from "@/lib/vocabulary";

export type SlaMinutes = Record<ReviewPriority, number>;

/** LOW → MEDIUM → HIGH; HIGH stays HIGH (its breach flags the item overdue instead). */
export function escalatedPriority(p: ReviewPriority): ReviewPriority {
  return p === "LOW" ? "MEDIUM" : "HIGH";
}

export function minutesFor(sla: Partial<SlaMinutes> | undefined, p: ReviewPriority): number {
  const m = sla?.[p];
  return typeof m === "number" && m > 0 ? m : DEFAULT_SLA_MINUTES[p];
}

/**
 * A changed SLA applies to the items already waiting: each open item's deadline becomes its
 * start (the last escalation, or creation) plus the new minutes of its priority. The SLA jobs
 * read the deadline from the item, so they follow (see inngest/functions/review-sla.ts). Truncated
 * to milliseconds: the jobs compare it with the deadline they slept until, a JavaScript Date.
 */
export async function recomputeOpenDeadlines(ctx: Ctx, sla: SlaMinutes): Promise<number> {
  const minutes = sql`(case ${reviewItems.priority} when 'HIGH' then ${sla.HIGH}::int when 'MEDIUM' then ${sla.MEDIUM}::int else ${sla.LOW}::int end)`;
  const rows = await ctx.db
    .update(reviewItems)
    .set({ slaDueAt: sql`date_trunc('milliseconds', coalesce(${reviewItems.escalatedAt}, ${reviewItems.createdAt}) + ${minutes} * interval '1 minute')` })
    .where(and(eq(reviewItems.tenant, ctx.principal.tenant), eq(reviewItems.state, "OPEN")))
    .returning({ urn: reviewItems.urn });
  return rows.length;
}

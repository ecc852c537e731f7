import { and, eq } from "drizzle-orm";
import { reviewItems } from "@/db/schema";
import { pageOnCall } from "@/lib/alerting/page";
import { writeAudit } from "@/lib/audit/write";
import { type Ctx, transaction } from "@/lib/context";
import { emit } from "@/lib/events";
import { loadSettings } from "@/lib/tenants/load-settings";
import { escalatedPriority, minutesFor } from "./deadlines";

export type BreachOutcome =
  | { outcome: "not-open" }
  | { outcome: "moved"; slaDueAt: string | null }
  | { outcome: "breached"; breach: number; priority: string; overdue: boolean; nextDueAt: string };

/**
 * The deadline `dueAt` of an item passed. If the item is still OPEN with that very deadline, the
 * breach is recorded in one transaction: priority up one level (a HIGH item is flagged overdue),
 * the next deadline the new priority's SLA after this one, an audit entry `sla-breach`, a page to
 * on-call and `review/escalated`. The update is guarded by the deadline, so a replayed step or a
 * twin job finds it moved and records nothing: one breach, one escalation, one page, one audit.
 */
export async function recordBreach(ctx: Ctx, { reviewUrn, dueAt }: { reviewUrn: string; dueAt: Date }): Promise<BreachOutcome> {
  return transaction(ctx, async (tx) => {
    const [item] = await tx.db
      .select()
      .from(reviewItems)
      .where(and(eq(reviewItems.urn, reviewUrn), eq(reviewItems.tenant, tx.principal.tenant)))
      .for("update");
    if (!item || item.state !== "OPEN") return { outcome: "not-open" };
    if (item.slaDueAt?.getTime() !== dueAt.getTime()) return { outcome: "moved", slaDueAt: item.slaDueAt?.toISOString() ?? null };

    const settings = await loadSettings(tx);
    const breach = item.escalations + 1;
    const priority = escalatedPriority(item.priority);
    const overdue = item.overdue || item.priority === "HIGH";
    const nextDueAt = new Date(dueAt.getTime() + minutesFor(settings.slaMinutes, priority) * 60_000);
    const [after] = await tx.db
      .update(reviewItems)
      .set({ priority, overdue, escalations: breach, escalatedAt: dueAt, slaDueAt: nextDueAt })
      .where(and(eq(reviewItems.urn, reviewUrn), eq(reviewItems.state, "OPEN"), eq(reviewItems.slaDueAt, dueAt)))
      .returning();
    if (!after) return { outcome: "moved", slaDueAt: null };

    const slaMinutes = minutesFor(settings.slaMinutes, item.priority);
    const snap = (r: typeof item) => ({ priority: r.priority, escalations: r.escalations, overdue: r.overdue, slaDueAt: r.slaDueAt?.toISOString() ?? null });
    await writeAudit(tx, {
      entity: "review",
      entityUrn: reviewUrn,
      action: "sla-breach",
      airport: item.airport,
      reason: `Unclaimed past its ${slaMinutes}-minute ${item.priority} SLA (due ${dueAt.toISOString()}); breach ${breach}.`,
      before: snap(item),
      after: snap(after),
    });
    await pageOnCall(tx, settings, { item: after, previousPriority: item.priority, breach, slaMinutes, dueAt, nextDueAt });
    await emit(tx, "review/escalated", { tenant: tx.principal.tenant, reviewUrn, caseUrn: item.caseUrn, priority, escalations: breach, overdue });
    return { outcome: "breached", breach, priority, overdue, nextDueAt: nextDueAt.toISOString() };
  });
}

/** What the SLA job waits on: the item's state and deadline as stored now. */
export async function readDeadline(ctx: Ctx, reviewUrn: string): Promise<{ state: string; slaDueAt: string | null } | null> {
  const [item] = await ctx.db
    .select({ state: reviewItems.state, slaDueAt: reviewItems.slaDueAt })
    .from(reviewItems)
    .where(and(eq(reviewItems.urn, reviewUrn), eq(reviewItems.tenant, ctx.principal.tenant)));
  return item ? { state: item.state, slaDueAt: item.slaDueAt?.toISOString() ?? null } : null;
}

/**
 * A released item is back in the queue: its clock starts again, the SLA of its priority from `at`
 * (the release event's time, stable across replays). Guarded: only an OPEN item moves.
 */
export async function restartDeadline(ctx: Ctx, { reviewUrn, at }: { reviewUrn: string; at: Date }): Promise<void> {
  const settings = await loadSettings(ctx);
  const [item] = await ctx.db.select({ priority: reviewItems.priority }).from(reviewItems).where(and(eq(reviewItems.urn, reviewUrn), eq(reviewItems.tenant, ctx.principal.tenant)));
  if (!item) return;
  await ctx.db
    .update(reviewItems)
    .set({ slaDueAt: new Date(at.getTime() + minutesFor(settings.slaMinutes, item.priority) * 60_000) })
    .where(and(eq(reviewItems.urn, reviewUrn), eq(reviewItems.state, "OPEN")));
}

/** The open items of a tenant: one SLA job each after a settings change. */
export async function openItems(ctx: Ctx): Promise<{ reviewUrn: string; caseUrn: string }[]> {
  return ctx.db
    .select({ reviewUrn: reviewItems.urn, caseUrn: reviewItems.caseUrn })
    .from(reviewItems)
    .where(and(eq(reviewItems.tenant, ctx.principal.tenant), eq(reviewItems.state, "OPEN")));
}

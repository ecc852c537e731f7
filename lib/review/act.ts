import { and, eq } from "drizzle-orm";
import { type CaseRow, reviewItems, type ReviewItemRow } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { requireAirport } from "@/lib/auth/require";
import { assertOpen, loadCase, touchCase } from "@/lib/cases/load";
import type { Ctx } from "@/lib/context";
import { conflict, notFound } from "@/lib/errors";
import { emit } from "@/lib/events";
import { assertReviewTransition } from "./transitions";

export type ActionTarget = { item: ReviewItemRow; row: CaseRow };

const STATE_EVENTS = { CLAIMED: "review/claimed", RESOLVED: "review/resolved", OPEN: "review/released" } as const;

/**
 * Loads an item for an action, inside the caller's transaction, in the contract's order of
 * refusals: another tenant's item is a 404, another airport's a 403 OUT_OF_SCOPE, a CLOSED case a
 * 409 CASE_CLOSED, a RESOLVED item a 409 INVALID_TRANSITION, an item someone else claimed a 409
 * ALREADY_CLAIMED (unless `anyClaimant`: an ADMIN's release). The case row is locked first, then the item, so two actions on one item (two
 * claims, a claim and a resolve) queue and the second sees what the first did.
 */
export async function loadForAction(ctx: Ctx, itemUrn: string, { anyClaimant = false } = {}): Promise<ActionTarget> {
  const item = await findItem(ctx, itemUrn);
  requireAirport(ctx, item.airport ?? "unknown");
  const row = await loadCase(ctx, item.caseUrn, { forUpdate: true });
  assertOpen(row);
  const locked = await findItem(ctx, itemUrn, { forUpdate: true });
  if (locked.state === "RESOLVED") assertReviewTransition("RESOLVED", "CLAIMED");
  if (locked.state === "CLAIMED" && locked.assignedTo !== ctx.principal.sub && !anyClaimant) {
    throw conflict("ALREADY_CLAIMED", `The review item is claimed by ${locked.assignedTo}; they may release it.`);
  }
  return { item: locked, row };
}

/**
 * Loads an item for an action and makes sure the caller holds it: acting on an OPEN item claims it
 * for the caller in the same transaction (audited as a claim), so an action never runs on an item
 * nobody holds and two operators never act on the same one.
 */
export async function holdForAction(ctx: Ctx, itemUrn: string): Promise<ActionTarget> {
  const target = await loadForAction(ctx, itemUrn);
  if (target.item.state === "CLAIMED") return target;
  return { ...target, item: await setState(ctx, target, { state: "CLAIMED", assignedTo: ctx.principal.sub }, "claim", "claimed to act on it") };
}

/** Moves an item through the transition table, audits before/after and bumps the case's revision. */
export async function setState(
  ctx: Ctx,
  { item, row }: ActionTarget,
  set: Partial<Pick<ReviewItemRow, "state" | "assignedTo" | "resolution" | "resolvedBy" | "resolvedAt" | "affectedGroups" | "recommendations">>,
  action: string,
  reason: string | null,
): Promise<ReviewItemRow> {
  if (set.state) assertReviewTransition(item.state, set.state);
  const [after] = await ctx.db.update(reviewItems).set(set).where(eq(reviewItems.urn, item.urn)).returning();
  // the item's SLA job (inngest/functions/review-sla.ts) stops on a claim or resolve and restarts on a release
  const moved = set.state && set.state !== item.state ? STATE_EVENTS[set.state] : undefined;
  if (moved) await emit(ctx, moved, { tenant: ctx.principal.tenant, reviewUrn: item.urn, caseUrn: item.caseUrn });
  await auditItem(ctx, { item, row }, after, action, reason);
  await touchCase(ctx, row.urn);
  return after;
}

/** The audit entry of an action on an item: what of the item changed, with the actor and the reason. */
export async function auditItem(ctx: Ctx, { item, row }: ActionTarget, after: ReviewItemRow, action: string, reason: string | null, extra: { before?: object; after?: object } = {}): Promise<void> {
  const snap = (r: ReviewItemRow) => ({ state: r.state, assignedTo: r.assignedTo, resolution: r.resolution, resolvedBy: r.resolvedBy, affectedGroups: r.affectedGroups });
  await writeAudit(ctx, {
    entity: "review",
    entityUrn: item.urn,
    action,
    airport: row.airport,
    reason,
    before: { ...snap(item), ...extra.before },
    after: { ...snap(after), ...extra.after },
  });
}

async function findItem(ctx: Ctx, itemUrn: string, { forUpdate = false } = {}): Promise<ReviewItemRow> {
  const q = ctx.db
    .select()
    .from(reviewItems)
    .where(and(eq(reviewItems.urn, itemUrn), eq(reviewItems.tenant, ctx.principal.tenant)))
    .limit(1);
  const [item] = forUpdate ? await q.for("update") : await q;
  if (!item) throw notFound(`Review item ${itemUrn}`);
  return item;
}

import { and, desc, eq, inArray } from "drizzle-orm";
import { auditEntries } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import { touchCase } from "@/lib/cases/load";
import { type Ctx, transaction } from "@/lib/context";
import { conflict } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { auditItem, loadForAction } from "./act";
import { ClaimInput, type ReviewItem } from "@/lib/records/review";
import { toReviewItem } from "@/lib/records/review-item";

const ASK = "ask-desk";

/**
 * A supervisor (who may not claim, rebook, relax, split or resolve: contract part 2) hands an open
 * item to its airport's operators. The assignment is the audit entry itself, so no one is
 * claimed for and the item stays OPEN for the first operator of the desk to claim; the queue and
 * the item show "asked of the CDG desk" until someone claims it. Refused like any action on an
 * item: another airport (403), a closed case or a resolved item (409), and an item already
 * claimed by an operator (409: it is being worked on).
 */
export async function askAirportDesk({ ctx, input }: { ctx: Ctx; input: ClaimInput }): Promise<ReviewItem> {
  requirePermission(ctx, "review:ask", "hand review items to an airport desk");
  const { itemUrn } = parseInput(ClaimInput, input);
  return transaction(ctx, async (tx) => {
    const target = await loadForAction(tx, itemUrn, { anyClaimant: true });
    if (target.item.state === "CLAIMED") throw conflict("ALREADY_CLAIMED", `The item is claimed by ${target.item.assignedTo} already: the desk is working on it.`);
    await auditItem(tx, target, target.item, ASK, `asked the ${target.row.airport} desk to act on it`, { after: { askedDesk: target.row.airport } });
    await touchCase(tx, target.row.urn);
    return toReviewItem(target.item);
  });
}

export type DeskAsk = { desk: string; by: string; at: string };

/** The latest "ask the desk" of each item: who asked which airport's desk, when. */
export async function deskAsks(ctx: Ctx, itemUrns: string[]): Promise<Map<string, DeskAsk>> {
  requirePermission(ctx, "read", "read the review queue");
  const asks = new Map<string, DeskAsk>();
  if (itemUrns.length === 0) return asks;
  const rows = await ctx.db
    .select({ urn: auditEntries.entityUrn, airport: auditEntries.airport, actor: auditEntries.actor, at: auditEntries.at })
    .from(auditEntries)
    .where(and(eq(auditEntries.tenant, ctx.principal.tenant), eq(auditEntries.entity, "review"), eq(auditEntries.action, ASK), inArray(auditEntries.entityUrn, itemUrns)))
    .orderBy(desc(auditEntries.urn));
  for (const r of rows) if (!asks.has(r.urn)) asks.set(r.urn, { desk: r.airport ?? "airport", by: r.actor, at: r.at.toISOString() });
  return asks;
}

import { and, eq, ne } from "drizzle-orm";
import { reviewItems, type ReviewItemRow } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import { type Ctx, transaction } from "@/lib/context";
import { DomainError } from "@/lib/errors";
import { log } from "@/lib/log";
import { loadForAction } from "@/lib/review/act";
import { RECOMMENDABLE } from "@/lib/review/recommend";
import { type ReviewCategory, type ReviewItem, ReviewItemRef } from "@/lib/records/review";
import { toReviewItem } from "@/lib/records/review-item";
import { parseInput } from "@/lib/validation";
import { agentEnabled } from "./enabled";
import { type AgentOutcome, runExceptionAgent } from "./run";

/**
 * POST /manual-review/{itemUrn}/recommendations/agent: the exception agent on demand. Same scope
 * and refusals as the other review actions (another tenant 404, another airport 403, a RESOLVED
 * item or a CLOSED case 409); 409 AGENT_DISABLED when the tenant has not turned the agent on.
 * The model runs outside any transaction (it may take seconds); its result is stored only if the
 * item is still unresolved. Claims nothing. A model that is down stores and answers the
 * deterministic recommendations instead.
 */
export async function refreshAgentRecommendations({ ctx, input }: { ctx: Ctx; input: { itemUrn: string } }): Promise<ReviewItem> {
  requirePermission(ctx, "review:act", "ask the exception agent");
  const { itemUrn } = parseInput(ReviewItemRef, input);
  const { item } = await transaction(ctx, (tx) => loadForAction(tx, itemUrn, { anyClaimant: true }));
  if (!(await agentEnabled(ctx))) throw new DomainError(409, "AGENT_DISABLED", "The exception agent is off for this tenant (an ADMIN turns on agentEnabled in the tenant settings); POST …/recommendations/refresh runs the deterministic recommender.");
  const outcome = await runExceptionAgent(ctx, item);
  return toReviewItem((await store(ctx, item, outcome)) ?? item);
}

/** The job's entry (review/created): the agent on a new item when the tenant enabled it; an agent that fails leaves the deterministic recommendations in place. */
export async function agentRecommendNewItem(ctx: Ctx, reviewUrn: string): Promise<{ ran: boolean; source?: AgentOutcome["source"] }> {
  const [item] = await ctx.db.select().from(reviewItems).where(and(eq(reviewItems.urn, reviewUrn), eq(reviewItems.tenant, ctx.principal.tenant))).limit(1);
  if (!item || item.state === "RESOLVED" || !RECOMMENDABLE.has(item.category as ReviewCategory)) return { ran: false };
  if (!(await agentEnabled(ctx))) return { ran: false };
  const outcome = await runExceptionAgent(ctx, item);
  if (outcome.source === "agent") await store(ctx, item, outcome);
  return { ran: true, source: outcome.source };
}

async function store(ctx: Ctx, item: ReviewItemRow, outcome: AgentOutcome): Promise<ReviewItemRow | null> {
  const [after] = await ctx.db
    .update(reviewItems)
    .set({ recommendations: outcome.recommendations })
    // an item resolved while the model thought keeps what it had
    .where(and(eq(reviewItems.urn, item.urn), ne(reviewItems.state, "RESOLVED")))
    .returning();
  log("info", "exception agent: recommendations stored", { reviewUrn: item.urn, source: outcome.source, count: outcome.recommendations.length, fallback: outcome.fallback, refusedToolCalls: outcome.refusedToolCalls.length });
  return after ?? null;
}

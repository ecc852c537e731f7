import { eq } from "drizzle-orm";
import { cases, reviewItems, tenants, type ReviewItemRow } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { type Ctx, transaction } from "@/lib/context";
import { newUrn } from "@/lib/ids";
import { emit } from "@/lib/events";
import { RECOMMENDABLE, recommendItem } from "./recommend";
import {
  type AttemptedHotel,
  PRIORITY_BY_CATEGORY,
  type Recommendation,
  type ReviewCategory,
  type ReviewPriority,
} from "@/lib/records/review";

/** Spec 8's illustrative SLAs; a tenant overrides them with settings.slaMinutes = { HIGH, MEDIUM, LOW }. */
export const DEFAULT_SLA_MINUTES: Record<ReviewPriority, number> = {
  HIGH: 15,
  MEDIUM: 60,
  LOW: 240,
};

export type CreateReviewItemInput = {
  /** chosen by the caller that must name the item before it exists (a `review/needed` fact): creating it again returns it */
  urn?: string;
  caseUrn: string;
  category: ReviewCategory;
  affectedGroups: string[];
  detail: string;
  /** the case's airport (read from the case when omitted): scopes the item and its audit entry */
  airport?: string | null;
  waveUrn?: string | null;
  reservationUrns?: string[];
  attemptedHotels?: AttemptedHotel[];
  recommendations?: Recommendation[];
};

/**
 * Opens a manual review item. The priority follows from the category (spec 2.4) and the SLA
 * clock starts now. Runs in the caller's transaction when there is one, so the item commits with
 * the change that caused it.
 */
export async function createReviewItem(
  ctx: Ctx,
  input: CreateReviewItemInput,
): Promise<ReviewItemRow> {
  return transaction(ctx, async (tx) => {
    if (input.urn) {
      const [existing] = await tx.db.select().from(reviewItems).where(eq(reviewItems.urn, input.urn)).limit(1);
      if (existing) return existing;
    }
    const priority = PRIORITY_BY_CATEGORY[input.category];
    const urn = input.urn ?? newUrn("review");
    const slaDueAt = new Date(
      Date.now() + (await slaMinutes(tx, priority)) * 60_000,
    );
    const airport = input.airport ?? (await caseAirport(tx, input.caseUrn));
    const [row] = await tx.db
      .insert(reviewItems)
      .values({
        urn,
        tenant: tx.principal.tenant,
        caseUrn: input.caseUrn,
        airport,
        waveUrn: input.waveUrn ?? null,
        reservationUrns: input.reservationUrns ?? [],
        category: input.category,
        priority,
        state: "OPEN",
        detail: input.detail,
        attemptedHotels: input.attemptedHotels ?? [],
        affectedGroups: input.affectedGroups,
        recommendations: input.recommendations ?? [],
        slaDueAt,
      })
      .returning();
    // the deterministic recommender fills an item it has something to propose for (and the caller did not)
    const item = input.recommendations || !RECOMMENDABLE.has(input.category) ? row : await recommendItem(tx, row);
    await writeAudit(tx, {
      entity: "review",
      entityUrn: urn,
      action: "create",
      airport,
      reason: input.detail,
      after: {
        caseUrn: input.caseUrn,
        category: input.category,
        priority,
        state: "OPEN",
        affectedGroups: input.affectedGroups,
      },
    });
    await emit(tx, "review/created", {
      tenant: tx.principal.tenant,
      reviewUrn: urn,
      caseUrn: input.caseUrn,
    });
    return item;
  });
}

async function slaMinutes(ctx: Ctx, priority: ReviewPriority): Promise<number> {
  const [tenant] = await ctx.db
    .select({ settings: tenants.settings })
    .from(tenants)
    .where(eq(tenants.code, ctx.principal.tenant))
    .limit(1);
  const configured = (
    tenant?.settings?.slaMinutes as
      Partial<Record<ReviewPriority, unknown>> | undefined
  )?.[priority];
  return typeof configured === "number" && configured > 0
    ? configured
    : DEFAULT_SLA_MINUTES[priority];
}

async function caseAirport(ctx: Ctx, caseUrn: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ airport: cases.airport })
    .from(cases)
    .where(eq(cases.urn, caseUrn))
    .limit(1);
  return row?.airport ?? null;
}

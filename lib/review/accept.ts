import { eq } from "drizzle-orm";
import { reviewItems, type ReviewItemRow } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { log } from "@/lib/log";
import { type AcceptedRecommendation, Recommendation } from "@/lib/records/review";

/** What a review action did, in the terms a recommendation is written in. */
export type TakenAction = { action: "rebook"; hotelUrn: string } | { action: "relaxPolicy"; fields: Record<string, unknown> };

/**
 * Issue 11 part 4: when a rebook, relax or override does what one of the item's recommendations
 * proposed, the item records which one (its position, action and source, who took it and when),
 * in the action's own transaction so the record and the action commit together. A rebook (or an
 * override, which books by hand) matches a rebook recommendation for the same hotel; a relax
 * matches a relaxPolicy recommendation naming exactly the same constraints with the same value.
 * The first matching recommendation wins (they are ranked). An action that matches none leaves
 * what an earlier action recorded: it is the share of items closed by taking a recommendation
 * that the weekly report counts, not the last click. Returns the item as stored afterwards.
 */
export async function recordAcceptedRecommendation(ctx: Ctx, item: ReviewItemRow, taken: TakenAction): Promise<ReviewItemRow> {
  const parsed = Recommendation.array().safeParse(item.recommendations);
  if (!parsed.success) {
    // recommendations are advisory: an unreadable list never fails the operator's action
    log("warn", "review acceptance: recommendations unreadable", { reviewUrn: item.urn });
    return item;
  }
  const index = parsed.data.findIndex((rec) => matches(rec, taken));
  if (index < 0) return item;
  const rec = parsed.data[index];
  const accepted: AcceptedRecommendation = {
    index,
    action: rec.action,
    source: rec.source,
    ...(rec.hotelUrn !== undefined && { hotelUrn: rec.hotelUrn }),
    ...(rec.fields !== undefined && { fields: rec.fields }),
    ...(rec.value !== undefined && { value: rec.value }),
    at: new Date().toISOString(),
    by: ctx.principal.sub,
  };
  const [after] = await ctx.db.update(reviewItems).set({ acceptedRecommendation: accepted }).where(eq(reviewItems.urn, item.urn)).returning();
  return after;
}

/** Whether an action does what a recommendation proposed. */
export function matches(rec: Recommendation, taken: TakenAction): boolean {
  if (taken.action === "rebook") return rec.action === "rebook" && rec.hotelUrn === taken.hotelUrn;
  if (rec.action !== "relaxPolicy" || !rec.fields?.length) return false;
  const names = Object.keys(taken.fields);
  if (names.length !== rec.fields.length || !rec.fields.every((f) => names.includes(f))) return false;
  // one constraint: value is its new value; several: value is the object of new values
  const proposed = rec.fields.length === 1 ? { [rec.fields[0]]: rec.value } : rec.value;
  return canonical(proposed) === canonical(taken.fields);
}

/** JSON with sorted keys and sorted lists of plain values, so { a, b } = { b, a } and [WIFI, GYM] = [GYM, WIFI]. */
function canonical(value: unknown): string {
  return JSON.stringify(normalise(value));
}

function normalise(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(normalise);
    return items.every((v) => v === null || typeof v !== "object") ? [...items].sort((a, b) => String(a).localeCompare(String(b))) : items;
  }
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, normalise((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

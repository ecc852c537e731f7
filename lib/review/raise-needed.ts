import type { ReviewItemRow } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import type { EventData } from "@/lib/events";
import { createReviewItem } from "./create-item";

/**
 * Another domain published `review/needed`: the item it describes, under the URN it chose (so its
 * own audit entry already names it). Idempotent on that URN: the repair job and a second delivery
 * return the item raised first.
 */
export async function raiseNeededItem(ctx: Ctx, fact: EventData<"review/needed">): Promise<ReviewItemRow> {
  return createReviewItem(ctx, {
    urn: fact.reviewUrn,
    caseUrn: fact.caseUrn,
    category: fact.category,
    airport: fact.airport ?? undefined,
    affectedGroups: fact.affectedGroups,
    detail: fact.detail,
    waveUrn: fact.waveUrn ?? null,
    reservationUrns: fact.reservationUrns,
    attemptedHotels: fact.attemptedHotels,
    ...(fact.recommend ? {} : { recommendations: [] }),
  });
}

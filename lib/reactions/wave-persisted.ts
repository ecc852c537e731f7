import type { Ctx } from "@/lib/context";
import type { EventData } from "@/lib/events";
import { recommendWaveItems } from "@/lib/review/recommend";

/**
 * A wave was persisted with held groups: the review items it raised get the recommender's proposals,
 * now that the wave can be read. After the commit, so the recommender no longer runs under the
 * tenant's wave lock (lib/allocation/run.ts), where every other case's wave waited for it. Running it
 * again recomputes the same proposals. A crash before it leaves the items without proposals (they are
 * advice, the items themselves committed with the wave) until an operator asks for them again
 * (POST /manual-review/{itemUrn}/recommendations:refresh, lib/review/refresh.ts).
 */
export async function recommendForWave(ctx: Ctx, fact: EventData<"allocation/wave.persisted">): Promise<void> {
  if (fact.held === 0) return;
  await recommendWaveItems(ctx, fact.caseUrn, fact.waveUrn);
}

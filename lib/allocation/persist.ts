import { and, eq, ne } from "drizzle-orm";
import { groupBy } from "@/lib/group-by";
import { allocationWaves, reviewItems, type CaseRow } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { movePassengers } from "@/lib/cases/passenger-transitions";
import { deriveCaseStatus } from "@/lib/cases/derive-status";
import { type Ctx, transaction } from "@/lib/context";
import { emit } from "@/lib/events";
import { newUrn } from "@/lib/ids";
import type { SourceReport } from "@/lib/providers/search";
import type { ReviewCategory, WaveTrigger } from "@/lib/vocabulary";
import type { EngineHeld, EngineResult } from "@/lib/allocation-engine";
import type { AllocationPlan } from "./plan";
import type { Allocation, HeldGroup, WaveSource } from "./schemas";
import { placeGroups } from "@/lib/cases/group-stay";

export type PersistWaveInput = {
  row: CaseRow;
  demandUrn: string | null;
  trigger: WaveTrigger;
  reason: string | null;
  /** a re-delivered trigger with the same key finds the wave it made instead of making another */
  idempotencyKey: string;
  plan: AllocationPlan;
  sources: SourceReport[];
  result: EngineResult;
  engineMs: number;
};

/**
 * Writes one wave and everything it decides, in one transaction: the wave row, the groups' hotels,
 * the passengers ALLOCATED or HELD (through the passenger transition table), one `review/needed` per
 * cause of the held groups (unless an item is already open for them), the case's next status, the audit
 * entry and the `allocation/wave.persisted` event. A second call with the same idempotency key
 * returns the first wave and changes nothing.
 */
export async function persistWave(ctx: Ctx, input: PersistWaveInput): Promise<{ waveUrn: string; created: boolean }> {
  return transaction(ctx, async (tx) => {
    const tenant = tx.principal.tenant;
    const [existing] = await tx.db
      .select({ urn: allocationWaves.urn })
      .from(allocationWaves)
      .where(and(eq(allocationWaves.tenant, tenant), eq(allocationWaves.idempotencyKey, input.idempotencyKey)))
      .limit(1);
    if (existing) return { waveUrn: existing.urn, created: false };

    const { row, plan, result } = input;
    const waveUrn = newUrn("wave");
    const placedIds = result.allocations.map((a) => a.groupId);
    const heldIds = result.held.map((h) => h.groupId);

    // the passengers first: a group that moved meanwhile (split, merged, booked) is left as it is
    if (placedIds.length) await movePassengers(tx.db, { caseUrn: row.urn, to: "ALLOCATED", groupIds: placedIds, skipOthers: true });
    if (heldIds.length) await movePassengers(tx.db, { caseUrn: row.urn, to: "HELD", groupIds: heldIds, skipOthers: true });
    for (const [hotelUrn, placed] of groupBy(result.allocations, (a) => a.hotelUrn)) {
      await placeGroups(tx.db, { caseUrn: row.urn, groupIds: placed.map((a) => a.groupId), hotelUrn });
    }
    await placeGroups(tx.db, { caseUrn: row.urn, groupIds: heldIds, hotelUrn: null });

    const reviewByGroup = await openItemsFor(tx, row, waveUrn, result.held);
    const allocations: Allocation[] = result.allocations.map((a) => ({ ...a, override: null }));
    const held: HeldGroup[] = result.held.map(({ category: _c, priority: _p, ...h }) => ({ ...h, reviewUrn: reviewByGroup.get(h.groupId) ?? null }));
    const sources: WaveSource[] = input.sources.map((s) => ({ provider: s.provider, ok: s.ok, ms: s.ms, offers: s.offers, cached: s.cached, error: s.error ?? null }));

    await tx.db.insert(allocationWaves).values({
      urn: waveUrn,
      tenant,
      caseUrn: row.urn,
      demandUrn: input.demandUrn,
      status: result.status,
      trigger: input.trigger,
      reason: input.reason,
      idempotencyKey: input.idempotencyKey,
      airport: plan.airport.code,
      nights: plan.nights,
      policies: result.policiesUsed.map(({ tier, policyUrn, version }) => ({ tier, policyUrn, version })),
      sources,
      degraded: sources.some((s) => !s.ok),
      offersRaw: result.offersRaw,
      offersDeduped: result.offersDeduped,
      rankingInputs: result.rankingInputs,
      allocations,
      held,
      totalCost: result.totalCost,
      savingsVsMarket: result.savingsVsMarket,
      engineMs: input.engineMs,
      createdBy: tx.principal.sub,
    });

    if (input.trigger === "RERUN") await supersedeCovered(tx, row.urn, waveUrn, new Set([...placedIds, ...heldIds]));
    // the case's status follows from its passengers (just moved) and the items this wave raised
    const review = result.caseToManualReview || result.held.length > 0;
    await deriveCaseStatus(tx, { caseUrn: row.urn, action: "allocate", reason: review ? "allocation held groups or found no policy" : "allocation placed the groups; booking follows", review });
    await writeAudit(tx, {
      entity: "wave",
      entityUrn: waveUrn,
      action: "allocate",
      airport: row.airport,
      reason: input.reason ?? `${input.trigger.toLowerCase()} wave`,
      after: {
        caseUrn: row.urn,
        demandUrn: input.demandUrn,
        status: result.status,
        placed: allocations.length,
        held: held.length,
        totalCost: result.totalCost,
      },
    });
    // the items this wave opened get the recommender's proposals after the commit (lib/reactions), outside the tenant's wave lock
    await emit(tx, "allocation/wave.persisted", { tenant, caseUrn: row.urn, waveUrn, held: heldIds.length });
    return { waveUrn, created: true };
  });
}

/**
 * One review item per category and cause, naming its groups, unless an open item of that category
 * already covers a group (a rerun that holds the same group again does not page twice). Allocation
 * publishes `review/needed` with the item's URN; review writes the item in this transaction, and
 * the wave's `allocation/wave.persisted` then fills its proposals.
 */
async function openItemsFor(ctx: Ctx, row: CaseRow, waveUrn: string, held: EngineHeld[]): Promise<Map<string, string>> {
  const byGroup = new Map<string, string>();
  if (held.length === 0) return byGroup;
  const open = await ctx.db
    .select({ urn: reviewItems.urn, category: reviewItems.category, groups: reviewItems.affectedGroups })
    .from(reviewItems)
    .where(and(eq(reviewItems.caseUrn, row.urn), ne(reviewItems.state, "RESOLVED")));
  const fresh: EngineHeld[] = [];
  for (const h of held) {
    const item = open.find((i) => i.category === h.category && i.groups.includes(h.groupId));
    if (item) byGroup.set(h.groupId, item.urn);
    else fresh.push(h);
  }
  for (const [key, entries] of groupBy(fresh, (h) => `${h.category}|${h.cause}|${h.constraint ?? ""}`)) {
    const category = key.split("|")[0] as ReviewCategory;
    const first = entries[0];
    const groups = entries.map((h) => h.groupId);
    const rooms = entries.reduce((s, h) => s + h.rooms, 0);
    const detail =
      `${groups.length} group(s), ${rooms} room(s) held: ${first.detail}` +
      (first.suggestions.length ? ` What would help: ${first.suggestions.join("; ")}.` : "");
    // review raises it in this transaction under this URN (lib/reactions); the wave's proposals follow its commit
    const reviewUrn = newUrn("review");
    await emit(ctx, "review/needed", { tenant: ctx.principal.tenant, reviewUrn, caseUrn: row.urn, airport: row.airport, category, affectedGroups: groups, detail, waveUrn, recommend: false }, { react: "in-transaction" });
    for (const g of groups) byGroup.set(g, reviewUrn);
  }
  return byGroup;
}

/** Earlier waves whose every group this rerun placed or held again are superseded by it. */
async function supersedeCovered(ctx: Ctx, caseUrn: string, waveUrn: string, covered: Set<string>): Promise<void> {
  const earlier = await ctx.db
    .select({ urn: allocationWaves.urn, allocations: allocationWaves.allocations, held: allocationWaves.held })
    .from(allocationWaves)
    .where(and(eq(allocationWaves.caseUrn, caseUrn), ne(allocationWaves.urn, waveUrn), ne(allocationWaves.status, "SUPERSEDED")));
  for (const w of earlier) {
    const ids = [...(w.allocations as { groupId: string }[]), ...(w.held as { groupId: string }[])].map((x) => x.groupId);
    if (ids.every((id) => covered.has(id))) await ctx.db.update(allocationWaves).set({ status: "SUPERSEDED" }).where(eq(allocationWaves.urn, w.urn));
  }
}

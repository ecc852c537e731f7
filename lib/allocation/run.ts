import { and, eq, sql } from "drizzle-orm";
import { allocationWaves } from "@/db/schema";
import { loadCase } from "@/lib/cases/load";
import { caseSystems } from "@/lib/peers/case-systems";
import { deriveCaseStatus } from "@/lib/cases/derive-status";
import { type Ctx, transaction } from "@/lib/context";
import { conflict } from "@/lib/errors";
import type { Offer } from "@/lib/providers/offer";
import { searchHotelOffers, type SourceReport } from "@/lib/providers/search";
import type { WaveTrigger } from "@/lib/vocabulary";
import { hotelScores, offeredHotelUrns } from "@/lib/hotels/quality-score";
import { computeAllocation, engineInput } from "./compute";
import { persistWave } from "./persist";
import { type AllocationPlan, planAllocation } from "./plan";
import { withoutTakenRooms } from "./taken-rooms";

export type RunAllocationInput = {
  caseUrn: string;
  demandUrn: string | null;
  trigger: WaveTrigger;
  reason: string | null;
  /** one wave per key: `demand:<urn>` for an approval, `rerun:<id>` for a rerun */
  idempotencyKey: string;
  /** only these groups (a rerun after a split or an override); default every group waiting */
  groupIds?: string[];
};

export type Prepared =
  | { kind: "ready"; plan: AllocationPlan; offers: Offer[]; sources: SourceReport[] }
  | { kind: "skipped"; why: string; waveUrn: string | null };

/**
 * First half of a run (the job's first step): what to place, under which policies, and the offers
 * of the three sources; the case shows ALLOCATING once offers are in. Nothing is decided yet, so a
 * replay of this step only searches again.
 */
export async function prepareAllocation(ctx: Ctx, input: RunAllocationInput): Promise<Prepared> {
  const [done] = await ctx.db
    .select({ urn: allocationWaves.urn })
    .from(allocationWaves)
    .where(and(eq(allocationWaves.tenant, ctx.principal.tenant), eq(allocationWaves.idempotencyKey, input.idempotencyKey)))
    .limit(1);
  if (done) return { kind: "skipped", why: "this trigger already made its wave", waveUrn: done.urn };
  const row = await loadCase(ctx, input.caseUrn);
  if (row.status === "CLOSED") return { kind: "skipped", why: "the case is closed", waveUrn: null };
  const plan = await planAllocation(ctx, row, { trigger: input.trigger, groupIds: input.groupIds });
  if (plan.groups.length === 0) {
    const why = plan.deferred.length ? `nothing placeable: ${plan.deferred.map((d) => `${d.groupId} (${d.why})`).join(", ")}` : "no group is waiting for a room";
    return { kind: "skipped", why, waveUrn: null };
  }
  // a drill or shadow case searches the drills' sandboxes only
  const search = await searchHotelOffers({ ctx, input: { airport: plan.airport.code, checkIn: plan.checkIn, checkOut: plan.checkOut, rooms: 1 }, ...(await (await caseSystems(ctx, row)).search()) });
  // every source failed (a provider's 429 or 5xx, a timeout) and none offered anything: holding every
  // group for "no hotel in radius" would be false. Throwing lets the job retry the search with
  // backoff (after the last retry the case goes to review); a rerun answers 409 and changes nothing.
  const failed = search.sources.filter((s) => !s.ok);
  if (search.offers.length === 0 && failed.length > 0) {
    throw conflict("CONFLICT", `No hotel source could be searched for ${plan.airport.code} (${failed.map((s) => `${s.provider}: ${s.error ?? "failed"}`).join("; ")}); nothing was allocated, try again shortly.`);
  }
  // the case shows ALLOCATING from the moment there is something to allocate with
  await transaction(ctx, (tx) => deriveCaseStatus(tx, { caseUrn: row.urn, action: "allocate", reason: input.reason ?? `${input.trigger.toLowerCase()} wave started`, allocating: true }));
  return { kind: "ready", plan, offers: search.offers, sources: search.sources };
}

/** first key of the two-key advisory lock that serialises a tenant's waves (the second: a hash of the tenant) */
const WAVE_LOCK_CLASS = 72616003;

/**
 * Second half (the job's second step): the rooms other waves took, the engine, then the wave and
 * all it decides, once per key. A tenant's waves take this half one at a time, under a
 * transaction-scoped advisory lock, so each sees the rooms the previous one took
 * (lib/allocation/taken-rooms.ts); their searches, the slow half, run side by side. During a hub
 * meltdown thirty cases then wait for each other's engine (tens of ms each), not for each other's
 * provider searches (seconds).
 */
export async function completeAllocation(ctx: Ctx, input: RunAllocationInput, prepared: Extract<Prepared, { kind: "ready" }>) {
  return transaction(ctx, async (tx) => {
    await tx.db.execute(sql`select pg_advisory_xact_lock(${WAVE_LOCK_CLASS}, hashtext(${tx.principal.tenant}))`);
    const offers = await withoutTakenRooms(tx, prepared.plan, prepared.offers, prepared.sources);
    // the offered hotels' stay quality (the minQuality gate and the quality weight), one query: not
    // every rating of the tenant, which would grow with its history inside the tenant's wave lock
    const quality = await hotelScores(tx.db, { tenant: tx.principal.tenant, hotelUrns: offeredHotelUrns(offers) });
    const { result, engineMs } = await computeAllocation(engineInput(prepared.plan, offers, quality));
    const row = await loadCase(tx, input.caseUrn);
    return persistWave(tx, {
      row,
      demandUrn: input.demandUrn,
      trigger: input.trigger,
      reason: input.reason,
      idempotencyKey: input.idempotencyKey,
      plan: prepared.plan,
      sources: prepared.sources,
      result,
      engineMs,
    });
  });
}

/** Both halves in one call: a rerun from the API, and tests. */
export async function runAllocation(ctx: Ctx, input: RunAllocationInput): Promise<{ waveUrn: string | null; created: boolean; skipped?: string }> {
  const prepared = await prepareAllocation(ctx, input);
  if (prepared.kind === "skipped") return { waveUrn: prepared.waveUrn, created: false, skipped: prepared.why };
  return completeAllocation(ctx, input, prepared);
}

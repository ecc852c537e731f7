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
  /**
   * a supervisor's rerun re-places groups allocated but not yet booked too; a wave asked for by an
   * event (a split, a relaxed policy, passengers added) places only groups still waiting, so it never
   * places again a group another wave of the case just placed and is booking
   */
  moveAllocated?: boolean;
};

export type Prepared =
  // what to place is planned again in the second half, under the lock: only the search crosses over
  | { kind: "ready"; offers: Offer[]; sources: SourceReport[] }
  | { kind: "skipped"; why: string; waveUrn: string | null };

/**
 * First half of a run (the job's first step): whether anything is waiting to be placed, then the
 * offers of the three sources; the case shows ALLOCATING once offers are in. Nothing is decided yet,
 * so a replay of this step only searches again.
 */
export async function prepareAllocation(ctx: Ctx, input: RunAllocationInput): Promise<Prepared> {
  const done = await waveOfKey(ctx, input.idempotencyKey);
  if (done) return { kind: "skipped", why: "this trigger already made its wave", waveUrn: done };
  const row = await loadCase(ctx, input.caseUrn);
  if (row.status === "CLOSED") return { kind: "skipped", why: "the case is closed", waveUrn: null };
  const plan = await planAllocation(ctx, row, input);
  if (plan.groups.length === 0) return { kind: "skipped", why: nothingToPlace(plan), waveUrn: null };
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
  return { kind: "ready", offers: search.offers, sources: search.sources };
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
export async function completeAllocation(
  ctx: Ctx,
  input: RunAllocationInput,
  prepared: Extract<Prepared, { kind: "ready" }>,
): Promise<{ waveUrn: string | null; created: boolean; skipped?: string }> {
  return transaction(ctx, async (tx) => {
    await tx.db.execute(sql`select pg_advisory_xact_lock(${WAVE_LOCK_CLASS}, hashtext(${tx.principal.tenant}))`);
    const made = await waveOfKey(tx, input.idempotencyKey);
    if (made) return { waveUrn: made, created: false };
    // what to place is planned again under the lock: a wave of the same case that completed since this
    // one's search (a split's and an approval's, side by side) may have placed these groups or spent the
    // approved rooms; planned at search time, both waves placed and booked the same groups
    const row = await loadCase(tx, input.caseUrn);
    const plan = await planAllocation(tx, row, input);
    if (plan.groups.length === 0) return { waveUrn: null, created: false, skipped: nothingToPlace(plan) };
    const offers = await withoutTakenRooms(tx, plan, prepared.offers, prepared.sources);
    // the offered hotels' stay quality (the minQuality gate and the quality weight), one query: not
    // every rating of the tenant, which would grow with its history inside the tenant's wave lock
    const quality = await hotelScores(tx.db, { tenant: tx.principal.tenant, hotelUrns: offeredHotelUrns(offers) });
    const { result, engineMs } = await computeAllocation(engineInput(plan, offers, quality));
    return persistWave(tx, {
      row,
      demandUrn: input.demandUrn,
      trigger: input.trigger,
      reason: input.reason,
      idempotencyKey: input.idempotencyKey,
      plan,
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

/** The wave a trigger's key already made, if any. */
async function waveOfKey(ctx: Ctx, idempotencyKey: string): Promise<string | null> {
  const [done] = await ctx.db
    .select({ urn: allocationWaves.urn })
    .from(allocationWaves)
    .where(and(eq(allocationWaves.tenant, ctx.principal.tenant), eq(allocationWaves.idempotencyKey, idempotencyKey)))
    .limit(1);
  return done?.urn ?? null;
}

function nothingToPlace(plan: AllocationPlan): string {
  return plan.deferred.length ? `nothing placeable: ${plan.deferred.map((d) => `${d.groupId} (${d.why})`).join(", ")}` : "no group is waiting for a room";
}

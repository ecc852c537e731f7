import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { POST as approveHandler } from "@/app/api/v1/demand/[demandUrn]/approve/route";
import { POST as createDemandHandler } from "@/app/api/v1/demand/case/[caseUrn]/route";
import type { Db } from "@/db/client";
import { allocationWaves, reservations } from "@/db/schema";
import { allocateOnApproval } from "@/inngest/functions/allocate";
import { bookGroup, bookWave } from "@/inngest/functions/book";
import { passengerFlow } from "@/inngest/functions/passenger-flow";
import { messagesOnVoucherIssued } from "@/inngest/functions/messages";
import type { Allocation } from "@/lib/allocation/schemas";
import type { Clock } from "@/lib/jobs/clock";
import { createRunner } from "@/lib/jobs/runner";
import { call } from "@/tests/helpers/api";
import { casePayload, createCase, roleToken } from "@/tests/helpers/cases";
import { uniqueTenant } from "@/tests/helpers/factories";
import { activePolicy } from "@/tests/helpers/policies";
import { enqueue } from "../jobs/helpers";

export const ALL_TIERS = ["FIRST", "BUSINESS", "PREMIUM_ECONOMY", "ECONOMY", "CREW"] as const;

/** A tenant with one ACTIVE auto-approving CDG policy for every tier (extra fields merged in), and a supervisor's token. */
export async function bookingTenant(db: Db, over: Record<string, unknown> = {}) {
  const tenant = uniqueTenant();
  await activePolicy(db, tenant, {
    name: "CDG all",
    tiers: [...ALL_TIERS],
    constraints: { minStars: 3, maxDistanceKm: 30, maxNightlyRate: 400, requiredAmenities: [] },
    ...over,
  } as never);
  return { tenant, token: await roleToken(tenant, "OPS_SUPERVISOR") };
}

/** A case whose demand is approved, through the API. */
export async function approvedCase(token: string, payload: Record<string, unknown> = casePayload()) {
  const record = await createCase(token, payload);
  const res = await call(createDemandHandler, `/demand/case/${record.urn}`, { token, params: { caseUrn: record.urn }, body: { type: "INITIAL", roomsRequested: record.roomsNeeded ?? 10 } });
  expect(res.status).toBe(201);
  if (res.json.status === "REQUESTED") {
    const approved = await call(approveHandler, `/demand/${res.json.urn}/approve`, { token, params: { demandUrn: res.json.urn }, body: { reason: "approved at the desk" } });
    expect(approved.json.status).toBe("APPROVED");
  }
  return { caseUrn: record.urn as string, demandUrn: res.json.urn as string };
}

/** Runs the allocation job only: the wave is persisted and its fan-out event waits in the outbox. */
export async function allocate(db: Db, clock?: Clock) {
  await createRunner({ db, jobs: [allocateOnApproval], retryBaseMs: 1, clock }).tick();
}

export function bookingRunner(db: Db, clock?: Clock, concurrency = 4) {
  return createRunner({ db, jobs: [allocateOnApproval, bookWave, bookGroup, passengerFlow, messagesOnVoucherIssued], retryBaseMs: 1, clock, concurrency });
}

export async function waveOf(db: Db, caseUrn: string) {
  const [wave] = await db.select().from(allocationWaves).where(eq(allocationWaves.caseUrn, caseUrn));
  return { ...wave, allocations: wave.allocations as Allocation[] };
}

export async function reservationsOf(db: Db, caseUrn: string, status?: string) {
  const rows = await db.select().from(reservations).where(eq(reservations.caseUrn, caseUrn));
  return status ? rows.filter((r) => r.status === status) : rows;
}

/** Rewrites one allocation of a persisted wave (a test's way to steer the booking to given hotels). */
export async function setAllocation(db: Db, waveUrn: string, groupId: string, change: (a: Allocation) => Allocation) {
  const [wave] = await db.select().from(allocationWaves).where(eq(allocationWaves.urn, waveUrn));
  const allocations = (wave.allocations as Allocation[]).map((a) => (a.groupId === groupId ? change(a) : a));
  await db.update(allocationWaves).set({ allocations }).where(and(eq(allocationWaves.urn, waveUrn)));
}

/**
 * Steers every group of a persisted wave to an offer of one provider (no fallbacks), then delivers
 * the wave's event again so a booking runner books them there.
 */
export async function steerAll(db: Db, tenant: string, caseUrn: string, provider: "EXPEDIA_RAPID" | "HOTELBEDS" | "DIRECT") {
  const wave = await waveOf(db, caseUrn);
  const offers = wave.rankingInputs as { tier: string; provider: string; hotelUrn: string; hotelName: string; providerOfferId: string; roomsAvailable: number }[];
  for (const a of wave.allocations) {
    const offer = offers.find((r) => r.tier === a.tier && r.provider === provider && r.roomsAvailable >= a.rooms);
    if (!offer) throw new Error(`no ${provider} offer for ${a.tier}`);
    await setAllocation(db, wave.urn, a.groupId, (x) => ({ ...x, hotelUrn: offer.hotelUrn, hotelName: offer.hotelName, provider, providerOfferId: offer.providerOfferId, fallbacks: [] }));
  }
  await enqueue(db, "allocation/wave.persisted", { tenant, caseUrn, waveUrn: wave.urn });
}

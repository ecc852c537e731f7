import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { POST as overrideH } from "@/app/api/v1/manual-review/[itemUrn]/override/route";
import { POST as rebookH } from "@/app/api/v1/manual-review/[itemUrn]/rebook/route";
import { POST as refreshH } from "@/app/api/v1/manual-review/[itemUrn]/recommendations/refresh/route";
import { POST as relaxH } from "@/app/api/v1/manual-review/[itemUrn]/relax/route";
import { POST as resolveH } from "@/app/api/v1/manual-review/[itemUrn]/resolve/route";
import { POST as approveHandler } from "@/app/api/v1/demand/[demandUrn]/approve/route";
import { POST as createDemandHandler } from "@/app/api/v1/demand/case/[caseUrn]/route";
import { allocationWaves, auditEntries, reservations, cases, casePolicyOverlays, jobEvents, passengers, policies, reviewItems } from "@/db/schema";
import { allocateOnApproval, allocateOnRequest } from "@/inngest/functions/allocate";
import type { Wave } from "@/lib/allocation/schemas";
import { createRunner } from "@/lib/jobs/runner";
import { toPolicy } from "@/lib/policies/record";
import type { ReviewCategory } from "@/lib/vocabulary";
import { closePool } from "@/lib/pool";
import { createReviewItem } from "@/lib/review/create-item";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { casePayload, createCase, roleToken } from "@/tests/helpers/cases";
import { ctxFor, principal, uniqueTenant } from "@/tests/helpers/factories";
import { activePolicy } from "@/tests/helpers/policies";
import { sandboxProviders } from "@/tests/helpers/providers";

const database = apiTestDatabase({ airports: true });
const sandboxes = sandboxProviders();
afterAll(() => closePool());
beforeEach(() => sandboxes.reset());

const TIERS = ["FIRST", "BUSINESS", "PREMIUM_ECONOMY", "ECONOMY", "CREW"] as const;
type Handler = typeof rebookH;
const act = (h: Handler, name: string, token: string, itemUrn: string, body?: unknown) =>
  call(h, `/manual-review/${itemUrn}/${name}`, { token, params: { itemUrn }, body, method: "POST" });

async function approvedCase(token: string) {
  const record = await createCase(token, casePayload());
  const res = await call(createDemandHandler, `/demand/case/${record.urn}`, { token, params: { caseUrn: record.urn }, body: { type: "INITIAL", roomsRequested: record.roomsNeeded ?? 10 } });
  if (res.json.status === "REQUESTED") await call(approveHandler, `/demand/${res.json.urn}/approve`, { token, params: { demandUrn: res.json.urn }, body: { reason: "approved" } });
  return record.urn as string;
}

const runJobs = () => createRunner({ db: database.db, jobs: [allocateOnApproval, allocateOnRequest], retryBaseMs: 1 }).tick();

async function wavesOf(caseUrn: string) {
  return database.db.select().from(allocationWaves).where(eq(allocationWaves.caseUrn, caseUrn)).orderBy(desc(allocationWaves.urn));
}
async function itemsOf(caseUrn: string, category: ReviewCategory) {
  return database.db.select().from(reviewItems).where(and(eq(reviewItems.caseUrn, caseUrn), eq(reviewItems.category, category)));
}
async function statusesOf(caseUrn: string) {
  return new Set((await database.db.select({ s: passengers.operationalStatus }).from(passengers).where(eq(passengers.caseUrn, caseUrn))).map((p) => p.s));
}

/** A tenant whose only policy pays at most 10 a night: every CDG group is held (ALLOCATION_FAILED). */
async function strictTenant() {
  const tenant = uniqueTenant();
  const policy = await activePolicy(database.db, tenant, { name: "CDG ten a night", tiers: [...TIERS], constraints: { minStars: 1, maxDistanceKm: 30, maxNightlyRate: 10, requiredAmenities: [] } });
  return { tenant, policy, supervisor: await roleToken(tenant, "OPS_SUPERVISOR"), operator: await roleToken(tenant, "AIRPORT_OPERATOR", ["CDG"]) };
}

describe("recommendations, relax and rebook on a held wave", () => {
  it("an ALLOCATION_FAILED item gets at most 3 deterministic recommendations; a relaxation for one case never reaches another", async () => {
    const { tenant, policy, supervisor, operator } = await strictTenant();
    const caseA = await approvedCase(supervisor);
    const caseB = await approvedCase(supervisor);
    await runJobs();
    const [itemA] = await itemsOf(caseA, "ALLOCATION_FAILED");
    const [itemB] = await itemsOf(caseB, "ALLOCATION_FAILED");
    expect(itemA).toBeTruthy();
    expect(itemB).toBeTruthy();

    const recs = itemA.recommendations as { action: string; fields?: string[]; value?: unknown; source: string; reason: string; estimate?: { groupsPlaced: number; groups: number } }[];
    expect(recs.length).toBeGreaterThan(0);
    expect(recs.length).toBeLessThanOrEqual(3);
    expect(recs.every((r) => r.source === "deterministic" && r.reason.length > 0)).toBe(true);
    const relax = recs.find((r) => r.action === "relaxPolicy")!;
    expect(relax).toBeTruthy();
    expect(relax.estimate!.groupsPlaced).toBeGreaterThan(0);
    // deterministic: the same data gives the same answer
    const refreshed = await act(refreshH, "recommendations/refresh", operator, itemA.urn);
    expect(refreshed.status).toBe(200);
    expect(refreshed.json.recommendations).toEqual(recs);
    expect(refreshed.json.state).toBe("OPEN");

    const field = relax.fields![0];
    const res = await act(relaxH, "relax", operator, itemA.urn, { fields: { [field]: relax.value }, reason: "nothing at ten a night tonight" });
    expect(res.status).toBe(200);
    expect(res.json.state).toBe("CLAIMED");
    const [overlay] = await database.db.select().from(casePolicyOverlays).where(eq(casePolicyOverlays.caseUrn, caseA));
    expect(overlay).toMatchObject({ tenant, reviewUrn: itemA.urn, fields: { [field]: relax.value } });
    const [audit] = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, itemA.urn), eq(auditEntries.action, "relax")));
    expect(audit.reason).toBe("nothing at ten a night tonight");
    const [requested] = await database.db.select().from(jobEvents).where(and(eq(jobEvents.name, "allocation/requested"), sql`${jobEvents.data}->>'caseUrn' = ${caseA}`));
    expect([...(requested.data.groupIds as string[])].sort()).toEqual([...itemA.affectedGroups].sort());

    // the rerun of case A places groups under the relaxed constraint
    await runJobs();
    const [latestA] = await wavesOf(caseA);
    expect(latestA.trigger).toBe("RERUN");
    expect((latestA.allocations as unknown[]).length).toBe(relax.estimate!.groupsPlaced);
    // the policy itself is unchanged
    const [p] = await database.db.select().from(policies).where(eq(policies.urn, policy.urn));
    expect(toPolicy(p).constraints.maxNightlyRate).toBe(10);

    // case B, allocated again, still meets the original constraint: nothing placed
    await database.db.insert(jobEvents).values({ id: crypto.randomUUID(), name: "allocation/requested", tenant, data: { tenant, caseUrn: caseB, demandUrn: null, reason: "try again", groupIds: itemB.affectedGroups } });
    await runJobs();
    const [latestB] = await wavesOf(caseB);
    expect(latestB.trigger).toBe("RERUN");
    expect(latestB.allocations).toEqual([]);
    expect(await statusesOf(caseB)).toEqual(new Set(["HELD"]));
  });

  it("rebook: recommended hotels exclude those tried, the event names the wave's offer, an unknown hotel is 422; resolve moves the case on", async () => {
    const tenant = uniqueTenant();
    await activePolicy(database.db, tenant, { name: "CDG all", tiers: [...TIERS], constraints: { minStars: 3, maxDistanceKm: 30, maxNightlyRate: 400, requiredAmenities: [] } });
    const supervisor = await roleToken(tenant, "OPS_SUPERVISOR");
    const operator = await roleToken(tenant, "AIRPORT_OPERATOR", ["CDG"]);
    const caseUrn = await approvedCase(supervisor);
    await runJobs();
    const [waveRow] = await wavesOf(caseUrn);
    const wave = waveRow as unknown as Wave;
    const placed = wave.allocations[0];
    // what the booking job records when every hotel refused (H1's path), made here directly
    const ctx = ctxFor(database.db, principal({ tenant, roles: ["ADMIN"] }));
    await database.db.update(cases).set({ status: "MANUAL_REVIEW" }).where(eq(cases.urn, caseUrn));
    const tried = [placed.hotelUrn, ...placed.fallbacks.map((f) => f.hotelUrn)];
    const item = await createReviewItem(ctx, {
      caseUrn,
      category: "BOOKING_FAILED",
      waveUrn: wave.urn,
      affectedGroups: [placed.groupId],
      detail: "every hotel refused",
      attemptedHotels: tried.map((hotelUrn) => ({ hotelUrn, reason: "hotel-full" })),
    });
    const recs = item.recommendations as { action: string; hotelUrn?: string }[];
    const rebooks = recs.filter((r) => r.action === "rebook");
    expect(rebooks.length).toBeGreaterThan(0);
    expect(recs.length).toBeLessThanOrEqual(3);
    expect(rebooks.every((r) => !tried.includes(r.hotelUrn!))).toBe(true);
    // ranked by the wave's weighted score for the group's tier
    const scoreOf = (h: string) => Math.max(...wave.rankingInputs.filter((r) => r.hotelUrn === h && r.tier === placed.tier && r.weightedScore !== null).map((r) => r.weightedScore!));
    const scores = rebooks.map((r) => scoreOf(r.hotelUrn!));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));

    const unknown = await act(rebookH, "rebook", operator, item.urn, { hotelUrn: "urn:svc:hotel:019a0000-0000-7000-8000-0000000000ff", reason: "try this one" });
    expect(unknown.status).toBe(422);
    expect((await database.db.select().from(reviewItems).where(eq(reviewItems.urn, item.urn)))[0].state).toBe("OPEN");

    const target = rebooks[0].hotelUrn!;
    const res = await act(rebookH, "rebook", operator, item.urn, { hotelUrn: target, reason: "the desk called them: rooms free" });
    expect(res.status).toBe(200);
    expect(res.json.state).toBe("CLAIMED");
    const [event] = await database.db.select().from(jobEvents).where(and(eq(jobEvents.name, "booking/requested"), sql`${jobEvents.data}->>'reviewUrn' = ${item.urn}`));
    const offer = wave.rankingInputs.find((r) => r.hotelUrn === target && r.tier === placed.tier && r.weightedScore !== null)!;
    expect(event.data).toMatchObject({
      tenant,
      caseUrn,
      waveUrn: wave.urn,
      groupId: placed.groupId,
      target: { hotelUrn: target, provider: offer.provider, providerOfferId: offer.providerOfferId },
      reason: "the desk called them: rooms free",
    });

    const resolved = await act(resolveH, "resolve", operator, item.urn, { resolution: "REBOOKED", reason: "rebooked at the desk's hotel" });
    expect(resolved.status).toBe(200);
    // the groups are allocated and await their booking
    expect((await database.db.select().from(cases).where(eq(cases.urn, caseUrn)))[0].status).toBe("BOOKING");
  });

  it("override books the given offer for the item's group through manual booking, by an operator holding the item", async () => {
    const tenant = uniqueTenant();
    await activePolicy(database.db, tenant, { name: "CDG all", tiers: [...TIERS], constraints: { minStars: 3, maxDistanceKm: 30, maxNightlyRate: 400, requiredAmenities: [] } });
    const supervisor = await roleToken(tenant, "OPS_SUPERVISOR");
    const operator = await roleToken(tenant, "AIRPORT_OPERATOR", ["CDG"]);
    const caseUrn = await approvedCase(supervisor);
    await runJobs();
    const [waveRow] = await wavesOf(caseUrn);
    const wave = waveRow as unknown as Wave;
    const placed = wave.allocations[0];
    const ctx = ctxFor(database.db, principal({ tenant, roles: ["ADMIN"] }));
    const item = await createReviewItem(ctx, { caseUrn, category: "BOOKING_FAILED", waveUrn: wave.urn, affectedGroups: [placed.groupId], detail: "every hotel refused", attemptedHotels: [{ hotelUrn: placed.hotelUrn, reason: "hotel-full" }] });
    const offer = wave.rankingInputs.find((r) => r.tier === placed.tier && r.weightedScore !== null && r.hotelUrn !== placed.hotelUrn && r.roomsAvailable >= placed.rooms)!;
    const res = await act(overrideH, "override", operator, item.urn, { hotelUrn: offer.hotelUrn, providerOfferId: offer.providerOfferId, reason: "the duty manager confirmed by phone" });
    expect(res.status, res.text).toBe(200);
    expect(res.json.state).toBe("CLAIMED");
    const booked = await database.db.select().from(reservations).where(and(eq(reservations.caseUrn, caseUrn), eq(reservations.groupId, placed.groupId)));
    expect(booked.filter((r) => r.status === "CONFIRMED")).toHaveLength(1);
    expect(booked.find((r) => r.status === "CONFIRMED")!.hotelUrn).toBe(offer.hotelUrn);
    const audit = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, item.urn), eq(auditEntries.action, "override")));
    expect(audit[0].reason).toBe("the duty manager confirmed by phone");
  });
});

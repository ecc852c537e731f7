import { and, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { POST as overrideHandler } from "@/app/api/v1/allocation/wave/[waveUrn]/override/route";
import { POST as rerunHandler } from "@/app/api/v1/allocation/wave/[waveUrn]/rerun/route";
import { GET as getWaveHandler } from "@/app/api/v1/allocation/wave/[waveUrn]/route";
import { GET as getCaseHandler } from "@/app/api/v1/cases/[caseUrn]/route";
import { POST as approveHandler } from "@/app/api/v1/demand/[demandUrn]/approve/route";
import { POST as createDemandHandler } from "@/app/api/v1/demand/case/[caseUrn]/route";
import { allocationWaves, auditEntries, cases, passengers, reviewItems, stayRatings } from "@/db/schema";
import { allocateOnApproval } from "@/inngest/functions/allocate";
import { completeAllocation, type Prepared, prepareAllocation, type RunAllocationInput } from "@/lib/allocation/run";
import { systemPrincipal } from "@/lib/auth/principal";
import { newUrn } from "@/lib/ids";
import { createRunner } from "@/lib/jobs/runner";
import { closePool } from "@/lib/pool";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { casePayload, createCase, pax, roleToken } from "@/tests/helpers/cases";
import { ctxFor, uniqueTenant } from "@/tests/helpers/factories";
import { activePolicy } from "@/tests/helpers/policies";
import { sandboxProviders } from "@/tests/helpers/providers";
import { insertDirectReservation } from "@/tests/helpers/reservations";
import { enqueue } from "../jobs/helpers";

const database = apiTestDatabase({ airports: true });
const sandboxes = sandboxProviders();
afterAll(() => closePool());

const ALL_TIERS = ["FIRST", "BUSINESS", "PREMIUM_ECONOMY", "ECONOMY", "CREW"] as const;

/** A tenant with one ACTIVE auto-approving CDG policy per given tier set, and a supervisor's token. */
async function tenantWithPolicies(tiers: readonly (typeof ALL_TIERS)[number][] = ALL_TIERS) {
  const tenant = uniqueTenant();
  await activePolicy(database.db, tenant, {
    name: "CDG all",
    tiers: [...tiers],
    constraints: { minStars: 3, maxDistanceKm: 30, maxNightlyRate: 400, requiredAmenities: [] },
  });
  return { tenant, token: await roleToken(tenant, "OPS_SUPERVISOR") };
}

async function approvedCase(token: string, payload = casePayload()) {
  const record = await createCase(token, payload);
  const res = await call(createDemandHandler, `/demand/case/${record.urn}`, { token, params: { caseUrn: record.urn }, body: { type: "INITIAL", roomsRequested: record.roomsNeeded ?? 10 } });
  expect(res.status).toBe(201);
  if (res.json.status === "REQUESTED") {
    // a tier without a policy keeps the demand from automatic approval: a supervisor approves it
    const approved = await call(approveHandler, `/demand/${res.json.urn}/approve`, { token, params: { demandUrn: res.json.urn }, body: { reason: "approved at the desk" } });
    expect(approved.json.status).toBe("APPROVED");
  } else expect(res.json.status).toBe("APPROVED");
  return { caseUrn: record.urn as string, demandUrn: res.json.urn as string };
}

async function runJobs() {
  const runner = createRunner({ db: database.db, jobs: [allocateOnApproval], retryBaseMs: 1 });
  return runner.tick();
}

async function wavesOf(caseUrn: string) {
  return database.db.select().from(allocationWaves).where(eq(allocationWaves.caseUrn, caseUrn));
}

beforeEach(() => sandboxes.reset());

describe("demand approval → allocation wave", () => {
  it("places every group, explains the ranking, moves passengers to ALLOCATED and the case to BOOKING", async () => {
    const { token } = await tenantWithPolicies();
    const { caseUrn, demandUrn } = await approvedCase(token);
    await runJobs();

    const [wave] = await wavesOf(caseUrn);
    expect(wave).toMatchObject({ demandUrn, trigger: "DEMAND", status: "COMPLETE", airport: "CDG", degraded: false });
    const res = await call(getWaveHandler, `/allocation/wave/${wave.urn}`, { token, params: { waveUrn: wave.urn } });
    expect(res.status).toBe(200);
    const w = res.json;
    expect(w.allocations.map((a: { groupId: string }) => a.groupId).sort()).toHaveLength(3);
    expect(w.held).toEqual([]);
    expect(w.sources.map((s: { provider: string; ok: boolean }) => [s.provider, s.ok]).sort()).toEqual([
      ["DIRECT", true],
      ["EXPEDIA_RAPID", true],
      ["HOTELBEDS", true],
    ]);
    expect(w.offersRaw).toBeGreaterThan(w.offersDeduped);
    expect(w.rankingInputs.length).toBeGreaterThan(3);
    expect(w.rankingInputs.some((r: { selected: boolean }) => r.selected)).toBe(true);
    expect(w.rankingInputs.every((r: { reason: string }) => r.reason.length > 0)).toBe(true);
    expect(w.totalCost.currency).toBe("EUR");
    expect(w.totalCost.amount).toBeCloseTo(
      w.allocations.reduce((s: number, a: { total: { amount: number } }) => s + a.total.amount, 0),
      2,
    );
    // every allocation is within the policy: ≤ 30 km, ≤ 400 a night
    for (const a of w.allocations) {
      const row = w.rankingInputs.find((r: { hotelUrn: string; providerOfferId: string }) => r.hotelUrn === a.hotelUrn && r.providerOfferId === a.providerOfferId);
      expect(row.distanceKm).toBeLessThanOrEqual(30);
      expect(a.nightlyRate.amount).toBeLessThanOrEqual(400);
    }

    const statuses = await database.db.select({ s: passengers.operationalStatus }).from(passengers).where(eq(passengers.caseUrn, caseUrn));
    expect(new Set(statuses.map((p) => p.s))).toEqual(new Set(["ALLOCATED"]));
    const [c] = await database.db.select().from(cases).where(eq(cases.urn, caseUrn));
    expect(c.status).toBe("BOOKING");
    const record = (await call(getCaseHandler, `/cases/${caseUrn}`, { token, params: { caseUrn } })).json;
    expect(record.wave.urn).toBe(wave.urn);
    expect(record.passengerGroups.every((g: { hotelUrn: string | null }) => g.hotelUrn?.startsWith("urn:svc:hotel:"))).toBe(true);
  });

  it("a re-delivered approval never makes a second wave for the same demand", async () => {
    const { tenant, token } = await tenantWithPolicies();
    const { caseUrn, demandUrn } = await approvedCase(token);
    await runJobs();
    await enqueue(database.db, "demand/approved", { tenant, caseUrn, demandUrn, policyUrn: null, policyVersion: null });
    await enqueue(database.db, "demand/approved", { tenant, caseUrn, demandUrn, policyUrn: null, policyVersion: null });
    await runJobs();
    expect(await wavesOf(caseUrn)).toHaveLength(1);
  });

  it("holds the groups of a tier no policy matches: POLICY_VIOLATION (LOW), case to MANUAL_REVIEW", async () => {
    const { token } = await tenantWithPolicies(["ECONOMY", "PREMIUM_ECONOMY", "BUSINESS", "FIRST"]);
    const { caseUrn } = await approvedCase(token);
    await runJobs();
    const [wave] = await wavesOf(caseUrn);
    expect(wave.status).toBe("PARTIAL");
    const held = wave.held as { groupId: string; cause: string; reviewUrn: string }[];
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ cause: "NO_POLICY" });
    const [item] = await database.db.select().from(reviewItems).where(and(eq(reviewItems.caseUrn, caseUrn), eq(reviewItems.category, "POLICY_VIOLATION")));
    expect(item).toMatchObject({ priority: "LOW", urn: held[0].reviewUrn, affectedGroups: [held[0].groupId] });
    const [c] = await database.db.select().from(cases).where(eq(cases.urn, caseUrn));
    expect(c.status).toBe("MANUAL_REVIEW");
    const crew = await database.db.select().from(passengers).where(and(eq(passengers.caseUrn, caseUrn), eq(passengers.tier, "CREW")));
    expect(crew.every((p) => p.operationalStatus === "HELD")).toBe(true);
  });

  it("a group that fits nowhere is HELD with an ALLOCATION_FAILED (HIGH) item naming the cause", async () => {
    const tenant = uniqueTenant();
    // five stars within 2 km of CDG: nothing there
    await activePolicy(database.db, tenant, { tiers: [...ALL_TIERS], constraints: { minStars: 5, maxDistanceKm: 2, maxNightlyRate: 400, requiredAmenities: [] } });
    const token = await roleToken(tenant, "OPS_SUPERVISOR");
    const { caseUrn } = await approvedCase(token);
    await runJobs();
    const [wave] = await wavesOf(caseUrn);
    expect(wave.status).toBe("FAILED");
    const items = await database.db.select().from(reviewItems).where(and(eq(reviewItems.caseUrn, caseUrn), eq(reviewItems.category, "ALLOCATION_FAILED")));
    expect(items.length).toBeGreaterThanOrEqual(1);
    expect(items[0].priority).toBe("HIGH");
    expect(items[0].detail).toMatch(/held/);
    expect((wave.held as { cause: string }[]).every((h) => ["NO_HOTEL_IN_RADIUS", "FILTERED_OUT"].includes(h.cause))).toBe(true);
  });

  it("a provider that is down degrades the wave instead of failing it", async () => {
    const { token } = await tenantWithPolicies();
    await sandboxes.admin("HOTELBEDS", "/__sandbox/faults", { rate5xx: 1 });
    const { caseUrn } = await approvedCase(token);
    await runJobs();
    const [wave] = await wavesOf(caseUrn);
    expect(wave.degraded).toBe(true);
    const sources = wave.sources as { provider: string; ok: boolean; error: string | null }[];
    expect(sources.find((s) => s.provider === "HOTELBEDS")).toMatchObject({ ok: false });
    expect(sources.find((s) => s.provider === "EXPEDIA_RAPID")).toMatchObject({ ok: true });
    expect((wave.allocations as unknown[]).length).toBe(3);
  });

  it("places a wheelchair user only where an accessible room is left", async () => {
    const { token } = await tenantWithPolicies();
    const payload = casePayload({
      passengerGroups: [{ pnr: "WCH001", passengers: [pax("W1", "ECONOMY", { specialNeeds: ["WHEELCHAIR"] }), pax("W2")] }],
    });
    const { caseUrn } = await approvedCase(token, payload);
    await runJobs();
    const [wave] = await wavesOf(caseUrn);
    const [a] = wave.allocations as { hotelUrn: string; providerOfferId: string; accessibleRooms: number }[];
    expect(a.accessibleRooms).toBe(1);
    const offer = (wave.rankingInputs as { hotelUrn: string; providerOfferId: string; accessibleRoomsAvailable: number }[]).find(
      (r) => r.hotelUrn === a.hotelUrn && r.providerOfferId === a.providerOfferId,
    );
    expect(offer?.accessibleRoomsAvailable).toBeGreaterThanOrEqual(1);
  });

  it("gates on the tenant's stay quality of the offered hotels: a hotel rated under minQuality is filtered out of the next wave", async () => {
    const tenant = uniqueTenant();
    await activePolicy(database.db, tenant, { name: "CDG gated", tiers: [...ALL_TIERS], constraints: { minStars: 3, maxDistanceKm: 30, maxNightlyRate: 400, requiredAmenities: [], minQuality: 3 } });
    const token = await roleToken(tenant, "OPS_SUPERVISOR");
    const first = await approvedCase(token);
    await runJobs();
    const [wave] = await wavesOf(first.caseUrn);
    type Row = { hotelUrn: string; weightedScore: number | null; selected: boolean; reason: string };
    // a compliant hotel the first wave did not use (its rooms untouched), rated 2 five times (QUALITY_MIN_RATINGS)
    const rated = (wave.rankingInputs as Row[]).find((r) => r.weightedScore !== null && !r.selected && r.hotelUrn.startsWith("urn:svc:hotel:"))!;
    const groupId = (wave.allocations as { groupId: string }[])[0].groupId;
    const reservationUrn = await insertDirectReservation(database.db, { tenant, caseUrn: first.caseUrn, waveUrn: wave.urn, groupId, hotelUrn: rated.hotelUrn });
    for (let i = 0; i < 5; i++) await database.db.insert(stayRatings).values({ urn: newUrn("rating"), tenant, reservationUrn, hotelUrn: rated.hotelUrn, source: "OPERATOR", score: 2, tags: [], createdBy: "test" });

    const second = await approvedCase(token);
    await runJobs();
    const [next] = await wavesOf(second.caseUrn);
    const rows = (next.rankingInputs as Row[]).filter((r) => r.hotelUrn === rated.hotelUrn);
    // the hotel's row says why (its other providers' offers are listed as its duplicates); none is scored
    expect(rows.map((r) => r.reason)).toContain("filtered: quality 2 < minQuality 3 (5 ratings)");
    expect(rows.every((r) => r.weightedScore === null && !r.selected)).toBe(true);
    expect((next.allocations as { hotelUrn: string }[]).some((a) => a.hotelUrn === rated.hotelUrn)).toBe(false);
  });
});

describe("override of a group already booked", () => {
  it("cancels the reservation where the provider can, then books the new hotel; a provider that cannot cancel refuses with 409 and nothing changes", async () => {
    const { bookGroup, bookWave } = await import("@/inngest/functions/book");
    const { passengerFlow } = await import("@/inngest/functions/passenger-flow");
    const { messagesOnVoucherIssued } = await import("@/inngest/functions/messages");
    const { reservations } = await import("@/db/schema");
    const { token } = await tenantWithPolicies();
    const { caseUrn } = await approvedCase(token);
    const runner = createRunner({ db: database.db, jobs: [allocateOnApproval, bookWave, bookGroup, passengerFlow, messagesOnVoucherIssued], retryBaseMs: 1 });
    await runner.tick();
    const [wave] = await wavesOf(caseUrn);
    const booked = await database.db.select().from(reservations).where(and(eq(reservations.caseUrn, caseUrn), eq(reservations.status, "CONFIRMED")));
    expect(booked.length).toBe(3);
    const candidates = wave.rankingInputs as { tier: string; hotelUrn: string; provider: string; weightedScore: number | null; roomsAvailable: number }[];
    const allocations = wave.allocations as { groupId: string; hotelUrn: string; tier: string }[];
    const params = { waveUrn: wave.urn };
    for (const r of booked) {
      const a = allocations.find((x) => x.groupId === r.groupId)!;
      const other = candidates.find((c) => c.tier === a.tier && c.hotelUrn !== a.hotelUrn && c.weightedScore !== null && c.roomsAvailable >= 5 && !booked.some((b) => b.hotelUrn === c.hotelUrn))!;
      const res = await call(overrideHandler, `/allocation/wave/${wave.urn}/override`, { token, params, body: { groupId: r.groupId, hotelUrn: other.hotelUrn, reason: "closer to the terminal" } });
      const [after] = await database.db.select().from(reservations).where(eq(reservations.urn, r.urn));
      if (r.provider === "EXPEDIA_RAPID") {
        // the self-service tier cannot cancel: the override is refused and nothing moved
        expect(res.status).toBe(409);
        expect(after.status).toBe("CONFIRMED");
        const [w] = await wavesOf(caseUrn);
        expect((w.allocations as { groupId: string; hotelUrn: string }[]).find((x) => x.groupId === r.groupId)!.hotelUrn).toBe(a.hotelUrn);
        continue;
      }
      expect(res.status).toBe(200);
      expect(after).toMatchObject({ status: "CANCELLED" });
      await runner.tick();
      const live = await database.db.select().from(reservations).where(and(eq(reservations.caseUrn, caseUrn), eq(reservations.groupId, r.groupId), eq(reservations.status, "CONFIRMED")));
      expect(live).toHaveLength(1);
      expect(live[0].hotelUrn).toBe(other.hotelUrn);
    }
  }, 120_000);
});

describe("override and rerun", () => {
  it("override moves one group with a reason, audited before/after; other groups untouched", async () => {
    const { token } = await tenantWithPolicies();
    const { caseUrn } = await approvedCase(token);
    await runJobs();
    const [wave] = await wavesOf(caseUrn);
    const allocations = wave.allocations as { groupId: string; hotelUrn: string; tier: string }[];
    const target = allocations[0];
    const other = (wave.rankingInputs as { tier: string; hotelUrn: string; weightedScore: number | null; roomsAvailable: number }[]).find(
      (r) => r.tier === target.tier && r.hotelUrn !== target.hotelUrn && r.weightedScore !== null && r.roomsAvailable >= 5,
    )!;
    const params = { waveUrn: wave.urn };

    const noReason = await call(overrideHandler, `/allocation/wave/${wave.urn}/override`, { token, params, body: { groupId: target.groupId, hotelUrn: other.hotelUrn } });
    expect(noReason.status).toBe(422);
    expect(noReason.json.code).toBe("REASON_REQUIRED");
    const operator = await roleToken(wave.tenant, "AIRPORT_OPERATOR", ["CDG"]);
    const refused = await call(overrideHandler, `/allocation/wave/${wave.urn}/override`, { token: operator, params, body: { groupId: target.groupId, hotelUrn: other.hotelUrn, reason: "x" } });
    expect(refused.status).toBe(403);
    const unknown = await call(overrideHandler, `/allocation/wave/${wave.urn}/override`, {
      token,
      params,
      body: { groupId: target.groupId, hotelUrn: "urn:svc:hotel:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d10", reason: "x" },
    });
    expect(unknown.status).toBe(422);

    const res = await call(overrideHandler, `/allocation/wave/${wave.urn}/override`, {
      token,
      params,
      body: { groupId: target.groupId, hotelUrn: other.hotelUrn, reason: "family asked to stay near the terminal" },
    });
    expect(res.status).toBe(200);
    const moved = res.json.allocations.find((a: { groupId: string }) => a.groupId === target.groupId);
    expect(moved).toMatchObject({ hotelUrn: other.hotelUrn, override: { reason: "family asked to stay near the terminal", fromHotelUrn: target.hotelUrn } });
    for (const a of allocations.slice(1)) {
      expect(res.json.allocations.find((b: { groupId: string }) => b.groupId === a.groupId).hotelUrn).toBe(a.hotelUrn);
    }
    const [entry] = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, wave.urn), eq(auditEntries.action, "override")));
    expect(entry.reason).toBe("family asked to stay near the terminal");
    expect(entry.changes).toEqual(expect.arrayContaining([{ field: "hotelUrn", before: target.hotelUrn, after: other.hotelUrn }]));
  });

  it("rerun needs a reason and a supervisor, then answers 201 with a new wave that supersedes the old", async () => {
    const { tenant, token } = await tenantWithPolicies(["ECONOMY", "PREMIUM_ECONOMY", "BUSINESS", "FIRST"]);
    const { caseUrn } = await approvedCase(token);
    await runJobs();
    const [first] = await wavesOf(caseUrn);
    const params = { waveUrn: first.urn };
    expect((await call(rerunHandler, `/allocation/wave/${first.urn}/rerun`, { token, params, body: {} })).json.code).toBe("REASON_REQUIRED");
    const operator = await roleToken(tenant, "AIRPORT_OPERATOR", ["CDG"]);
    expect((await call(rerunHandler, `/allocation/wave/${first.urn}/rerun`, { token: operator, params, body: { reason: "x" } })).status).toBe(403);
    const lhr = await roleToken(tenant, "OPS_SUPERVISOR", ["LHR"]);
    expect((await call(rerunHandler, `/allocation/wave/${first.urn}/rerun`, { token: lhr, params, body: { reason: "x" } })).json.code).toBe("OUT_OF_SCOPE");
    const stranger = await roleToken(uniqueTenant(), "OPS_SUPERVISOR");
    expect((await call(getWaveHandler, `/allocation/wave/${first.urn}`, { token: stranger, params })).status).toBe(404);

    // crew now has a policy: the rerun places the held crew group and the unbooked others
    await activePolicy(database.db, tenant, { name: "CDG crew", tiers: ["CREW"], constraints: { minStars: 3, maxDistanceKm: 30, maxNightlyRate: 400, requiredAmenities: [] } });
    const res = await call(rerunHandler, `/allocation/wave/${first.urn}/rerun`, { token, params, body: { reason: "crew policy activated" } });
    expect(res.status).toBe(201);
    expect(res.headers.get("location")).toBe(`/api/v1/allocation/wave/${res.json.urn}`);
    expect(res.json).toMatchObject({ trigger: "RERUN", reason: "crew policy activated", status: "COMPLETE" });
    expect(res.json.allocations).toHaveLength(3);
    const [old] = await database.db.select().from(allocationWaves).where(eq(allocationWaves.urn, first.urn));
    expect(old.status).toBe("SUPERSEDED");
  });
});

describe("the same job under Inngest (@inngest/test, through the adapter)", () => {
  it("runs batch-window → search → allocate with Inngest's step tools and persists one wave", async () => {
    const { InngestTestEngine } = await import("@inngest/test");
    const { Inngest } = await import("inngest");
    const { toInngestFunction } = await import("@/inngest/adapter");
    const { tenant, token } = await tenantWithPolicies();
    const { caseUrn, demandUrn } = await approvedCase(token);
    const t = new InngestTestEngine({ function: toInngestFunction(new Inngest({ id: "allocation-test" }), allocateOnApproval) });
    const { result, error } = await t.execute({ events: [{ name: "demand/approved", data: { tenant, caseUrn, demandUrn, policyUrn: null, policyVersion: null } }] });
    expect(error).toBeUndefined();
    const waves = await wavesOf(caseUrn);
    expect(waves).toHaveLength(1);
    expect(result).toMatchObject({ waveUrn: waves[0].urn, created: true });
  });
});

describe("BATCH policies", () => {
  it("wait for the airport's batch window, then make one wave per case marked BATCH", async () => {
    const { manualClock } = await import("@/lib/jobs/clock");
    const tenant = uniqueTenant();
    await activePolicy(database.db, tenant, { tiers: [...ALL_TIERS], mode: "BATCH", constraints: { minStars: 3, maxDistanceKm: 30, maxNightlyRate: 400, requiredAmenities: [] } });
    const token = await roleToken(tenant, "OPS_SUPERVISOR");
    const a = await approvedCase(token);
    const b = await approvedCase(token);
    const clock = manualClock(Date.now());
    const runner = createRunner({ db: database.db, jobs: [allocateOnApproval], retryBaseMs: 1, clock });
    await runner.tick();
    // both runs sleep until the window's end: nothing allocated yet
    expect(await wavesOf(a.caseUrn)).toHaveLength(0);
    clock.advance(121_000);
    await runner.tick();
    for (const c of [a, b]) {
      const waves = await wavesOf(c.caseUrn);
      expect(waves).toHaveLength(1);
      expect(waves[0]).toMatchObject({ trigger: "BATCH", demandUrn: c.demandUrn });
    }
  });
});

describe("concurrent waves of one airport", () => {
  it("never count on the same room: a later wave sees the rooms earlier waves took but have not booked yet", async () => {
    const { token } = await tenantWithPolicies();
    const big = (tag: string) =>
      casePayload({
        passengerGroups: Array.from({ length: 60 }, (_, i) => ({ pnr: `${tag}${String(i).padStart(3, "0")}`, passengers: [pax(`${tag}-${i}-a`), pax(`${tag}-${i}-b`)] })),
      });
    const first = await approvedCase(token, big("A"));
    const second = await approvedCase(token, big("B"));
    await runJobs();
    // both searches run side by side and the waves are decided one at a time: in either order
    const [w1] = await wavesOf(first.caseUrn);
    const [w2] = await wavesOf(second.caseUrn);
    const [wa, wb] = w1.urn < w2.urn ? [w1, w2] : [w2, w1];
    type A = { hotelUrn: string; provider: string; rooms: number };
    type R = { hotelUrn: string; provider: string; roomsAvailable: number };
    const used = new Map<string, number>();
    for (const a of [...(wa.allocations as A[]), ...(wb.allocations as A[])]) used.set(`${a.provider}|${a.hotelUrn}`, (used.get(`${a.provider}|${a.hotelUrn}`) ?? 0) + a.rooms);
    // what the sources offered before either wave took anything
    const offered = new Map<string, number>();
    for (const r of wa.rankingInputs as R[]) offered.set(`${r.provider}|${r.hotelUrn}`, Math.max(offered.get(`${r.provider}|${r.hotelUrn}`) ?? 0, r.roomsAvailable));
    const shared = [...used.keys()].filter((k) => (wa.allocations as A[]).some((a) => `${a.provider}|${a.hotelUrn}` === k) && (wb.allocations as A[]).some((a) => `${a.provider}|${a.hotelUrn}` === k));
    for (const [key, rooms] of used) expect(rooms, key).toBeLessThanOrEqual(offered.get(key) ?? Infinity);
    // the later wave saw the earlier one's rooms gone where both used one hotel
    for (const key of shared) {
      const seen = Math.max(...(wb.rankingInputs as R[]).filter((r) => `${r.provider}|${r.hotelUrn}` === key).map((r) => r.roomsAvailable));
      const firstTook = (wa.allocations as A[]).filter((a) => `${a.provider}|${a.hotelUrn}` === key).reduce((s, a) => s + a.rooms, 0);
      expect(seen).toBeLessThanOrEqual((offered.get(key) ?? 0) - firstTook);
    }
  }, 120_000);
});

describe("two waves of one case side by side (a split's and an approval's)", () => {
  it("place each group once, in either order: the one decided second finds nothing left to place", async () => {
    for (const order of ["approval first", "request first"]) {
      const { tenant, token } = await tenantWithPolicies();
      const { caseUrn, demandUrn } = await approvedCase(token);
      const ctx = ctxFor(database.db, systemPrincipal(tenant, "allocation"));
      const approval: RunAllocationInput = { caseUrn, demandUrn, trigger: "DEMAND", reason: null, idempotencyKey: `demand:${demandUrn}` };
      // what a split's allocation/requested runs, for the same groups
      const request: RunAllocationInput = { caseUrn, demandUrn, trigger: "RERUN", reason: "split", idempotencyKey: `requested:${crypto.randomUUID()}` };
      // both searched before either is decided, as two jobs' first steps are
      const ready = new Map([approval, request].map((input) => [input, prepareAllocation(ctx, input)] as const));
      const [first, second] = order === "approval first" ? [approval, request] : [request, approval];
      const decided = await completeAllocation(ctx, first, (await ready.get(first)!) as Extract<Prepared, { kind: "ready" }>);
      const again = await completeAllocation(ctx, second, (await ready.get(second)!) as Extract<Prepared, { kind: "ready" }>);
      expect(decided.created, order).toBe(true);
      expect(again, order).toEqual({ waveUrn: null, created: false, skipped: "no group is waiting for a room" });
      expect(await wavesOf(caseUrn), order).toHaveLength(1);
      // a re-delivered step of the first finds its wave
      expect(await completeAllocation(ctx, first, (await ready.get(first)!) as Extract<Prepared, { kind: "ready" }>)).toEqual({ waveUrn: decided.waveUrn, created: false });
    }
  });
});

describe("every hotel source failing", () => {
  it("is retried instead of holding every group; after the last retry the case goes to review with the sources' errors", async () => {
    const { token } = await tenantWithPolicies();
    await sandboxes.admin("HOTELBEDS", "/__sandbox/faults", { rate5xx: 1 });
    await sandboxes.admin("EXPEDIA_RAPID", "/__sandbox/faults", { rate5xx: 1 });
    const { caseUrn } = await approvedCase(token);
    // the job's retries back off (1 ms here): run until the failure handler has moved the case
    for (let i = 0; i < 40; i++) {
      await runJobs();
      const [now] = await database.db.select({ status: cases.status }).from(cases).where(eq(cases.urn, caseUrn));
      if (now.status === "MANUAL_REVIEW") break;
      await new Promise((r) => setTimeout(r, 50));
    }
    // no wave claiming "no hotel in radius": the job failed for good and said so
    expect(await wavesOf(caseUrn)).toHaveLength(0);
    const [c] = await database.db.select().from(cases).where(eq(cases.urn, caseUrn));
    expect(c.status).toBe("MANUAL_REVIEW");
    const [item] = await database.db.select().from(reviewItems).where(and(eq(reviewItems.caseUrn, caseUrn), eq(reviewItems.category, "ALLOCATION_FAILED")));
    expect(item.detail).toMatch(/No hotel source could be searched/);
    const statuses = await database.db.select({ s: passengers.operationalStatus }).from(passengers).where(eq(passengers.caseUrn, caseUrn));
    expect(new Set(statuses.map((p) => p.s))).toEqual(new Set(["AWAITING_ALLOCATION"]));
  }, 60_000);
});

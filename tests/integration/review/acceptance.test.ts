import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { POST as approveHandler } from "@/app/api/v1/demand/[demandUrn]/approve/route";
import { POST as createDemandHandler } from "@/app/api/v1/demand/case/[caseUrn]/route";
import { POST as overrideH } from "@/app/api/v1/manual-review/[itemUrn]/override/route";
import { POST as rebookH } from "@/app/api/v1/manual-review/[itemUrn]/rebook/route";
import { POST as relaxH } from "@/app/api/v1/manual-review/[itemUrn]/relax/route";
import { GET as getItemH } from "@/app/api/v1/manual-review/[itemUrn]/route";
import { allocationWaves, auditEntries, cases, reviewItems } from "@/db/schema";
import { allocateOnApproval, allocateOnRequest } from "@/inngest/functions/allocate";
import type { Wave } from "@/lib/allocation/schemas";
import { createRunner } from "@/lib/jobs/runner";
import { closePool } from "@/lib/pool";
import { newUrn } from "@/lib/ids";
import { acceptanceShare } from "@/lib/review/acceptance";
import { createReviewItem } from "@/lib/review/create-item";
import type { Recommendation } from "@/lib/records/review";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { insertCase } from "@/tests/helpers/case-rows";
import { casePayload, createCase, roleToken } from "@/tests/helpers/cases";
import { ctxFor, principal, uniqueTenant } from "@/tests/helpers/factories";
import { activePolicy } from "@/tests/helpers/policies";
import { sandboxProviders } from "@/tests/helpers/providers";

const database = apiTestDatabase({ airports: true });
const sandboxes = sandboxProviders();
afterAll(() => closePool());
beforeEach(() => sandboxes.reset());

const TIERS = ["FIRST", "BUSINESS", "PREMIUM_ECONOMY", "ECONOMY", "CREW"] as const;
const OPERATOR = "urn:svc:user:019a0000-0000-7000-8000-0000000000c1";
type Handler = typeof rebookH;
const act = (h: Handler, name: string, token: string, itemUrn: string, body?: unknown) =>
  call(h, `/manual-review/${itemUrn}/${name}`, { token, params: { itemUrn }, body, method: "POST" });
const runJobs = () => createRunner({ db: database.db, jobs: [allocateOnApproval, allocateOnRequest], retryBaseMs: 1 }).tick();

async function approvedCase(token: string) {
  const record = await createCase(token, casePayload());
  const res = await call(createDemandHandler, `/demand/case/${record.urn}`, { token, params: { caseUrn: record.urn }, body: { type: "INITIAL", roomsRequested: record.roomsNeeded ?? 10 } });
  if (res.json.status === "REQUESTED") await call(approveHandler, `/demand/${res.json.urn}/approve`, { token, params: { demandUrn: res.json.urn }, body: { reason: "approved" } });
  return record.urn as string;
}

async function stored(urn: string) {
  const [row] = await database.db.select().from(reviewItems).where(eq(reviewItems.urn, urn));
  return row;
}

/**
 * A tenant whose policy houses CDG groups, one case allocated, and a BOOKING_FAILED item for its
 * first group whose placed hotel refused: the recommender proposes other hotels of the wave.
 */
async function bookingFailedItem() {
  const tenant = uniqueTenant();
  await activePolicy(database.db, tenant, { name: "CDG all", tiers: [...TIERS], constraints: { minStars: 3, maxDistanceKm: 30, maxNightlyRate: 400, requiredAmenities: [] } });
  const supervisor = await roleToken(tenant, "OPS_SUPERVISOR");
  const operator = await roleToken(tenant, "AIRPORT_OPERATOR", ["CDG"], OPERATOR);
  const caseUrn = await approvedCase(supervisor);
  await runJobs();
  const [waveRow] = await database.db.select().from(allocationWaves).where(eq(allocationWaves.caseUrn, caseUrn)).orderBy(desc(allocationWaves.urn));
  const wave = waveRow as unknown as Wave;
  const placed = wave.allocations[0];
  await database.db.update(cases).set({ status: "MANUAL_REVIEW" }).where(eq(cases.urn, caseUrn));
  const ctx = ctxFor(database.db, principal({ tenant, roles: ["ADMIN"] }));
  const item = await createReviewItem(ctx, {
    caseUrn,
    category: "BOOKING_FAILED",
    waveUrn: wave.urn,
    affectedGroups: [placed.groupId],
    detail: "the placed hotel refused",
    attemptedHotels: [{ hotelUrn: placed.hotelUrn, reason: "hotel-full" }],
  });
  const rebooks = (item.recommendations as Recommendation[]).filter((r) => r.action === "rebook");
  expect(rebooks.length).toBeGreaterThan(1);
  return { tenant, operator, caseUrn, wave, placed, item, rebooks };
}

describe("acceptance tracking: the item records the recommendation an action took", () => {
  it("a rebook at the deterministic recommender's first hotel records it, shown on the item and audited", async () => {
    const { operator, item, rebooks } = await bookingFailedItem();
    expect((await stored(item.urn)).acceptedRecommendation).toBeNull();
    const res = await act(rebookH, "rebook", operator, item.urn, { hotelUrn: rebooks[0].hotelUrn, reason: "the first proposal" });
    expect(res.status, res.text).toBe(200);
    expect(res.json.acceptedRecommendation).toMatchObject({ index: 0, action: "rebook", source: "deterministic", hotelUrn: rebooks[0].hotelUrn, by: OPERATOR });
    expect(Date.parse(res.json.acceptedRecommendation.at)).toBeGreaterThan(Date.now() - 60_000);
    const read = await call(getItemH, `/manual-review/${item.urn}`, { token: operator, params: { itemUrn: item.urn } });
    expect(read.json.acceptedRecommendation).toEqual(res.json.acceptedRecommendation);
    const [audit] = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, item.urn), eq(auditEntries.action, "rebook")));
    expect(audit.changes.find((c) => c.field === "acceptedRecommendation")?.after).toMatchObject({ index: 0, source: "deterministic" });
  });

  it("a rebook at the agent's second hotel records index 1 with source agent", async () => {
    const { operator, item, rebooks } = await bookingFailedItem();
    // what the agent job stores: its own ranked list (lib/agent), here two rebooks in reverse order
    const agentRecs: Recommendation[] = [rebooks[1], rebooks[0]].map((r) => ({ ...r, source: "agent", reason: `agent: ${r.reason}` }));
    await database.db.update(reviewItems).set({ recommendations: agentRecs }).where(eq(reviewItems.urn, item.urn));
    const res = await act(rebookH, "rebook", operator, item.urn, { hotelUrn: rebooks[0].hotelUrn, reason: "the agent's second" });
    expect(res.status, res.text).toBe(200);
    expect(res.json.acceptedRecommendation).toMatchObject({ index: 1, action: "rebook", source: "agent", hotelUrn: rebooks[0].hotelUrn });
    expect((await stored(item.urn)).acceptedRecommendation).toMatchObject({ index: 1, source: "agent" });
  });

  it("a rebook at a hotel no recommendation named records nothing", async () => {
    const { operator, item, placed, rebooks } = await bookingFailedItem();
    // the hotel that refused is never recommended, but the desk may still rebook there
    expect(rebooks.map((r) => r.hotelUrn)).not.toContain(placed.hotelUrn);
    const res = await act(rebookH, "rebook", operator, item.urn, { hotelUrn: placed.hotelUrn, reason: "they found rooms after all" });
    expect(res.status, res.text).toBe(200);
    expect(res.json.acceptedRecommendation).toBeNull();
    expect((await stored(item.urn)).acceptedRecommendation).toBeNull();
  });

  it("an override at a recommended hotel takes that rebook recommendation", async () => {
    const { operator, item, wave, placed, rebooks } = await bookingFailedItem();
    const offer = wave.rankingInputs.find((r) => r.hotelUrn === rebooks[1].hotelUrn && r.tier === placed.tier && r.weightedScore !== null)!;
    const res = await act(overrideH, "override", operator, item.urn, { hotelUrn: offer.hotelUrn, providerOfferId: offer.providerOfferId, reason: "booked by hand" });
    expect(res.status, res.text).toBe(200);
    expect(res.json.acceptedRecommendation).toMatchObject({ index: 1, action: "rebook", source: "deterministic", hotelUrn: offer.hotelUrn });
  });

  it("a relax with the recommended constraint and value records it; another value records nothing", async () => {
    const tenant = uniqueTenant();
    await activePolicy(database.db, tenant, { name: "CDG ten a night", tiers: [...TIERS], constraints: { minStars: 1, maxDistanceKm: 30, maxNightlyRate: 10, requiredAmenities: [] } });
    const supervisor = await roleToken(tenant, "OPS_SUPERVISOR");
    const operator = await roleToken(tenant, "AIRPORT_OPERATOR", ["CDG"], OPERATOR);
    const [caseA, caseB] = [await approvedCase(supervisor), await approvedCase(supervisor)];
    await runJobs();
    const itemOf = async (caseUrn: string) =>
      (await database.db.select().from(reviewItems).where(and(eq(reviewItems.caseUrn, caseUrn), eq(reviewItems.category, "ALLOCATION_FAILED"))))[0];
    const [itemA, itemB] = [await itemOf(caseA), await itemOf(caseB)];
    const recsA = itemA.recommendations as Recommendation[];
    const index = recsA.findIndex((r) => r.action === "relaxPolicy");
    expect(index).toBeGreaterThanOrEqual(0);
    const relax = recsA[index];
    const field = relax.fields![0];

    const taken = await act(relaxH, "relax", operator, itemA.urn, { fields: { [field]: relax.value }, reason: "the proposed relaxation" });
    expect(taken.status, taken.text).toBe(200);
    expect(taken.json.acceptedRecommendation).toMatchObject({ index, action: "relaxPolicy", source: "deterministic", fields: [field], value: relax.value });

    const relaxB = (itemB.recommendations as Recommendation[]).find((r) => r.action === "relaxPolicy")!;
    expect(relaxB.fields).toEqual([field]);
    // same constraint, another value; and the right value with a second constraint: neither is the proposal
    const other = typeof relaxB.value === "number" ? relaxB.value + 1 : relaxB.value;
    const extra = { [field]: relaxB.value, ...(field === "minStars" ? { maxDistanceKm: 40 } : { minStars: 1 }) };
    for (const fields of [...(other !== relaxB.value ? [{ [field]: other }] : []), extra]) {
      const res = await act(relaxH, "relax", operator, itemB.urn, { fields, reason: "my own relaxation" });
      expect(res.status, res.text).toBe(200);
      expect(res.json.acceptedRecommendation).toBeNull();
    }
  });
});

describe("acceptanceShare: the weekly report's share of items resolved by taking an agent recommendation", () => {
  const from = new Date("2026-11-16T00:00:00Z");
  const to = new Date("2026-11-23T00:00:00Z");
  const accepted = (source: "agent" | "deterministic") => ({ index: 0, action: "rebook", source, hotelUrn: newUrn("hotel"), at: "2026-11-17T02:00:00.000Z", by: OPERATOR });

  it("counts resolved items by resolvedAt in [from, to), per airport, and the share taken from the agent", async () => {
    const tenant = uniqueTenant();
    const cdg = await insertCase(database.db, { tenant, airport: "CDG" });
    const lhr = await insertCase(database.db, { tenant, airport: "LHR" });
    const other = await insertCase(database.db, { tenant: uniqueTenant(), airport: "CDG" });
    const rows: { caseUrn: string; tenant?: string; airport: string; state?: "RESOLVED" | "CLAIMED"; resolvedAt: string | null; by: "agent" | "deterministic" | null }[] = [
      { caseUrn: cdg.urn, airport: "CDG", resolvedAt: "2026-11-16T00:00:00Z", by: "agent" },
      { caseUrn: cdg.urn, airport: "CDG", resolvedAt: "2026-11-18T10:00:00Z", by: "agent" },
      { caseUrn: cdg.urn, airport: "CDG", resolvedAt: "2026-11-19T10:00:00Z", by: "deterministic" },
      { caseUrn: cdg.urn, airport: "CDG", resolvedAt: "2026-11-22T23:59:59Z", by: null },
      { caseUrn: lhr.urn, airport: "LHR", resolvedAt: "2026-11-20T10:00:00Z", by: "agent" },
      // outside the period, not resolved, or another tenant's: never counted
      { caseUrn: cdg.urn, airport: "CDG", resolvedAt: "2026-11-15T23:59:59Z", by: "agent" },
      { caseUrn: cdg.urn, airport: "CDG", resolvedAt: "2026-11-23T00:00:00Z", by: "agent" },
      { caseUrn: cdg.urn, airport: "CDG", state: "CLAIMED", resolvedAt: null, by: "agent" },
      { caseUrn: other.urn, tenant: "other", airport: "CDG", resolvedAt: "2026-11-18T10:00:00Z", by: "agent" },
    ];
    for (const r of rows) {
      const resolved = (r.state ?? "RESOLVED") === "RESOLVED";
      await database.db.insert(reviewItems).values({
        urn: newUrn("review"),
        tenant: r.tenant === "other" ? (await database.db.select().from(cases).where(eq(cases.urn, other.urn)))[0].tenant : tenant,
        caseUrn: r.caseUrn,
        airport: r.airport,
        category: "ALLOCATION_FAILED",
        priority: "HIGH",
        state: r.state ?? "RESOLVED",
        assignedTo: OPERATOR,
        resolution: resolved ? "REBOOKED" : null,
        resolvedBy: resolved ? OPERATOR : null,
        resolvedAt: r.resolvedAt ? new Date(r.resolvedAt) : null,
        acceptedRecommendation: r.by ? accepted(r.by) : null,
      });
    }
    const ctx = ctxFor(database.db, principal({ tenant, roles: ["OPS_SUPERVISOR"] }));
    expect(await acceptanceShare(ctx, { from, to })).toEqual({ resolved: 5, resolvedByAcceptingAgent: 3, share: 0.6 });
    expect(await acceptanceShare(ctx, { from, to, airport: "CDG" })).toEqual({ resolved: 4, resolvedByAcceptingAgent: 2, share: 0.5 });
    expect(await acceptanceShare(ctx, { from, to, airport: "LHR" })).toEqual({ resolved: 1, resolvedByAcceptingAgent: 1, share: 1 });
    expect(await acceptanceShare(ctx, { from: to, to: new Date("2026-11-30T00:00:00Z"), airport: "JFK" })).toEqual({ resolved: 0, resolvedByAcceptingAgent: 0, share: null });
    // an airport outside the caller's scope is refused
    const lhrOnly = ctxFor(database.db, principal({ tenant, roles: ["AIRPORT_OPERATOR"], airports: ["LHR"] }));
    await expect(acceptanceShare(lhrOnly, { from, to, airport: "CDG" })).rejects.toMatchObject({ code: "OUT_OF_SCOPE" });
  });
});

import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { POST as createDemandHandler } from "@/app/api/v1/demand/case/[caseUrn]/route";
import { POST as approveHandler } from "@/app/api/v1/demand/[demandUrn]/approve/route";
import { allocationWaves, auditEntries, reservations, reviewItems } from "@/db/schema";
import { allocateOnApproval, allocateOnRequest } from "@/inngest/functions/allocate";
import type { Wave } from "@/lib/allocation/schemas";
import { getBoard } from "@/lib/board";
import { approveDemand } from "@/lib/demand";
import { demandsAwaitingDecision } from "@/lib/demand/awaiting";
import { createRunner } from "@/lib/jobs/runner";
import { closePool } from "@/lib/pool";
import { askAirportDesk, deskAsks } from "@/lib/review/ask-desk";
import { claimReviewItem } from "@/lib/review/claim";
import { createReviewItem } from "@/lib/review/create-item";
import { overrideReviewItem } from "@/lib/review/override";
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
const runJobs = () => createRunner({ db: database.db, jobs: [allocateOnApproval, allocateOnRequest], retryBaseMs: 1 }).tick();
const as = (tenant: string, roles: ("ADMIN" | "OPS_SUPERVISOR" | "AIRPORT_OPERATOR")[], airports = ["*"]) => ctxFor(database.db, principal({ tenant, roles, airports }));

async function requestRooms(token: string, caseUrn: string, rooms: number) {
  const res = await call(createDemandHandler, `/demand/case/${caseUrn}`, { token, params: { caseUrn }, body: { type: "INITIAL", roomsRequested: rooms } });
  return res.json as { urn: string; status: string };
}

describe("a demand waiting for a supervisor is work for a person (issue 31, point 2)", () => {
  it("is listed with its age on the board and in the queue's read, for its airport only, until it is decided", async () => {
    const tenant = uniqueTenant();
    const supervisor = await roleToken(tenant, "OPS_SUPERVISOR");
    const record = await createCase(supervisor, casePayload());
    // no policy in this tenant: nothing is approved automatically
    const demand = await requestRooms(supervisor, record.urn, 60);
    expect(demand.status).toBe("REQUESTED");

    const cdg = as(tenant, ["AIRPORT_OPERATOR"], ["CDG"]);
    const listed = await demandsAwaitingDecision({ ctx: cdg });
    expect(listed).toMatchObject([{ urn: demand.urn, caseUrn: record.urn, airport: "CDG", flightNumber: "AF1234", roomsRequested: 60, stillNeeded: record.roomsNeeded }]);
    expect(Date.parse(listed[0].requestedAt)).toBeLessThanOrEqual(Date.now());
    expect(await demandsAwaitingDecision({ ctx: as(tenant, ["AIRPORT_OPERATOR"], ["LHR"]) })).toEqual([]);

    const board = await getBoard({ ctx: cdg, input: { airport: "CDG" } });
    expect(board.demands.map((d) => d.urn)).toEqual([demand.urn]);

    await approveDemand({ ctx: as(tenant, ["OPS_SUPERVISOR"]), input: { demandUrn: demand.urn, reason: "from the board" } });
    expect(await demandsAwaitingDecision({ ctx: cdg })).toEqual([]);
    const after = await getBoard({ ctx: cdg, input: { airport: "CDG" } });
    expect(after.demands).toEqual([]);
    expect(after.revision).not.toBe(board.revision);
  });
});

describe("each role's actions on a review item (issue 31, point 3)", () => {
  async function heldItem() {
    const tenant = uniqueTenant();
    await activePolicy(database.db, tenant, { name: "CDG all", tiers: [...TIERS], constraints: { minStars: 3, maxDistanceKm: 30, maxNightlyRate: 400, requiredAmenities: [] } });
    const supervisor = await roleToken(tenant, "OPS_SUPERVISOR");
    const record = await createCase(supervisor, casePayload());
    const demand = await requestRooms(supervisor, record.urn, record.roomsNeeded);
    if (demand.status === "REQUESTED") await call(approveHandler, `/demand/${demand.urn}/approve`, { token: supervisor, params: { demandUrn: demand.urn }, body: { reason: "approved" } });
    await runJobs();
    const [waveRow] = await database.db.select().from(allocationWaves).where(eq(allocationWaves.caseUrn, record.urn)).orderBy(desc(allocationWaves.urn));
    const wave = waveRow as unknown as Wave;
    const placed = wave.allocations[0];
    const item = await createReviewItem(as(tenant, ["ADMIN"]), { caseUrn: record.urn, category: "BOOKING_FAILED", waveUrn: wave.urn, affectedGroups: [placed.groupId], detail: "every hotel refused", attemptedHotels: [{ hotelUrn: placed.hotelUrn, reason: "hotel-full" }] });
    const offer = wave.rankingInputs.find((r) => r.tier === placed.tier && r.weightedScore !== null && r.hotelUrn !== placed.hotelUrn && r.roomsAvailable >= placed.rooms)!;
    return { tenant, caseUrn: record.urn as string, item, offer, groupId: placed.groupId };
  }

  it("a supervisor books an offer for the item's groups by hand without claiming it; audited as an override", async () => {
    const { tenant, caseUrn, item, offer, groupId } = await heldItem();
    const after = await overrideReviewItem({ ctx: as(tenant, ["OPS_SUPERVISOR"]), input: { itemUrn: item.urn, hotelUrn: offer.hotelUrn, providerOfferId: offer.providerOfferId, reason: "booked by the night supervisor" } });
    expect(after.assignedTo).toBeNull();
    const booked = await database.db.select().from(reservations).where(and(eq(reservations.caseUrn, caseUrn), eq(reservations.groupId, groupId), eq(reservations.status, "CONFIRMED")));
    expect(booked.map((r) => r.hotelUrn)).toEqual([offer.hotelUrn]);
    const audit = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, item.urn), eq(auditEntries.action, "override")));
    expect(audit.map((a) => a.reason)).toEqual(["booked by the night supervisor"]);
  });

  it("a supervisor asks the airport's desk: audited, read back for the queue; an operator may not, and a claimed item is 409", async () => {
    const { tenant, item } = await heldItem();
    const supervisor = as(tenant, ["OPS_SUPERVISOR"]);
    const asked = await askAirportDesk({ ctx: supervisor, input: { itemUrn: item.urn } });
    expect(asked.state).toBe("OPEN");
    const asks = await deskAsks(supervisor, [item.urn]);
    expect(asks.get(item.urn)).toMatchObject({ desk: "CDG", by: supervisor.principal.sub });
    const [row] = await database.db.select().from(reviewItems).where(eq(reviewItems.urn, item.urn));
    expect(row.state).toBe("OPEN");

    await expect(askAirportDesk({ ctx: as(tenant, ["AIRPORT_OPERATOR"], ["CDG"]), input: { itemUrn: item.urn } })).rejects.toMatchObject({ status: 403 });
    await expect(askAirportDesk({ ctx: as(tenant, ["OPS_SUPERVISOR"], ["LHR"]), input: { itemUrn: item.urn } })).rejects.toMatchObject({ status: 403 });
    await claimReviewItem({ ctx: as(tenant, ["AIRPORT_OPERATOR"], ["CDG"]), input: { itemUrn: item.urn } });
    await expect(askAirportDesk({ ctx: supervisor, input: { itemUrn: item.urn } })).rejects.toMatchObject({ status: 409, code: "ALREADY_CLAIMED" });
  });
});

import { describe, expect, it } from "vitest";
import { allocationWaves, demands, reservations, reviewItems } from "@/db/schema";
import { GET as summary } from "@/app/api/v1/demand/case/[caseUrn]/summary/route";
import { newUrn } from "@/lib/ids";
import type { DemandStatus, DemandType, ReservationStatus, ReviewCategory, ReviewState } from "@/lib/vocabulary";
import { call, tokenFor, apiTestDatabase } from "../../helpers/api";
import { insertCase } from "../../helpers/case-rows";
import { uniqueTenant } from "../../helpers/factories";

const database = apiTestDatabase({ airports: true });


async function demand(tenant: string, caseUrn: string, type: DemandType, rooms: number, status: DemandStatus): Promise<string> {
  const urn = newUrn("demand");
  await database.db.insert(demands).values({ urn, tenant, caseUrn, type, roomsRequested: rooms, status, createdBy: "x" });
  return urn;
}

/** A wave of the demand (null: none) that placed and held the given groups (only the fields the totals read). */
async function wave(tenant: string, caseUrn: string, demandUrn: string | null, placed: [string, number][], held: [string, number][] = []): Promise<string> {
  const urn = newUrn("wave");
  const entry = ([groupId, rooms]: [string, number]) => ({ groupId, rooms });
  await database.db.insert(allocationWaves).values({ urn, tenant, caseUrn, demandUrn, status: held.length ? "PARTIAL" : "COMPLETE", allocations: placed.map(entry), held: held.map(entry) });
  return urn;
}

async function reservation(tenant: string, caseUrn: string, waveUrn: string, groupId: string, rooms: number, status: ReservationStatus) {
  await database.db.insert(reservations).values({
    urn: newUrn("reservation"),
    tenant,
    caseUrn,
    waveUrn,
    groupId,
    hotelUrn: newUrn("hotel"),
    provider: "DIRECT",
    status,
    rooms,
    checkIn: new Date("2026-11-21T20:00:00Z"),
    checkOut: new Date("2026-11-22T07:00:00Z"),
    total: { amount: 100 * rooms, currency: "EUR" },
    payment: { method: "GUARANTEE" },
  });
}

async function review(tenant: string, caseUrn: string, category: ReviewCategory, groups: string[], state: ReviewState = "OPEN") {
  await database.db.insert(reviewItems).values({ urn: newUrn("review"), tenant, caseUrn, category, priority: "HIGH", state, affectedGroups: groups });
}

const get = (caseUrn: string, token?: string) => call(summary, `/demand/case/${caseUrn}/summary`, { token, params: { caseUrn } });

describe("GET /demand/case/{caseUrn}/summary", () => {
  it("is all zeros for a case without demands", async () => {
    const tenant = uniqueTenant();
    const c = await insertCase(database.db, { tenant });
    const res = await get(c.urn, await tokenFor({ tenant }));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ caseUrn: c.urn, totalRequested: 0, totalApproved: 0, totalAllocated: 0, totalBooked: 0, shortfall: 0, heldForLater: 0, shortfallReasons: [] });
  });

  it("sums requested, approved, allocated and booked rooms and explains the shortfall by open review items", async () => {
    const tenant = uniqueTenant();
    const c = await insertCase(database.db, {
      tenant,
      groups: [
        { groupId: "G1", tier: "ECONOMY", passengers: 4 }, // 2 rooms
        { groupId: "G2", tier: "ECONOMY", passengers: 3 }, // 2 rooms
        { groupId: "G3", tier: "CREW", passengers: 3 }, // 3 rooms
        { groupId: "G4", tier: "BUSINESS", passengers: 1 }, // 1 room
      ],
    });
    const initial = await demand(tenant, c.urn, "INITIAL", 10, "PARTIAL");
    const extra = await demand(tenant, c.urn, "INCREMENTAL", 4, "APPROVED");
    await demand(tenant, c.urn, "INCREMENTAL", 3, "REQUESTED");
    await demand(tenant, c.urn, "INCREMENTAL", 50, "REJECTED");
    // the initial wave placed G1, G2 and G4 and held G3; the extra demand's wave placed G3
    const w1 = await wave(tenant, c.urn, initial, [["G1", 2], ["G2", 2], ["G4", 1]], [["G3", 3]]);
    const w2 = await wave(tenant, c.urn, extra, [["G3", 3]]);
    await reservation(tenant, c.urn, w1, "G1", 2, "CONFIRMED");
    await reservation(tenant, c.urn, w1, "G4", 1, "CHECKED_OUT");
    await reservation(tenant, c.urn, w1, "G2", 2, "CANCELLED"); // released: not allocated any more
    await reservation(tenant, c.urn, w1, "G2", 2, "FAILED");
    await reservation(tenant, c.urn, w2, "G3", 3, "PENDING"); // allocated, not booked
    await review(tenant, c.urn, "BOOKING_FAILED", ["G2"]);
    await review(tenant, c.urn, "ALLOCATION_FAILED", ["G3"], "CLAIMED");
    await review(tenant, c.urn, "BOOKING_FAILED", ["G2", "G3"]);
    await review(tenant, c.urn, "MIXED_TIER_GROUP", ["G1"], "RESOLVED");
    // another case's rows do not count
    const other = await insertCase(database.db, { tenant });
    const theirs = await demand(tenant, other.urn, "INITIAL", 99, "APPROVED");
    await reservation(tenant, other.urn, await wave(tenant, other.urn, theirs, [["PNR1", 9]]), "PNR1", 9, "CONFIRMED");
    await review(tenant, other.urn, "BOOKING_FAILED", ["PNR1"]);

    const res = await get(c.urn, await tokenFor({ tenant, roles: ["AIRPORT_OPERATOR"], airports: ["CDG"] }));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      caseUrn: c.urn,
      totalRequested: 17,
      totalApproved: 14,
      totalAllocated: 6,
      totalBooked: 3,
      shortfall: 11,
      // 14 approved, the four groups need 8: 6 have no group waiting (held for passengers added later)
      heldForLater: 6,
      shortfallReasons: [
        { category: "ALLOCATION_FAILED", groups: ["G3"], rooms: 3 },
        { category: "BOOKING_FAILED", groups: ["G2", "G3"], rooms: 5 },
      ],
    });
  });

  it("never reports a negative shortfall", async () => {
    const tenant = uniqueTenant();
    const c = await insertCase(database.db, { tenant });
    const d = await demand(tenant, c.urn, "INITIAL", 1, "FULFILLED");
    await reservation(tenant, c.urn, await wave(tenant, c.urn, d, [["PNR1", 2]]), "PNR1", 2, "CONFIRMED");
    const res = await get(c.urn, await tokenFor({ tenant }));
    expect(res.json).toMatchObject({ totalApproved: 1, totalBooked: 2, shortfall: 0 });
  });

  it("is readable on a closed case", async () => {
    const tenant = uniqueTenant();
    const c = await insertCase(database.db, { tenant, status: "CLOSED" });
    expect((await get(c.urn, await tokenFor({ tenant }))).status).toBe(200);
  });

  describe("roles and scope", () => {
    it.each([["OPS_SUPERVISOR"], ["ADMIN"], ["AIRPORT_OPERATOR"]] as const)("%s may read in scope", async (role) => {
      const tenant = uniqueTenant();
      const c = await insertCase(database.db, { tenant });
      expect((await get(c.urn, await tokenFor({ tenant, roles: [role], airports: ["CDG"] }))).status).toBe(200);
    });

    it("refuses FEED with 403 FORBIDDEN", async () => {
      const tenant = uniqueTenant();
      const c = await insertCase(database.db, { tenant, createdBy: "feed" });
      const res = await get(c.urn, await tokenFor({ tenant, roles: ["FEED"], sub: "feed" }));
      expect(res.status).toBe(403);
      expect(res.json.code).toBe("FORBIDDEN");
    });

    it("answers 404 across tenants and for a malformed URN, 403 OUT_OF_SCOPE outside the claims, 401 without a token", async () => {
      const tenant = uniqueTenant();
      const c = await insertCase(database.db, { tenant, airport: "LHR" });
      expect((await get(c.urn, await tokenFor({ tenant: uniqueTenant() }))).status).toBe(404);
      expect((await get("urn:svc:demand:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d10", await tokenFor({ tenant }))).status).toBe(404);
      const scoped = await get(c.urn, await tokenFor({ tenant, roles: ["OPS_SUPERVISOR"], airports: ["CDG"] }));
      expect(scoped.status).toBe(403);
      expect(scoped.json.code).toBe("OUT_OF_SCOPE");
      expect((await get(c.urn)).status).toBe(401);
    });
  });
});

import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEntries, demands, jobEvents, passengerGroups, passengers } from "@/db/schema";
import { newUrn } from "@/lib/ids";
import { POST as action } from "@/app/api/v1/cases/[caseUrn]/[action]/route";
import { POST as split } from "@/app/api/v1/cases/[caseUrn]/groups/[groupId]/split/route";
import { call, apiTestDatabase } from "../../helpers/api";
import { casePayload, createCase, pax, roleToken } from "../../helpers/cases";
import { uniqueTenant } from "../../helpers/factories";

const database = apiTestDatabase({ airports: true });


const doSplit = (caseUrn: string, groupId: string, token: string | undefined, body: unknown) =>
  call(split, `/cases/${caseUrn}/groups/${groupId}/split`, { token, params: { caseUrn, groupId }, body });
const doMerge = (caseUrn: string, token: string | undefined, body: unknown) =>
  call(action, `/cases/${caseUrn}/groups:merge`, { token, params: { caseUrn, action: "groups:merge" }, body });

/** One mixed group FAM001 (2 business + 2 economy) and one economy group SOLO01. */
const mixedPayload = () =>
  casePayload({
    passengerGroups: [
      { pnr: "FAM001", passengers: [pax("B1", "BUSINESS"), pax("E1"), pax("B2", "BUSINESS"), pax("E2")] },
      { pnr: "SOLO01", passengers: [pax("S1")] },
    ],
  });

const groupsOf = (record: { passengerGroups: { groupId: string }[] }) => Object.fromEntries(record.passengerGroups.map((g) => [g.groupId, g])) as Record<string, any>;

describe("POST /cases/{caseUrn}/groups/{groupId}/split", () => {
  it("splits a mixed-tier group by tier: first part keeps the id, the others get -2, -3; flags cleared; audited", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "AIRPORT_OPERATOR", ["CDG"]);
    const c = await createCase(await roleToken(tenant, "ADMIN"), mixedPayload());
    expect(groupsOf(c).FAM001).toMatchObject({ mixedTier: true, tier: null, rooms: 2 });
    const res = await doSplit(c.urn, "FAM001", token, { into: [["B1", "B2"], ["E1"], ["E2"]], reason: "one tier per group" });
    expect(res.status).toBe(200);
    const g = groupsOf(res.json);
    expect(res.json.passengerGroups.map((x: { groupId: string }) => x.groupId)).toEqual(["FAM001", "SOLO01", "FAM001-2", "FAM001-3"]);
    expect(g.FAM001).toMatchObject({ pnr: "FAM001", passengerIds: ["B1", "B2"], tier: "BUSINESS", mixedTier: false, rooms: 1 });
    expect(g["FAM001-2"]).toMatchObject({ pnr: "FAM001", passengerIds: ["E1"], tier: "ECONOMY", mixedTier: false, rooms: 1 });
    expect(g["FAM001-3"]).toMatchObject({ passengerIds: ["E2"], tier: "ECONOMY", rooms: 1 });
    expect(res.json.passengerCount).toBe(5);
    expect(res.json.revision).toBe(2);
    // no new mixed-tier item: the only one is the intake's
    expect(res.json.manualReviewItems.filter((i: { category: string }) => i.category === "MIXED_TIER_GROUP")).toHaveLength(1);

    const [audit] = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, c.urn), eq(auditEntries.action, "split")));
    expect(audit.reason).toBe("one tier per group");
    expect(audit.changes).toEqual(
      expect.arrayContaining([
        { field: "passengerGroups.FAM001.passengerIds", before: ["B1", "E1", "B2", "E2"], after: ["B1", "B2"] },
        { field: "passengerGroups.FAM001.mixedTier", before: true, after: false },
        expect.objectContaining({ field: "passengerGroups.FAM001-2", before: null }),
      ]),
    );

    // the next split of the same group takes the next free id
    const again = await doSplit(c.urn, "FAM001", token, { into: [["B1"], ["B2"]], reason: "separate rooms" });
    expect(again.status).toBe(200);
    expect(groupsOf(again.json)["FAM001-4"]).toMatchObject({ passengerIds: ["B2"], tier: "BUSINESS" });
  });

  it("returns the split parts to allocation: hotel cleared, ALLOCATED/HELD passengers awaiting again", async () => {
    const tenant = uniqueTenant();
    const c = await createCase(await roleToken(tenant, "ADMIN"), mixedPayload());
    await database.db.update(passengerGroups).set({ hotelUrn: "urn:svc:hotel:x" }).where(eq(passengerGroups.caseUrn, c.urn));
    await database.db.update(passengers).set({ operationalStatus: "HELD" }).where(eq(passengers.caseUrn, c.urn));
    const res = await doSplit(c.urn, "FAM001", await roleToken(tenant, "OPS_SUPERVISOR"), { into: [["B1", "B2"], ["E1", "E2"]], reason: "r" });
    expect(res.status).toBe(200);
    const g = groupsOf(res.json);
    expect(g.FAM001.hotelUrn).toBeNull();
    expect(g["FAM001-2"].hotelUrn).toBeNull();
    expect(Object.values(g.FAM001.operationalStatus)).toEqual(["AWAITING_ALLOCATION", "AWAITING_ALLOCATION"]);
    expect(g.SOLO01).toMatchObject({ hotelUrn: "urn:svc:hotel:x", operationalStatus: { S1: "HELD" } });
  });

  it("places the parts of one tier by themselves once the case has an approved demand (no rerun); before any demand they wait for one", async () => {
    const tenant = uniqueTenant();
    const supervisor = await roleToken(tenant, "OPS_SUPERVISOR");
    const requested = async (caseUrn: string) =>
      (await database.db.select().from(jobEvents).where(and(eq(jobEvents.name, "allocation/requested"), sql`${jobEvents.data}->>'caseUrn' = ${caseUrn}`))).map((e) => e.data as { groupIds: string[]; demandUrn: string });

    const waiting = await createCase(await roleToken(tenant, "ADMIN"), mixedPayload());
    expect((await doSplit(waiting.urn, "FAM001", supervisor, { into: [["B1", "B2"], ["E1", "E2"]], reason: "one tier each" })).status).toBe(200);
    expect(await requested(waiting.urn)).toEqual([]);

    const c = await createCase(await roleToken(tenant, "ADMIN"), mixedPayload());
    const demandUrn = newUrn("demand");
    await database.db.insert(demands).values({ urn: demandUrn, tenant, caseUrn: c.urn, type: "INITIAL", roomsRequested: 3, status: "APPROVED", createdBy: "test" });
    expect((await doSplit(c.urn, "FAM001", supervisor, { into: [["B1", "B2"], ["E1"], ["E2"]], reason: "one tier each" })).status).toBe(200);
    expect(await requested(c.urn)).toEqual([expect.objectContaining({ demandUrn, groupIds: ["FAM001", "FAM001-2", "FAM001-3"] })]);

    // a merge that makes a mixed-tier group asks for nothing (a person splits it); one of one tier is placed
    expect((await doMerge(c.urn, supervisor, { groupIds: ["FAM001", "FAM001-2"], reason: "travel together" })).status).toBe(200);
    expect(await requested(c.urn)).toHaveLength(1);
    expect((await doMerge(c.urn, supervisor, { groupIds: ["FAM001-3", "SOLO01"], reason: "travel together" })).status).toBe(200);
    expect((await requested(c.urn)).map((r) => r.groupIds)).toContainEqual(["FAM001-3"]);
  });

  it("refuses a split that is not a partition of the group with 422, changing nothing", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "ADMIN");
    const c = await createCase(token, mixedPayload());
    const bad: [unknown, string][] = [
      [{ into: [["B1", "B2", "E1", "E2"]], reason: "r" }, "into"], // one part
      [{ into: [["B1", "B2"], []], reason: "r" }, "into.1"], // empty part
      [{ into: [["B1", "B2"], ["E1"]], reason: "r" }, "into"], // E2 missing
      [{ into: [["B1", "B2"], ["E1", "E2", "S1"]], reason: "r" }, "into.1.2"], // S1 of another group
      [{ into: [["B1", "B2"], ["E1", "E2", "B1"]], reason: "r" }, "into.1.2"], // B1 twice
      [{ into: "B1", reason: "r" }, "into"],
    ];
    for (const [body, path] of bad) {
      const res = await doSplit(c.urn, "FAM001", token, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json.code).toBe("VALIDATION_FAILED");
      expect(res.json.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    const noReason = await doSplit(c.urn, "FAM001", token, { into: [["B1", "B2"], ["E1", "E2"]], reason: "  " });
    expect(noReason.status).toBe(422);
    expect(noReason.json.code).toBe("REASON_REQUIRED");
    const missingReason = await doSplit(c.urn, "FAM001", token, { into: [["B1", "B2"], ["E1", "E2"]] });
    expect(missingReason.json.code).toBe("REASON_REQUIRED");
    const groups = await database.db.select().from(passengerGroups).where(eq(passengerGroups.caseUrn, c.urn));
    expect(groups).toHaveLength(2);
  });

  it("is 404 for an unknown group and 409 INVALID_TRANSITION for a booked one", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "ADMIN");
    const c = await createCase(token, mixedPayload());
    const unknown = await doSplit(c.urn, "NOPE", token, { into: [["a"], ["b"]], reason: "r" });
    expect(unknown.status).toBe(404);
    await database.db
      .update(passengerGroups)
      .set({ reservationUrn: "urn:svc:reservation:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d10" })
      .where(and(eq(passengerGroups.caseUrn, c.urn), eq(passengerGroups.groupId, "FAM001")));
    const booked = await doSplit(c.urn, "FAM001", token, { into: [["B1", "B2"], ["E1", "E2"]], reason: "r" });
    expect(booked.status).toBe(409);
    expect(booked.json.code).toBe("INVALID_TRANSITION");
  });

  it("allows AIRPORT_OPERATOR, OPS_SUPERVISOR and ADMIN; 403 for FEED and out of scope; 404 across tenants; 401", async () => {
    const tenant = uniqueTenant();
    const admin = await roleToken(tenant, "ADMIN");
    const c = await createCase(admin, casePayload({ passengerGroups: [{ pnr: "BIG001", passengers: ["1", "2", "3", "4"].map((id) => pax(`Q${id}`)) }] }));
    const steps = [
      ["AIRPORT_OPERATOR", [["Q2", "Q3", "Q4"], ["Q1"]]],
      ["OPS_SUPERVISOR", [["Q3", "Q4"], ["Q2"]]],
      ["ADMIN", [["Q4"], ["Q3"]]],
    ] as const;
    for (const [role, into] of steps) {
      const res = await doSplit(c.urn, "BIG001", await roleToken(tenant, role, ["CDG"]), { into, reason: role });
      expect(res.status, role).toBe(200);
    }
    const body = { into: [["Q4"], ["Q1"]], reason: "r" };
    const feed = await doSplit(c.urn, "BIG001", await roleToken(tenant, "FEED", ["*"], c.createdBy), body);
    expect(feed.status).toBe(403);
    expect(feed.json.code).toBe("FORBIDDEN");
    const scoped = await doSplit(c.urn, "BIG001", await roleToken(tenant, "AIRPORT_OPERATOR", ["ORY"]), body);
    expect(scoped.status).toBe(403);
    expect(scoped.json.code).toBe("OUT_OF_SCOPE");
    expect((await doSplit(c.urn, "BIG001", await roleToken(uniqueTenant(), "ADMIN"), body)).status).toBe(404);
    expect((await doSplit(c.urn, "BIG001", undefined, body)).status).toBe(401);
  });
});

describe("POST /cases/{caseUrn}/groups:merge", () => {
  it("merges into the first group, recomputes rooms and flags a tier mix; audited", async () => {
    const tenant = uniqueTenant();
    const c = await createCase(
      await roleToken(tenant, "ADMIN"),
      casePayload({
        passengerGroups: [
          { pnr: "AAA001", passengers: [pax("A1"), pax("A2")] },
          { pnr: "BBB001", passengers: [pax("B1")] },
          { pnr: "CCC001", passengers: [pax("C1", "BUSINESS")] },
        ],
      }),
    );
    const token = await roleToken(tenant, "OPS_SUPERVISOR", ["CDG"]);
    const res = await doMerge(c.urn, token, { groupIds: ["BBB001", "AAA001"], reason: "travelling together" });
    expect(res.status).toBe(200);
    expect(res.json.passengerGroups.map((g: { groupId: string }) => g.groupId)).toEqual(["BBB001", "CCC001"]);
    expect(groupsOf(res.json).BBB001).toMatchObject({ pnr: "BBB001", passengerIds: ["A1", "A2", "B1"], rooms: 2, tier: "ECONOMY", mixedTier: false });
    expect(res.json.manualReviewItems).toHaveLength(0);

    const mixed = await doMerge(c.urn, token, { groupIds: ["BBB001", "CCC001"], reason: "family" });
    expect(mixed.status).toBe(200);
    expect(groupsOf(mixed.json).BBB001).toMatchObject({ tier: null, mixedTier: true, rooms: 2 });
    expect(mixed.json.manualReviewItems).toEqual([expect.objectContaining({ category: "MIXED_TIER_GROUP", affectedGroups: ["BBB001"] })]);
    const audits = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, c.urn), eq(auditEntries.action, "merge")));
    expect(audits.map((a) => a.reason).sort()).toEqual(["family", "travelling together"]);
    expect(audits.find((a) => a.reason === "family")!.changes).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: "passengerGroups.CCC001", after: null })]),
    );
  });

  it("refuses unknown or repeated groups (422), a single group (422), a booked group (409), no reason (422)", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "ADMIN");
    const c = await createCase(token, mixedPayload());
    const unknown = await doMerge(c.urn, token, { groupIds: ["FAM001", "GHOST"], reason: "r" });
    expect(unknown.status).toBe(422);
    expect(unknown.json.errors).toEqual([expect.objectContaining({ path: "groupIds.1" })]);
    expect((await doMerge(c.urn, token, { groupIds: ["FAM001", "FAM001"], reason: "r" })).status).toBe(422);
    expect((await doMerge(c.urn, token, { groupIds: ["FAM001"], reason: "r" })).status).toBe(422);
    expect((await doMerge(c.urn, token, { groupIds: ["FAM001", "SOLO01"] })).json.code).toBe("REASON_REQUIRED");
    await database.db
      .update(passengerGroups)
      .set({ reservationUrn: "urn:svc:reservation:x" })
      .where(and(eq(passengerGroups.caseUrn, c.urn), eq(passengerGroups.groupId, "SOLO01")));
    const booked = await doMerge(c.urn, token, { groupIds: ["FAM001", "SOLO01"], reason: "r" });
    expect(booked.status).toBe(409);
    expect(booked.json.code).toBe("INVALID_TRANSITION");
    expect(await database.db.select().from(passengerGroups).where(eq(passengerGroups.caseUrn, c.urn))).toHaveLength(2);
  });

  it("allows AIRPORT_OPERATOR, OPS_SUPERVISOR and ADMIN; 403 for FEED and out of scope; 404 across tenants; 401", async () => {
    const tenant = uniqueTenant();
    const payload = casePayload({ passengerGroups: ["1", "2", "3", "4"].map((n) => ({ pnr: `M${n}`, passengers: [pax(`MP${n}`)] })) });
    const c = await createCase(await roleToken(tenant, "ADMIN"), payload);
    for (const [role, other] of [["AIRPORT_OPERATOR", "M2"], ["OPS_SUPERVISOR", "M3"], ["ADMIN", "M4"]] as const) {
      const res = await doMerge(c.urn, await roleToken(tenant, role, ["CDG"]), { groupIds: ["M1", other], reason: role });
      expect(res.status, role).toBe(200);
    }
    const body = { groupIds: ["M1", "M2"], reason: "r" };
    const feed = await doMerge(c.urn, await roleToken(tenant, "FEED", ["*"], c.createdBy), body);
    expect(feed.status).toBe(403);
    expect(feed.json.code).toBe("FORBIDDEN");
    const scoped = await doMerge(c.urn, await roleToken(tenant, "AIRPORT_OPERATOR", ["ORY"]), body);
    expect(scoped.json.code).toBe("OUT_OF_SCOPE");
    expect((await doMerge(c.urn, await roleToken(uniqueTenant(), "ADMIN"), body)).status).toBe(404);
    expect((await doMerge(c.urn, undefined, body)).status).toBe(401);
  });
});

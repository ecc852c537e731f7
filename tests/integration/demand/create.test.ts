import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEntries, cases, demands, jobEvents } from "@/db/schema";
import { POST as create } from "@/app/api/v1/demand/case/[caseUrn]/route";
import { call, tokenFor, apiTestDatabase } from "../../helpers/api";
import { insertCase } from "../../helpers/case-rows";
import { createPolicy } from "@/lib/policies/create";
import { PolicyInput } from "@/lib/policies/schemas";
import { ctxFor, principal, uniqueTenant } from "../../helpers/factories";
import { activePolicy, policyPayload } from "../../helpers/policies";

const database = apiTestDatabase({ airports: true });


function createCall(caseUrn: string, body: unknown, token?: string) {
  return call(create, `/demand/case/${caseUrn}`, { token, body, params: { caseUrn } });
}

async function demandsOf(caseUrn: string) {
  return database.db.select().from(demands).where(eq(demands.caseUrn, caseUrn)).orderBy(asc(demands.urn));
}

async function approvedEvents(demandUrn: string) {
  const rows = await database.db.select().from(jobEvents).where(eq(jobEvents.name, "demand/approved"));
  return rows.filter((r) => r.data.demandUrn === demandUrn);
}

describe("POST /demand/case/{caseUrn}", () => {
  it("creates a REQUESTED demand with Location when no policy matches, audited, and bumps the case revision", async () => {
    const tenant = uniqueTenant();
    const c = await insertCase(database.db, { tenant });
    const sub = "urn:svc:user:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d12";
    const token = await tokenFor({ tenant, roles: ["OPS_SUPERVISOR"], airports: ["CDG"], sub });
    const res = await createCall(c.urn, { type: "INITIAL", roomsRequested: 12 }, token);
    expect(res.status).toBe(201);
    expect(res.headers.get("location")).toBe(`/api/v1/demand/${res.json.urn}`);
    expect(res.json).toMatchObject({
      caseUrn: c.urn,
      type: "INITIAL",
      roomsRequested: 12,
      status: "REQUESTED",
      automatic: false,
      approval: null,
      roomsAllocated: 0,
      roomsBooked: 0,
      createdBy: sub,
    });
    expect(res.json.urn).toMatch(/^urn:svc:demand:/);
    const audit = await database.db.select().from(auditEntries).where(eq(auditEntries.entityUrn, res.json.urn));
    expect(audit).toMatchObject([{ entity: "demand", action: "create", actor: sub, airport: "CDG" }]);
    expect(await approvedEvents(res.json.urn)).toHaveLength(0);
    const [caseRow] = await database.db.select().from(cases).where(eq(cases.urn, c.urn));
    expect(caseRow.revision).toBe(2);
  });

  it("auto-approves at or under the ceiling (40 and 50 of 50): APPROVED, automatic, policy recorded, audited, event in the outbox", async () => {
    const tenant = uniqueTenant();
    const policy = await activePolicy(database.db, tenant, { autoApproveDemand: true, maxAutomaticRoomsPerWave: 50 });
    for (const rooms of [40, 50]) {
      // the airline feed that created the case asks for the rooms
      const c = await insertCase(database.db, { tenant, createdBy: "feed-client" });
      const res = await createCall(c.urn, { type: "INITIAL", roomsRequested: rooms }, await tokenFor({ tenant, roles: ["FEED"], sub: "feed-client" }));
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({
        status: "APPROVED",
        automatic: true,
        approval: {
          decidedBy: "system:auto-approval",
          reason: `auto-approved under policy ${policy.urn} v1`,
          policyUrn: policy.urn,
          policyVersion: 1,
        },
      });
      const audit = await database.db.select().from(auditEntries).where(eq(auditEntries.entityUrn, res.json.urn)).orderBy(asc(auditEntries.urn));
      expect(audit.map((a) => [a.action, a.actor])).toEqual([
        ["create", "feed-client"],
        ["approve", "system:auto-approval"],
      ]);
      expect(audit[1].changes).toContainEqual({ field: "status", before: "REQUESTED", after: "APPROVED" });
      const events = await approvedEvents(res.json.urn);
      expect(events).toHaveLength(1);
      expect(events[0].data).toEqual({ tenant, caseUrn: c.urn, demandUrn: res.json.urn, policyUrn: policy.urn, policyVersion: 1 });
    }
  });

  it("leaves a demand over the ceiling (400 of 50) REQUESTED with no event", async () => {
    const tenant = uniqueTenant();
    await activePolicy(database.db, tenant, { autoApproveDemand: true, maxAutomaticRoomsPerWave: 50 });
    const c = await insertCase(database.db, { tenant });
    const res = await createCall(c.urn, { type: "INITIAL", roomsRequested: 400 }, await tokenFor({ tenant }));
    expect(res.json).toMatchObject({ status: "REQUESTED", automatic: false, approval: null });
    expect(await approvedEvents(res.json.urn)).toHaveLength(0);
  });

  it("does not auto-approve when the policy says autoApproveDemand false, is only a DRAFT, or the case has no passengers", async () => {
    const tenant = uniqueTenant();
    const token = await tokenFor({ tenant });
    await createPolicy({ ctx: ctxFor(database.db, principal({ tenant })), input: PolicyInput.parse(policyPayload({ autoApproveDemand: true })) });
    const c0 = await insertCase(database.db, { tenant });
    expect((await createCall(c0.urn, { type: "INITIAL", roomsRequested: 1 }, token)).json.status).toBe("REQUESTED");
    await activePolicy(database.db, tenant, { autoApproveDemand: false });
    const c1 = await insertCase(database.db, { tenant });
    expect((await createCall(c1.urn, { type: "INITIAL", roomsRequested: 1 }, token)).json.status).toBe("REQUESTED");
    const t2 = uniqueTenant();
    await activePolicy(database.db, t2, { autoApproveDemand: true });
    const empty = await insertCase(database.db, { tenant: t2, groups: [] });
    expect((await createCall(empty.urn, { type: "INITIAL", roomsRequested: 1 }, await tokenFor({ tenant: t2 }))).json.status).toBe("REQUESTED");
  });

  it("needs an auto-approving policy for every tier of the case, and takes the smallest ceiling", async () => {
    const tenant = uniqueTenant();
    const premium = await activePolicy(database.db, tenant, { tiers: ["FIRST", "BUSINESS"], autoApproveDemand: true, maxAutomaticRoomsPerWave: 10 });
    const token = await tokenFor({ tenant });
    const groups = [
      { tier: "ECONOMY" as const, passengers: 4 },
      { tier: "BUSINESS" as const, passengers: 1 },
    ];
    // ECONOMY has no policy yet
    const c1 = await insertCase(database.db, { tenant, groups });
    expect((await createCall(c1.urn, { type: "INITIAL", roomsRequested: 3 }, token)).json.status).toBe("REQUESTED");
    const economy = await activePolicy(database.db, tenant, { tiers: ["ECONOMY"], autoApproveDemand: true, maxAutomaticRoomsPerWave: 100 });
    const c2 = await insertCase(database.db, { tenant, groups });
    const over = await createCall(c2.urn, { type: "INITIAL", roomsRequested: 11 }, token);
    expect(over.json.status).toBe("REQUESTED");
    const c3 = await insertCase(database.db, { tenant, groups });
    const under = await createCall(c3.urn, { type: "INITIAL", roomsRequested: 10 }, token);
    // the recorded policy is the one of the tier most passengers travel in: 4 ECONOMY, 1 BUSINESS
    expect(under.json).toMatchObject({ status: "APPROVED", approval: { policyUrn: economy.urn } });
    expect(under.json.approval.policyUrn).not.toBe(premium.urn);
  });

  it("INCREMENTAL: refused before an approved INITIAL, then auto-approved only when incrementalRequiresApproval is false", async () => {
    const tenant = uniqueTenant();
    const token = await tokenFor({ tenant });
    await activePolicy(database.db, tenant, { incrementalRequiresApproval: true });
    const c = await insertCase(database.db, { tenant });
    const early = await createCall(c.urn, { type: "INCREMENTAL", roomsRequested: 2 }, token);
    expect(early.status).toBe(409);
    expect(early.json.code).toBe("INVALID_TRANSITION");
    const initial = await createCall(c.urn, { type: "INITIAL", roomsRequested: 400 }, token);
    expect(initial.json.status).toBe("REQUESTED");
    // a REQUESTED INITIAL is not a baseline yet
    expect((await createCall(c.urn, { type: "INCREMENTAL", roomsRequested: 2 }, token)).status).toBe(409);
    await database.db.update(demands).set({ status: "APPROVED" }).where(eq(demands.urn, initial.json.urn));
    const inc = await createCall(c.urn, { type: "INCREMENTAL", roomsRequested: 2 }, token);
    expect(inc.status).toBe(201);
    expect(inc.json).toMatchObject({ type: "INCREMENTAL", status: "REQUESTED" });

    const t2 = uniqueTenant();
    await activePolicy(database.db, t2, { incrementalRequiresApproval: false });
    const c2 = await insertCase(database.db, { tenant: t2 });
    const tok2 = await tokenFor({ tenant: t2 });
    expect((await createCall(c2.urn, { type: "INITIAL", roomsRequested: 5 }, tok2)).json.status).toBe("APPROVED");
    const inc2 = await createCall(c2.urn, { type: "INCREMENTAL", roomsRequested: 5 }, tok2);
    expect(inc2.json).toMatchObject({ type: "INCREMENTAL", status: "APPROVED", automatic: true });
    // more rooms than the ceiling still wait
    expect((await createCall(c2.urn, { type: "INCREMENTAL", roomsRequested: 51 }, tok2)).json.status).toBe("REQUESTED");
  });

  it("allows one INITIAL per case (409 INVALID_TRANSITION for a second), unless the first was rejected", async () => {
    const tenant = uniqueTenant();
    const token = await tokenFor({ tenant });
    const c = await insertCase(database.db, { tenant });
    const first = await createCall(c.urn, { type: "INITIAL", roomsRequested: 3 }, token);
    const second = await createCall(c.urn, { type: "INITIAL", roomsRequested: 3 }, token);
    expect(second.status).toBe(409);
    expect(second.json.code).toBe("INVALID_TRANSITION");
    await database.db.update(demands).set({ status: "REJECTED" }).where(eq(demands.urn, first.json.urn));
    expect((await createCall(c.urn, { type: "INITIAL", roomsRequested: 3 }, token)).status).toBe(201);
    expect(await demandsOf(c.urn)).toHaveLength(2);
  });

  it("creates at most one INITIAL under concurrent requests", async () => {
    const tenant = uniqueTenant();
    const token = await tokenFor({ tenant });
    const c = await insertCase(database.db, { tenant });
    const results = await Promise.all(Array.from({ length: 4 }, () => createCall(c.urn, { type: "INITIAL", roomsRequested: 3 }, token)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await demandsOf(c.urn)).toHaveLength(1);
  });

  it("refuses a closed case with 409 CASE_CLOSED and writes nothing", async () => {
    const tenant = uniqueTenant();
    const c = await insertCase(database.db, { tenant, status: "CLOSED" });
    const res = await createCall(c.urn, { type: "INITIAL", roomsRequested: 3 }, await tokenFor({ tenant }));
    expect(res.status).toBe(409);
    expect(res.json.code).toBe("CASE_CLOSED");
    expect(await demandsOf(c.urn)).toHaveLength(0);
  });

  it.each([
    [{ type: "INITIAL", roomsRequested: 0 }, "roomsRequested"],
    [{ type: "INITIAL", roomsRequested: 2.5 }, "roomsRequested"],
    [{ type: "INITIAL", roomsRequested: 5001 }, "roomsRequested"],
    [{ type: "INITIAL", roomsRequested: "3" }, "roomsRequested"],
    [{ type: "EXTRA", roomsRequested: 3 }, "type"],
    [{ roomsRequested: 3 }, "type"],
  ])("refuses %j with 422 and writes nothing", async (body, path) => {
    const tenant = uniqueTenant();
    const c = await insertCase(database.db, { tenant });
    const res = await createCall(c.urn, body, await tokenFor({ tenant }));
    expect(res.status).toBe(422);
    expect(res.json.errors.map((e: { path: string }) => e.path)).toContain(path);
    expect(await demandsOf(c.urn)).toHaveLength(0);
  });

  describe("roles and scope", () => {
    it.each([["FEED"], ["OPS_SUPERVISOR"], ["ADMIN"], ["AIRPORT_OPERATOR"]] as const)("%s may create (in scope)", async (role) => {
      const tenant = uniqueTenant();
      const sub = "urn:svc:user:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d13";
      const c = await insertCase(database.db, { tenant, createdBy: sub });
      const res = await createCall(c.urn, { type: "INITIAL", roomsRequested: 3 }, await tokenFor({ tenant, roles: [role], airports: ["CDG"], sub }));
      expect(res.status).toBe(201);
    });

    it("answers 404 for another tenant's case, an unknown case, and a FEED client's case it did not create", async () => {
      const c = await insertCase(database.db, { tenant: uniqueTenant() });
      const token = await tokenFor({ tenant: uniqueTenant() });
      expect((await createCall(c.urn, { type: "INITIAL", roomsRequested: 3 }, token)).status).toBe(404);
      expect((await createCall("urn:svc:case:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d10", { type: "INITIAL", roomsRequested: 3 }, token)).status).toBe(404);
      const tenant = uniqueTenant();
      const mine = await insertCase(database.db, { tenant, createdBy: "feed-a" });
      const res = await createCall(mine.urn, { type: "INITIAL", roomsRequested: 3 }, await tokenFor({ tenant, roles: ["FEED"], sub: "feed-b" }));
      expect(res.status).toBe(404);
      expect(await demandsOf(mine.urn)).toHaveLength(0);
    });

    it("answers 403 OUT_OF_SCOPE for a case of an airport outside the claims", async () => {
      const tenant = uniqueTenant();
      const c = await insertCase(database.db, { tenant, airport: "LHR" });
      const res = await createCall(c.urn, { type: "INITIAL", roomsRequested: 3 }, await tokenFor({ tenant, roles: ["AIRPORT_OPERATOR"], airports: ["CDG"] }));
      expect(res.status).toBe(403);
      expect(res.json.code).toBe("OUT_OF_SCOPE");
      expect(await demandsOf(c.urn)).toHaveLength(0);
      const denied = await database.db.select().from(auditEntries).where(and(eq(auditEntries.tenant, tenant), eq(auditEntries.action, "access-denied")));
      expect(denied).toHaveLength(1);
    });

    it("answers 401 without a token", async () => {
      const c = await insertCase(database.db, { tenant: uniqueTenant() });
      expect((await createCall(c.urn, { type: "INITIAL", roomsRequested: 3 })).status).toBe(401);
    });
  });
});

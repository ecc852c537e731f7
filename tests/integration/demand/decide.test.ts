import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEntries, cases, demands, jobEvents } from "@/db/schema";
import { POST as approve } from "@/app/api/v1/demand/[demandUrn]/approve/route";
import { POST as reject } from "@/app/api/v1/demand/[demandUrn]/reject/route";
import { GET as getOne } from "@/app/api/v1/demand/[demandUrn]/route";
import { POST as create } from "@/app/api/v1/demand/case/[caseUrn]/route";
import { activatePolicy } from "@/lib/policies/activate";
import { createPolicy } from "@/lib/policies/create";
import { PolicyInput } from "@/lib/policies/schemas";
import { call, tokenFor, apiTestDatabase } from "../../helpers/api";
import { insertCase } from "../../helpers/case-rows";
import { ctxFor, principal, uniqueTenant } from "../../helpers/factories";
import { activePolicy, policyPayload } from "../../helpers/policies";

const database = apiTestDatabase({ airports: true });


const SUPERVISOR = "urn:svc:user:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d20";

/** A REQUESTED demand on a fresh case (no auto-approving policy in the tenant). */
async function requested(tenant: string, opts: { airport?: string; rooms?: number } = {}) {
  const c = await insertCase(database.db, { tenant, airport: opts.airport });
  const res = await call(create, `/demand/case/${c.urn}`, {
    token: await tokenFor({ tenant }),
    body: { type: "INITIAL", roomsRequested: opts.rooms ?? 400 },
    params: { caseUrn: c.urn },
  });
  expect(res.json.status).toBe("REQUESTED");
  return { caseUrn: c.urn, urn: res.json.urn as string };
}

function decide(handler: typeof approve, action: string, urn: string, body: unknown, token?: string) {
  return call(handler, `/demand/${urn}/${action}`, { token, body, params: { demandUrn: urn } });
}

async function statusOf(urn: string) {
  const [row] = await database.db.select().from(demands).where(eq(demands.urn, urn));
  return row.status;
}

async function auditOf(urn: string) {
  return database.db.select().from(auditEntries).where(eq(auditEntries.entityUrn, urn)).orderBy(asc(auditEntries.urn));
}

async function eventsOf(urn: string) {
  return (await database.db.select().from(jobEvents).where(eq(jobEvents.name, "demand/approved"))).filter((e) => e.data.demandUrn === urn);
}

describe("POST /demand/{demandUrn}/approve", () => {
  it("approves a REQUESTED demand: decision recorded against the current policy version, audited before/after, allocation enqueued", async () => {
    const tenant = uniqueTenant();
    const d = await requested(tenant);
    // v1 active, then v2 replaces it: the approval names v2
    await activePolicy(database.db, tenant, { autoApproveDemand: false });
    const v2 = await activePolicy(database.db, tenant, { autoApproveDemand: false, name: "v2" });
    const token = await tokenFor({ tenant, roles: ["OPS_SUPERVISOR"], airports: ["CDG"], sub: SUPERVISOR });
    const res = await decide(approve, "approve", d.urn, { reason: "  storm, 400 rooms needed  " }, token);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      urn: d.urn,
      status: "APPROVED",
      automatic: false,
      approval: { decidedBy: SUPERVISOR, reason: "storm, 400 rooms needed", policyUrn: v2.urn, policyVersion: 2 },
    });
    expect(Date.parse(res.json.approval.decidedAt)).not.toBeNaN();
    const entries = await auditOf(d.urn);
    const entry = entries.find((e) => e.action === "approve")!;
    expect(entry).toMatchObject({ entity: "demand", actor: SUPERVISOR, reason: "storm, 400 rooms needed", airport: "CDG" });
    expect(entry.changes).toEqual(
      expect.arrayContaining([
        { field: "status", before: "REQUESTED", after: "APPROVED" },
        { field: "approval", before: null, after: expect.objectContaining({ decidedBy: SUPERVISOR, policyVersion: 2 }) },
      ]),
    );
    const events = await eventsOf(d.urn);
    expect(events.map((e) => e.data)).toEqual([{ tenant, caseUrn: d.caseUrn, demandUrn: d.urn, policyUrn: v2.urn, policyVersion: 2 }]);
    const [caseRow] = await database.db.select().from(cases).where(eq(cases.urn, d.caseUrn));
    expect(caseRow.revision).toBe(3);
  });

  it("approves with no matching policy: policyUrn and policyVersion null", async () => {
    const tenant = uniqueTenant();
    const d = await requested(tenant);
    const res = await decide(approve, "approve", d.urn, { reason: "ok" }, await tokenFor({ tenant }));
    expect(res.json.approval).toMatchObject({ policyUrn: null, policyVersion: null });
    expect((await eventsOf(d.urn))[0].data).toMatchObject({ policyUrn: null, policyVersion: null });
  });

  it("refuses to approve twice, or a rejected demand, with 409 INVALID_TRANSITION", async () => {
    const tenant = uniqueTenant();
    const token = await tokenFor({ tenant });
    const d = await requested(tenant);
    expect((await decide(approve, "approve", d.urn, { reason: "go" }, token)).status).toBe(200);
    const twice = await decide(approve, "approve", d.urn, { reason: "again" }, token);
    expect(twice.status).toBe(409);
    expect(twice.json.code).toBe("INVALID_TRANSITION");
    expect(await eventsOf(d.urn)).toHaveLength(1);
    const rejectApproved = await decide(reject, "reject", d.urn, { reason: "no" }, token);
    expect(rejectApproved.status).toBe(409);
    expect(await statusOf(d.urn)).toBe("APPROVED");

    const c = uniqueTenant();
    const r = await requested(c);
    const ct = await tokenFor({ tenant: c });
    expect((await decide(reject, "reject", r.urn, { reason: "airport freeze" }, ct)).status).toBe(200);
    const approveRejected = await decide(approve, "approve", r.urn, { reason: "changed my mind" }, ct);
    expect(approveRejected.status).toBe(409);
    expect(approveRejected.json.code).toBe("INVALID_TRANSITION");
    expect(await statusOf(r.urn)).toBe("REJECTED");
    expect(await eventsOf(r.urn)).toHaveLength(0);
  });

  it("refuses FULFILLED and PARTIAL demands with 409", async () => {
    const tenant = uniqueTenant();
    const token = await tokenFor({ tenant });
    for (const status of ["FULFILLED", "PARTIAL"] as const) {
      const d = await requested(tenant);
      await database.db.update(demands).set({ status }).where(eq(demands.urn, d.urn));
      expect((await decide(approve, "approve", d.urn, { reason: "x" }, token)).status).toBe(409);
      expect((await decide(reject, "reject", d.urn, { reason: "x" }, token)).status).toBe(409);
    }
  });

  it("lets exactly one of two concurrent approvals win", async () => {
    const tenant = uniqueTenant();
    const token = await tokenFor({ tenant });
    const d = await requested(tenant);
    const results = await Promise.all([
      decide(approve, "approve", d.urn, { reason: "a" }, token),
      decide(approve, "approve", d.urn, { reason: "b" }, token),
      decide(reject, "reject", d.urn, { reason: "c" }, token),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect((await auditOf(d.urn)).filter((e) => e.action !== "create")).toHaveLength(1);
  });

  it("refuses a missing or blank reason with 422 REASON_REQUIRED and changes nothing", async () => {
    const tenant = uniqueTenant();
    const token = await tokenFor({ tenant });
    const d = await requested(tenant);
    for (const body of [{}, { reason: "   " }, { reason: 3 }]) {
      const res = await decide(approve, "approve", d.urn, body, token);
      expect(res.status).toBe(422);
      expect(res.json.code).toBe("REASON_REQUIRED");
    }
    const none = await call(reject, `/demand/${d.urn}/reject`, { token, params: { demandUrn: d.urn }, method: "POST" });
    expect(none.status).toBe(422);
    expect(none.json.code).toBe("REASON_REQUIRED");
    expect(await statusOf(d.urn)).toBe("REQUESTED");
  });

  it("refuses a decision on a closed case with 409 CASE_CLOSED", async () => {
    const tenant = uniqueTenant();
    const token = await tokenFor({ tenant });
    const d = await requested(tenant);
    await database.db.update(cases).set({ status: "CLOSED" }).where(eq(cases.urn, d.caseUrn));
    for (const [h, action] of [[approve, "approve"], [reject, "reject"]] as const) {
      const res = await decide(h, action, d.urn, { reason: "x" }, token);
      expect(res.status).toBe(409);
      expect(res.json.code).toBe("CASE_CLOSED");
    }
    expect(await statusOf(d.urn)).toBe("REQUESTED");
  });
});

describe("POST /demand/{demandUrn}/reject", () => {
  it("rejects a REQUESTED demand with the reason, audited before/after, no allocation", async () => {
    const tenant = uniqueTenant();
    const d = await requested(tenant);
    const token = await tokenFor({ tenant, roles: ["ADMIN"], sub: SUPERVISOR });
    const res = await decide(reject, "reject", d.urn, { reason: "airport freeze" }, token);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "REJECTED", automatic: false, approval: { decidedBy: SUPERVISOR, reason: "airport freeze", policyUrn: null } });
    const entry = (await auditOf(d.urn)).find((e) => e.action === "reject")!;
    expect(entry.changes).toContainEqual({ field: "status", before: "REQUESTED", after: "REJECTED" });
    expect(entry.reason).toBe("airport freeze");
    expect(await eventsOf(d.urn)).toHaveLength(0);
  });
});

describe("decisions: roles and scope", () => {
  const endpoints = [
    ["approve", approve],
    ["reject", reject],
  ] as const;

  it.each(endpoints)("%s: OPS_SUPERVISOR and ADMIN may; AIRPORT_OPERATOR and FEED get 403 FORBIDDEN", async (action, handler) => {
    const tenant = uniqueTenant();
    for (const role of ["AIRPORT_OPERATOR", "FEED"] as const) {
      const d = await requested(tenant);
      const res = await decide(handler, action, d.urn, { reason: "x" }, await tokenFor({ tenant, roles: [role], airports: ["CDG"] }));
      expect(res.status).toBe(403);
      expect(res.json.code).toBe("FORBIDDEN");
      expect(await statusOf(d.urn)).toBe("REQUESTED");
    }
    for (const role of ["OPS_SUPERVISOR", "ADMIN"] as const) {
      const d = await requested(tenant);
      expect((await decide(handler, action, d.urn, { reason: "x" }, await tokenFor({ tenant, roles: [role], airports: ["CDG"] }))).status).toBe(200);
    }
  });

  it.each(endpoints)("%s: 404 for another tenant's demand or an unknown one, 401 without a token", async (action, handler) => {
    const d = await requested(uniqueTenant());
    const token = await tokenFor({ tenant: uniqueTenant() });
    expect((await decide(handler, action, d.urn, { reason: "x" }, token)).status).toBe(404);
    expect((await decide(handler, action, "urn:svc:demand:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d10", { reason: "x" }, token)).status).toBe(404);
    expect((await decide(handler, action, d.urn, { reason: "x" })).status).toBe(401);
    expect(await statusOf(d.urn)).toBe("REQUESTED");
  });

  it.each(endpoints)("%s: 403 OUT_OF_SCOPE for a case of an airport outside the supervisor's claims", async (action, handler) => {
    const tenant = uniqueTenant();
    const d = await requested(tenant, { airport: "LHR" });
    const res = await decide(handler, action, d.urn, { reason: "x" }, await tokenFor({ tenant, roles: ["OPS_SUPERVISOR"], airports: ["CDG"] }));
    expect(res.status).toBe(403);
    expect(res.json.code).toBe("OUT_OF_SCOPE");
    expect(await statusOf(d.urn)).toBe("REQUESTED");
  });
});

describe("GET /demand/{demandUrn}", () => {
  it("reads a demand per role in scope; 403 FORBIDDEN for FEED, OUT_OF_SCOPE elsewhere, 404 across tenants, 401 without token", async () => {
    const tenant = uniqueTenant();
    const d = await requested(tenant);
    for (const role of ["OPS_SUPERVISOR", "ADMIN", "AIRPORT_OPERATOR"] as const) {
      const res = await call(getOne, `/demand/${d.urn}`, { token: await tokenFor({ tenant, roles: [role], airports: ["CDG"] }), params: { demandUrn: encodeURIComponent(d.urn) } });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ urn: d.urn, caseUrn: d.caseUrn, status: "REQUESTED" });
    }
    const get = (token?: string) => call(getOne, `/demand/${d.urn}`, { token, params: { demandUrn: d.urn } });
    expect((await get(await tokenFor({ tenant, roles: ["FEED"] }))).json.code).toBe("FORBIDDEN");
    expect((await get(await tokenFor({ tenant, roles: ["AIRPORT_OPERATOR"], airports: ["LHR"] }))).json.code).toBe("OUT_OF_SCOPE");
    expect((await get(await tokenFor({ tenant: uniqueTenant() }))).status).toBe(404);
    expect((await get()).status).toBe(401);
  });
});

describe("automatic approval uses the current policy version", () => {
  it("records the version active at creation, and a rollback is honoured", async () => {
    const tenant = uniqueTenant();
    const ctx = ctxFor(database.db, principal({ tenant }));
    const v1 = await createPolicy({ ctx, input: PolicyInput.parse(policyPayload({ maxAutomaticRoomsPerWave: 5 })) });
    const v2 = await createPolicy({ ctx, input: PolicyInput.parse(policyPayload({ maxAutomaticRoomsPerWave: 100 })) });
    await activatePolicy({ ctx, input: { policyUrn: v1.urn } });
    await activatePolicy({ ctx, input: { policyUrn: v2.urn } });
    const token = await tokenFor({ tenant });
    const c1 = await insertCase(database.db, { tenant });
    const a = await call(create, `/demand/case/${c1.urn}`, { token, body: { type: "INITIAL", roomsRequested: 40 }, params: { caseUrn: c1.urn } });
    expect(a.json).toMatchObject({ status: "APPROVED", approval: { policyUrn: v2.urn, policyVersion: 2 } });
    // rollback to v1 (ceiling 5): the same request now waits for a supervisor
    await activatePolicy({ ctx, input: { policyUrn: v1.urn } });
    const c2 = await insertCase(database.db, { tenant });
    const b = await call(create, `/demand/case/${c2.urn}`, { token, body: { type: "INITIAL", roomsRequested: 40 }, params: { caseUrn: c2.urn } });
    expect(b.json.status).toBe("REQUESTED");
    const rows = await database.db.select().from(demands).where(and(eq(demands.tenant, tenant), eq(demands.status, "APPROVED")));
    expect(rows).toHaveLength(1);
  });
});

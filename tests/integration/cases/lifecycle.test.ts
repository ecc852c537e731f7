import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEntries, cases } from "@/db/schema";
import { POST as action } from "@/app/api/v1/cases/[caseUrn]/[action]/route";
import { POST as close } from "@/app/api/v1/cases/[caseUrn]/close/route";
import { PATCH as reaccommodate } from "@/app/api/v1/cases/[caseUrn]/reaccommodate/route";
import { POST as reopen } from "@/app/api/v1/cases/[caseUrn]/reopen/route";
import { POST as split } from "@/app/api/v1/cases/[caseUrn]/groups/[groupId]/split/route";
import { POST as createHandler } from "@/app/api/v1/cases/route";
import { call, apiTestDatabase } from "../../helpers/api";
import { casePayload, createCase, pax, roleToken } from "../../helpers/cases";
import { uniqueTenant } from "../../helpers/factories";

const database = apiTestDatabase({ airports: true });


const post = (handler: typeof close, urn: string, verb: string, token: string | undefined, body?: unknown) =>
  call(handler, `/cases/${urn}/${verb}`, { token, params: { caseUrn: urn }, body, method: "POST" });

const payload = () => casePayload({ passengerGroups: [{ pnr: "TWO001", passengers: [pax("T1"), pax("T2")] }, { pnr: "ONE001", passengers: [pax("O1")] }] });

describe("POST /cases/{caseUrn}/close", () => {
  it("closes with a reason: CLOSED, closedAt, closeReason, audited before/after", async () => {
    const tenant = uniqueTenant();
    const c = await createCase(await roleToken(tenant, "ADMIN"), payload());
    const res = await post(close, c.urn, "close", await roleToken(tenant, "AIRPORT_OPERATOR", ["CDG"]), { reason: "  all passengers rebooked  " });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ urn: c.urn, status: "CLOSED", closeReason: "all passengers rebooked", revision: 2 });
    expect(Date.parse(res.json.closedAt)).toBeGreaterThan(Date.now() - 60_000);
    const [audit] = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, c.urn), eq(auditEntries.action, "close")));
    expect(audit.reason).toBe("all passengers rebooked");
    expect(audit.changes).toEqual(
      expect.arrayContaining([
        { field: "status", before: "OPEN", after: "CLOSED" },
        { field: "closeReason", before: null, after: "all passengers rebooked" },
      ]),
    );
  });

  it("refuses every state change on a closed case with 409 CASE_CLOSED and changes nothing", async () => {
    const tenant = uniqueTenant();
    const admin = await roleToken(tenant, "ADMIN");
    const c = await createCase(admin, payload());
    expect((await post(close, c.urn, "close", admin, { reason: "done" })).status).toBe(200);
    const [before] = await database.db.select().from(cases).where(eq(cases.urn, c.urn));

    const form = new FormData();
    form.set("file", new Blob(["pnr,passengerId,firstName,lastName,tier\nNEW001,N1,A,B,ECONOMY"], { type: "text/csv" }), "x.csv");
    const attempts = [
      await post(close, c.urn, "close", admin, { reason: "again" }),
      await call(split, `/cases/${c.urn}/groups/TWO001/split`, { token: admin, params: { caseUrn: c.urn, groupId: "TWO001" }, body: { into: [["T1"], ["T2"]], reason: "r" } }),
      await call(action, `/cases/${c.urn}/groups:merge`, { token: admin, params: { caseUrn: c.urn, action: "groups:merge" }, body: { groupIds: ["TWO001", "ONE001"], reason: "r" } }),
      await call(action, `/cases/${c.urn}/passengers:bulk`, { token: admin, params: { caseUrn: c.urn, action: "passengers:bulk" }, rawBody: form, method: "POST" }),
      await call(reaccommodate, `/cases/${c.urn}/reaccommodate`, { token: admin, params: { caseUrn: c.urn }, body: { nextFlight: { number: "AF9", scheduledDeparture: "2026-11-23T08:00:00Z" } }, method: "PATCH" }),
    ];
    for (const res of attempts) {
      expect(res.status, res.text).toBe(409);
      expect(res.json.code).toBe("CASE_CLOSED");
    }
    const [after] = await database.db.select().from(cases).where(eq(cases.urn, c.urn));
    expect(after).toEqual(before);
    // the idempotent create still answers the (closed) case
    const repeat = await call(createHandler, "/cases", { token: admin, body: { ...payload(), externalEventId: c.externalEventId } });
    expect(repeat.status).toBe(200);
    expect(repeat.json.status).toBe("CLOSED");
  });

  it("needs a reason (422 REASON_REQUIRED)", async () => {
    const tenant = uniqueTenant();
    const admin = await roleToken(tenant, "ADMIN");
    const c = await createCase(admin);
    for (const body of [undefined, {}, { reason: "" }, { reason: "   " }]) {
      const res = await post(close, c.urn, "close", admin, body);
      expect(res.status).toBe(422);
      expect(res.json.code).toBe("REASON_REQUIRED");
    }
    expect((await database.db.select().from(cases).where(eq(cases.urn, c.urn)))[0].status).toBe("OPEN");
  });

  it("allows AIRPORT_OPERATOR, OPS_SUPERVISOR and ADMIN; 403 for FEED and out of scope; 404 across tenants; 401", async () => {
    const tenant = uniqueTenant();
    const admin = await roleToken(tenant, "ADMIN");
    for (const role of ["AIRPORT_OPERATOR", "OPS_SUPERVISOR", "ADMIN"] as const) {
      const c = await createCase(admin);
      const res = await post(close, c.urn, "close", await roleToken(tenant, role, ["CDG"]), { reason: role });
      expect(res.status, role).toBe(200);
    }
    const c = await createCase(admin);
    const feed = await post(close, c.urn, "close", await roleToken(tenant, "FEED", ["*"], c.createdBy), { reason: "r" });
    expect(feed.status).toBe(403);
    expect(feed.json.code).toBe("FORBIDDEN");
    const scoped = await post(close, c.urn, "close", await roleToken(tenant, "AIRPORT_OPERATOR", ["ORY"]), { reason: "r" });
    expect(scoped.status).toBe(403);
    expect(scoped.json.code).toBe("OUT_OF_SCOPE");
    expect((await post(close, c.urn, "close", await roleToken(uniqueTenant(), "ADMIN"), { reason: "r" })).status).toBe(404);
    expect((await post(close, c.urn, "close", undefined, { reason: "r" })).status).toBe(401);
    expect((await database.db.select().from(cases).where(eq(cases.urn, c.urn)))[0].status).toBe("OPEN");
  });
});

describe("POST /cases/{caseUrn}/reopen", () => {
  it("reopens a closed case (ADMIN): REOPENED, close fields cleared, audited; changes are allowed again", async () => {
    const tenant = uniqueTenant();
    const admin = await roleToken(tenant, "ADMIN");
    const c = await createCase(admin, payload());
    await post(close, c.urn, "close", admin, { reason: "early" });
    const res = await post(reopen, c.urn, "reopen", admin, { reason: "passengers came back" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "REOPENED", closedAt: null, closeReason: null, revision: 3 });
    const [audit] = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, c.urn), eq(auditEntries.action, "reopen")));
    expect(audit.reason).toBe("passengers came back");
    expect(audit.changes).toEqual(expect.arrayContaining([{ field: "status", before: "CLOSED", after: "REOPENED" }]));
    const splitAfter = await call(split, `/cases/${c.urn}/groups/TWO001/split`, { token: admin, params: { caseUrn: c.urn, groupId: "TWO001" }, body: { into: [["T1"], ["T2"]], reason: "r" } });
    expect(splitAfter.status).toBe(200);
    // and it can be closed again
    expect((await post(close, c.urn, "close", admin, { reason: "really done" })).json.status).toBe("CLOSED");
  });

  it("refuses a case that is not closed with 409 INVALID_TRANSITION", async () => {
    const tenant = uniqueTenant();
    const admin = await roleToken(tenant, "ADMIN");
    const c = await createCase(admin);
    const res = await post(reopen, c.urn, "reopen", admin, { reason: "r" });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe("INVALID_TRANSITION");
  });

  it("is ADMIN only: 403 for the other roles; needs a reason; 404 across tenants; 401", async () => {
    const tenant = uniqueTenant();
    const admin = await roleToken(tenant, "ADMIN");
    const c = await createCase(admin);
    await post(close, c.urn, "close", admin, { reason: "done" });
    for (const role of ["AIRPORT_OPERATOR", "OPS_SUPERVISOR", "FEED"] as const) {
      const res = await post(reopen, c.urn, "reopen", await roleToken(tenant, role, ["CDG"], role === "FEED" ? c.createdBy : undefined), { reason: "r" });
      expect(res.status, role).toBe(403);
      expect(res.json.code).toBe("FORBIDDEN");
    }
    expect((await post(reopen, c.urn, "reopen", admin, { reason: " " })).json.code).toBe("REASON_REQUIRED");
    expect((await post(reopen, c.urn, "reopen", await roleToken(uniqueTenant(), "ADMIN"), { reason: "r" })).status).toBe(404);
    expect((await post(reopen, c.urn, "reopen", await roleToken(tenant, "ADMIN", ["ORY"]), { reason: "r" })).json.code).toBe("OUT_OF_SCOPE");
    expect((await post(reopen, c.urn, "reopen", undefined, { reason: "r" })).status).toBe(401);
    expect((await database.db.select().from(cases).where(eq(cases.urn, c.urn)))[0].status).toBe("CLOSED");
  });
});

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEntries, cases, passengers } from "@/db/schema";
import { POST as action } from "@/app/api/v1/cases/[caseUrn]/[action]/route";
import { POST as close } from "@/app/api/v1/cases/[caseUrn]/close/route";
import { GET as list, POST } from "@/app/api/v1/cases/route";
import { apiTestDatabase, call } from "../../helpers/api";
import { casePayload, createCase, pax, roleToken } from "../../helpers/cases";
import { uniqueTenant } from "../../helpers/factories";

/** Part 6 of issue 6: each of these is a clear 422 problem+json that writes nothing. */
const database = apiTestDatabase({ airports: true });

async function written(tenant: string) {
  const db = database.db;
  return {
    cases: (await db.select({ urn: cases.urn, revision: cases.revision }).from(cases).where(eq(cases.tenant, tenant))).length,
    passengers: (await db.select({ id: passengers.passengerId }).from(passengers).where(eq(passengers.tenant, tenant))).length,
    audit: (await db.select({ urn: auditEntries.urn }).from(auditEntries).where(eq(auditEntries.tenant, tenant))).length,
  };
}

function expect422(res: { status: number; headers: Headers; json: any }, path?: string) {
  expect(res.status).toBe(422);
  expect(res.headers.get("content-type")).toContain("application/problem+json");
  if (path) expect(res.json.errors.map((e: { path: string }) => e.path)).toContain(path);
}

describe("times outside 2000-01-01 .. now + 2 years", () => {
  it.each([
    ["a departure in year 99", { scheduledDeparture: "0099-06-01T00:00:00Z" }],
    ["a departure before 2000", { scheduledDeparture: "1999-12-31T23:59:59Z" }],
    ["a departure ten years ahead", { scheduledDeparture: `${new Date().getUTCFullYear() + 10}-06-01T00:00:00Z` }],
  ])("refuses %s with 422 and saves nothing", async (_name, flight) => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "ADMIN");
    const base = casePayload();
    const res = await call(POST, "/cases", { token, body: { ...base, flight: { ...base.flight, ...flight }, nextFlight: null } });
    expect422(res, "flight.scheduledDeparture");
    expect(await written(tenant)).toEqual({ cases: 0, passengers: 0, audit: 0 });
  });
});

describe("a NUL character in any string", () => {
  const NUL = "\u0000";
  it.each([
    ["firstName", (p: any) => (p.passengerGroups[0].passengers[0].firstName = `A${NUL}na`), "passengerGroups.0.passengers.0.firstName"],
    ["a passenger id", (p: any) => (p.passengerGroups[0].passengers[0].id = `p${NUL}1`), "passengerGroups.0.passengers.0.id"],
    ["externalEventId", (p: any) => (p.externalEventId = `evt${NUL}`), "externalEventId"],
  ])("in %s of a new case is 422 and saves nothing", async (_name, poison, path) => {
    const tenant = uniqueTenant();
    const payload = casePayload();
    poison(payload);
    const res = await call(POST, "/cases", { token: await roleToken(tenant, "ADMIN"), body: payload });
    expect422(res, path);
    expect(await written(tenant)).toEqual({ cases: 0, passengers: 0, audit: 0 });
  });

  it("in a reason, in groupIds and in query parameters is 422 and changes nothing", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "ADMIN");
    const c = await createCase(token);
    const before = await written(tenant);
    const closing = await call(close, `/cases/${c.urn}/close`, { token, params: { caseUrn: c.urn }, body: { reason: `done${NUL}` } });
    expect(closing.status).toBe(422);
    expect(closing.json.code).toBe("REASON_REQUIRED");
    const merging = await call(action, `/cases/${c.urn}/groups:merge`, {
      token,
      params: { caseUrn: c.urn, action: "groups:merge" },
      body: { groupIds: [c.passengerGroups[0].groupId, `x${NUL}`], reason: "one family" },
    });
    expect422(merging, "groupIds.1");
    expect422(await call(list, "/cases", { token, query: { externalEventId: `e${NUL}` } }), "externalEventId");
    const cursor = Buffer.from(JSON.stringify([`urn${NUL}`])).toString("base64url");
    expect422(await call(list, "/cases", { token, query: { cursor } }), "cursor");
    expect(await written(tenant)).toEqual(before);
  });
});

describe("a passenger id that names an Object prototype key", () => {
  it("keeps __proto__ in the group's operationalStatus", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "ADMIN");
    const res = await call(POST, "/cases", {
      token,
      body: casePayload({ passengerGroups: [{ pnr: "PROTO1", passengers: [pax("__proto__"), pax("constructor"), pax("p3")] }] }),
    });
    expect(res.status).toBe(201);
    const group = res.json.passengerGroups[0];
    expect(group.passengerIds).toEqual(["__proto__", "constructor", "p3"]);
    expect(Object.keys(group.operationalStatus).sort()).toEqual(["__proto__", "constructor", "p3"]);
    expect(Object.getOwnPropertyDescriptor(group.operationalStatus, "__proto__")?.value).toBe("AWAITING_ALLOCATION");
  });
});

describe("a passenger id holding a bidi override, a control character or a line break", () => {
  // the id shows in bookings.csv, on the case page and in the audit: refused as names are
  it.each([
    ["a right-to-left override", "P\u202e1gpj.exe"],
    ["a bell", "P\u00071"],
    ["a line break", "P1\nP2"],
    ["a first-strong isolate", "\u2068P1"],
  ])("refuses %s in POST /cases with 422 naming the id, and saves nothing", async (_name, id) => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "ADMIN");
    const res = await call(POST, "/cases", { token, body: casePayload({ passengerGroups: [{ pnr: "BIDI1", passengers: [pax(id, "ECONOMY", { firstName: "Ana", lastName: "Silva", email: "p1@example.com" })] }] }) });
    expect422(res, "passengerGroups.0.passengers.0.id");
    expect(res.json.errors).toHaveLength(1);
    expect(await written(tenant)).toEqual({ cases: 0, passengers: 0, audit: 0 });
  });

  it("refuses it in a spreadsheet upload too, naming the row", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "ADMIN");
    const c = await createCase(token, casePayload());
    const form = new FormData();
    form.set("file", new Blob(["pnr,passengerId,firstName,lastName,tier\nAB12CD,P\u202e9,Ana,Silva,ECONOMY\n"], { type: "text/csv" }), "m.csv");
    const res = await call(action, `/cases/${c.urn}/passengers:bulk`, { token, params: { caseUrn: c.urn, action: "passengers:bulk" }, rawBody: form, method: "POST" });
    expect422(res, "rows[2].passengerId");
  });
});

describe("the manifest limit (BULK_MAX_ROWS, 5,000 passengers) applies to JSON too", () => {
  it("refuses 6,000 passengers at once with 422 naming passengerGroups, quickly, and saves nothing", async () => {
    const tenant = uniqueTenant();
    const groups = Array.from({ length: 12 }, (_, g) => ({
      pnr: `BIG${g}`,
      passengers: Array.from({ length: 500 }, (_, i) => pax(`G${g}-${i}`)),
    }));
    const started = performance.now();
    const res = await call(POST, "/cases", { token: await roleToken(tenant, "ADMIN"), body: casePayload({ passengerGroups: groups }) });
    expect422(res, "passengerGroups");
    expect(res.json.errors[0].message).toMatch(/at most 5000 passengers/);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(await written(tenant)).toEqual({ cases: 0, passengers: 0, audit: 0 });
  });
});

describe("a NUL in the audit query", () => {
  it("is 422, not a database error", async () => {
    const { GET: audit } = await import("@/app/api/v1/audit/route");
    const token = await roleToken(uniqueTenant(), "ADMIN");
    for (const key of ["entity", "entityUrn", "action"]) expect422(await call(audit, "/audit", { token, query: { [key]: "\u0000" } }), key);
  });
});

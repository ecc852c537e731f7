import { and, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as cancelHandler } from "@/app/api/v1/transport/segments/[segmentUrn]/cancel/route";
import { POST as retimeHandler } from "@/app/api/v1/transport/segments/[segmentUrn]/retime/route";
import { GET as getHandler } from "@/app/api/v1/transport/segments/[segmentUrn]/route";
import { POST as vehicleHandler } from "@/app/api/v1/transport/segments/[segmentUrn]/vehicle/route";
import { POST as createHandler, GET as listHandler } from "@/app/api/v1/transport/segments/route";
import { auditEntries, cases, transportSegments } from "@/db/schema";
import type { Role } from "@/lib/auth/roles";
import { closePool } from "@/lib/pool";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { pax, roleToken } from "@/tests/helpers/cases";
import { uniqueTenant } from "@/tests/helpers/factories";
import { sandboxFleet } from "@/tests/helpers/fleet";
import { confirmedCase } from "./helpers";

const database = apiTestDatabase({ airports: true });
sandboxFleet();
afterAll(() => closePool());

let tenant: string;
let admin: string;
let fx: Awaited<ReturnType<typeof confirmedCase>>;

beforeAll(async () => {
  tenant = uniqueTenant();
  admin = await roleToken(tenant, "ADMIN");
  fx = await confirmedCase(database.db, { token: admin, tenant, groups: [{ pnr: "A", passengers: [pax("A1"), pax("A2")] }, { pnr: "W", passengers: [pax("W1", "ECONOMY", { specialNeeds: ["WHEELCHAIR"] })] }] });
});

const manual = (over: Record<string, unknown> = {}) => ({ reservationUrn: fx.reservationUrns[0], direction: "AIRPORT_TO_HOTEL", scheduledAt: "2026-11-21T19:30:00Z", vehicleType: "SHUTTLE", specialRequirements: [], ...over });

async function newSegment(token = admin, over: Record<string, unknown> = {}) {
  const res = await call(createHandler, "/transport/segments", { token, body: manual(over) });
  expect(res.status, res.text).toBe(201);
  return res.json.urn as string;
}

/** audit entries of changes (a 403 writes its own access-denied entry, as the contract wants) */
const auditCount = async (urn: string) => (await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, urn), eq(auditEntries.tenant, tenant), ne(auditEntries.action, "access-denied")))).length;

type Action = { name: string; handler: typeof retimeHandler; path: string; body: Record<string, unknown> };
const ACTIONS: Action[] = [
  { name: "retime", handler: retimeHandler, path: "retime", body: { scheduledAt: "2026-11-21T20:00:00Z" } },
  { name: "vehicle", handler: vehicleHandler, path: "vehicle", body: { vehicleId: "BUS-12", driverName: "Paul" } },
  { name: "cancel", handler: cancelHandler, path: "cancel", body: {} },
];
const act = (a: Action, urn: string, token: string, body: Record<string, unknown> = { ...a.body, reason: "desk call" }) =>
  call(a.handler, `/transport/segments/${urn}/${a.path}`, { token, params: { segmentUrn: urn }, body });

describe("POST /transport/segments (manual)", () => {
  it("creates a PLANNED segment with every passenger of the reservations aboard: 201, Location, audited", async () => {
    const res = await call(createHandler, "/transport/segments", { token: admin, body: manual({ reservationUrn: undefined, reservationUrns: fx.reservationUrns, vehicleType: "WHEELCHAIR_VAN", specialRequirements: ["INFANT"] }) });
    expect(res.status).toBe(201);
    expect(res.headers.get("location")).toBe(`/api/v1/transport/segments/${res.json.urn}`);
    expect(res.json).toMatchObject({ status: "PLANNED", origin: "MANUAL", passengerCount: 3, capacity: 6, airport: "CDG", hotelUrn: fx.hotelUrn, specialRequirements: ["INFANT", "WHEELCHAIR"], reservationUrn: [...fx.reservationUrns].sort()[0] });
    expect(await auditCount(res.json.urn)).toBe(1);
    const got = await call(getHandler, `/transport/segments/${res.json.urn}`, { token: await roleToken(tenant, "OPS_SUPERVISOR", ["CDG"]), params: { segmentUrn: res.json.urn } });
    expect(got.status).toBe(200);
    expect(got.json.urn).toBe(res.json.urn);
  });

  it("refuses a wheelchair user outside a van, too few seats, an unknown reservation, a FEED client", async () => {
    const before = (await database.db.select().from(transportSegments).where(eq(transportSegments.caseUrn, fx.caseUrn))).length;
    expect((await call(createHandler, "/transport/segments", { token: admin, body: manual({ reservationUrn: fx.reservationUrns[1], vehicleType: "TAXI" }) })).json.code).toBe("VALIDATION_FAILED");
    expect((await call(createHandler, "/transport/segments", { token: admin, body: manual({ capacity: 1 }) })).status).toBe(422);
    expect((await call(createHandler, "/transport/segments", { token: admin, body: manual({ reservationUrn: "urn:svc:reservation:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d10" }) })).status).toBe(404);
    expect((await call(createHandler, "/transport/segments", { token: await roleToken(tenant, "FEED"), body: manual() })).json.code).toBe("FORBIDDEN");
    expect((await call(createHandler, "/transport/segments", { token: await roleToken(tenant, "AIRPORT_OPERATOR", ["ORY"]), body: manual() })).json.code).toBe("OUT_OF_SCOPE");
    expect((await call(createHandler, "/transport/segments", { token: await roleToken(uniqueTenant(), "ADMIN"), body: manual() })).status).toBe(404);
    expect((await database.db.select().from(transportSegments).where(eq(transportSegments.caseUrn, fx.caseUrn))).length).toBe(before);
  });
});

describe("segment actions: roles, scope, reasons", () => {
  for (const a of ACTIONS) {
    for (const role of ["AIRPORT_OPERATOR", "OPS_SUPERVISOR", "ADMIN"] as Role[]) {
      it(`${a.name} by ${role} in scope: 200, audited with before/after and the reason`, async () => {
        const urn = await newSegment();
        const res = await act(a, urn, await roleToken(tenant, role, ["CDG"]));
        expect(res.status, res.text).toBe(200);
        expect(res.json.status).toBe(a.name === "retime" ? "PLANNED" : a.name === "vehicle" ? "ASSIGNED" : "CANCELLED");
        const [entry] = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, urn), eq(auditEntries.action, a.name === "vehicle" ? "assign" : a.name)));
        expect(entry).toMatchObject({ reason: "desk call", airport: "CDG", actorRoles: [role] });
        expect(entry.changes.length).toBeGreaterThan(0);
      });
    }

    it(`${a.name}: FEED 403 FORBIDDEN, another airport 403 OUT_OF_SCOPE, another tenant 404, no or a blank reason 422 REASON_REQUIRED; nothing changes`, async () => {
      const urn = await newSegment();
      const [before] = await database.db.select().from(transportSegments).where(eq(transportSegments.urn, urn));
      const audits = await auditCount(urn);
      expect((await act(a, urn, await roleToken(tenant, "FEED"))).json.code).toBe("FORBIDDEN");
      expect((await act(a, urn, await roleToken(tenant, "AIRPORT_OPERATOR", ["ORY"]))).json.code).toBe("OUT_OF_SCOPE");
      expect((await act(a, urn, await roleToken(uniqueTenant(), "ADMIN"))).status).toBe(404);
      for (const body of [a.body, { ...a.body, reason: "   " }]) {
        const res = await act(a, urn, admin, body);
        expect(res.status).toBe(422);
        expect(res.json.code).toBe("REASON_REQUIRED");
      }
      const [after] = await database.db.select().from(transportSegments).where(eq(transportSegments.urn, urn));
      expect(after).toEqual(before);
      expect(await auditCount(urn)).toBe(audits);
    });
  }

  it("a COMPLETED or CANCELLED segment refuses every action with 409 INVALID_TRANSITION", async () => {
    const cancelled = await newSegment();
    expect((await act(ACTIONS[2], cancelled, admin)).status).toBe(200);
    const completed = await newSegment();
    await database.db.update(transportSegments).set({ status: "COMPLETED" }).where(eq(transportSegments.urn, completed));
    for (const urn of [cancelled, completed]) {
      for (const a of ACTIONS) {
        const res = await act(a, urn, admin);
        expect(res.status).toBe(409);
        expect(res.json.code).toBe("INVALID_TRANSITION");
      }
    }
  });

  it("reads: every role but FEED reads in scope; the list filters by status and refuses an airport outside the claims", async () => {
    const urn = await newSegment();
    for (const role of ["AIRPORT_OPERATOR", "OPS_SUPERVISOR", "ADMIN"] as Role[]) {
      expect((await call(getHandler, `/transport/segments/${urn}`, { token: await roleToken(tenant, role, ["CDG"]), params: { segmentUrn: urn } })).status).toBe(200);
    }
    // a FEED client reads only segments of cases it created: this case was created by an ADMIN
    expect((await call(getHandler, `/transport/segments/${urn}`, { token: await roleToken(tenant, "FEED"), params: { segmentUrn: urn } })).status).toBe(404);
    expect((await call(getHandler, `/transport/segments/${urn}`, { token: await roleToken(tenant, "ADMIN", ["ORY"]), params: { segmentUrn: urn } })).json.code).toBe("OUT_OF_SCOPE");
    const planned = await call(listHandler, "/transport/segments", { token: admin, query: { caseUrn: fx.caseUrn, status: "planned" } });
    expect(planned.status).toBe(200);
    expect(planned.json.items.every((s: { status: string }) => s.status === "PLANNED")).toBe(true);
    expect(planned.json.items.map((s: { urn: string }) => s.urn)).toContain(urn);
    expect((await call(listHandler, "/transport/segments", { token: await roleToken(tenant, "ADMIN", ["CDG"]), query: { airport: "ORY" } })).json.code).toBe("OUT_OF_SCOPE");
    expect((await call(listHandler, "/transport/segments", { token: await roleToken(tenant, "ADMIN", ["ORY"]), query: { caseUrn: fx.caseUrn } })).json.items).toEqual([]);
  });

  it("a CLOSED case refuses every action and the manual create with 409 CASE_CLOSED", async () => {
    const urn = await newSegment();
    await database.db.update(cases).set({ status: "CLOSED" }).where(eq(cases.urn, fx.caseUrn));
    try {
      for (const a of ACTIONS) {
        const res = await act(a, urn, admin);
        expect(res.status).toBe(409);
        expect(res.json.code).toBe("CASE_CLOSED");
      }
      const created = await call(createHandler, "/transport/segments", { token: admin, body: manual() });
      expect(created.json.code).toBe("CASE_CLOSED");
    } finally {
      await database.db.update(cases).set({ status: "BOOKING" }).where(eq(cases.urn, fx.caseUrn));
    }
  });
});

import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEntries, jobEvents, passengers } from "@/db/schema";
import { GET as listAudit } from "@/app/api/v1/audit/route";
import { PATCH } from "@/app/api/v1/cases/[caseUrn]/reaccommodate/route";
import { call, apiTestDatabase } from "../../helpers/api";
import { casePayload, createCase, pax, roleToken } from "../../helpers/cases";
import { uniqueTenant } from "../../helpers/factories";

const database = apiTestDatabase({ airports: true });


const patch = (urn: string, token: string | undefined, body: unknown) =>
  call(PATCH, `/cases/${urn}/reaccommodate`, { token, params: { caseUrn: urn }, body, method: "PATCH" });

const statuses = (record: { passengerGroups: { operationalStatus: Record<string, string> }[] }) =>
  Object.assign({}, ...record.passengerGroups.map((g) => g.operationalStatus)) as Record<string, string>;

describe("PATCH /cases/{caseUrn}/reaccommodate", () => {
  it("moves the next flight, recounts nights in the airport's zone, audits and emits case/reaccommodated", async () => {
    const tenant = uniqueTenant();
    const feed = await roleToken(tenant, "FEED", ["*"], "feed-reacc");
    const c = await createCase(feed); // CDG, disrupted 2026-11-21 19:05 Paris, next 2026-11-22
    expect(c.stay).toMatchObject({ nights: 1, overnight: true });
    const next = { number: "AF1250", scheduledDeparture: "2026-11-24T06:00:00Z" };
    const res = await patch(c.urn, feed, { nextFlight: next, reason: "rebooked two days later" });
    expect(res.status).toBe(200);
    expect(res.json.nextFlight).toEqual(next);
    expect(res.json.stay).toMatchObject({ nights: 3, overnight: true, until: next.scheduledDeparture });
    expect(res.json.revision).toBe(2);
    expect(new Set(Object.values(statuses(res.json)))).toEqual(new Set(["AWAITING_ALLOCATION"]));

    const audit = await call(listAudit, "/audit", { token: await roleToken(tenant, "OPS_SUPERVISOR"), query: { entity: "case", entityUrn: c.urn, action: "reaccommodate" } });
    expect(audit.json.items).toHaveLength(1);
    expect(audit.json.items[0]).toMatchObject({ actor: "feed-reacc", reason: "rebooked two days later" });
    expect(audit.json.items[0].changes).toEqual(
      expect.arrayContaining([
        { field: "nextFlight.number", before: "AF1236", after: "AF1250" },
        { field: "nextFlight.scheduledDeparture", before: "2026-11-22T09:30:00Z", after: next.scheduledDeparture },
        { field: "stay.nights", before: 1, after: 3 },
      ]),
    );
    const events = await database.db.select().from(jobEvents).where(eq(jobEvents.name, "case/reaccommodated"));
    expect(events.find((e) => e.data.caseUrn === c.urn)?.data).toMatchObject({ nights: 3, overnight: true, nextFlight: next });
  });

  it("marks passengers not yet booked LOCAL_RESIDENT when no overnight gap remains, and back when one returns", async () => {
    const tenant = uniqueTenant();
    const ops = await roleToken(tenant, "OPS_SUPERVISOR");
    const c = await createCase(ops, casePayload({ passengerGroups: [{ pnr: "LOC001", passengers: [pax("L1"), pax("L2"), pax("L3"), pax("L4")] }] }));
    await database.db.update(passengers).set({ operationalStatus: "BOOKED" }).where(and(eq(passengers.caseUrn, c.urn), eq(passengers.passengerId, "L2")));
    await database.db.update(passengers).set({ operationalStatus: "HELD" }).where(and(eq(passengers.caseUrn, c.urn), eq(passengers.passengerId, "L3")));
    await database.db.update(passengers).set({ operationalStatus: "CANCELLED" }).where(and(eq(passengers.caseUrn, c.urn), eq(passengers.passengerId, "L4")));

    // 23:30 Paris time, the same local day as the 19:05 disruption
    const sameDay = await patch(c.urn, ops, { nextFlight: { number: "AF1260", scheduledDeparture: "2026-11-21T22:30:00Z" } });
    expect(sameDay.status).toBe(200);
    expect(sameDay.json.stay).toMatchObject({ overnight: false, nights: 1 });
    expect(statuses(sameDay.json)).toEqual({ L1: "LOCAL_RESIDENT", L2: "BOOKED", L3: "LOCAL_RESIDENT", L4: "CANCELLED" });
    const [audit] = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, c.urn), eq(auditEntries.action, "reaccommodate")));
    expect(audit.reason).toBeNull();
    expect(audit.changes).toEqual(
      expect.arrayContaining([
        { field: "operationalStatus.L1", before: "AWAITING_ALLOCATION", after: "LOCAL_RESIDENT" },
        { field: "operationalStatus.L3", before: "HELD", after: "LOCAL_RESIDENT" },
        { field: "stay.overnight", before: true, after: false },
      ]),
    );

    // 00:30 Paris time the next day: an overnight gap again
    const nextDay = await patch(c.urn, ops, { nextFlight: { number: "AF1262", scheduledDeparture: "2026-11-21T23:30:00Z" } });
    expect(nextDay.json.stay).toMatchObject({ overnight: true, nights: 1 });
    expect(statuses(nextDay.json)).toEqual({ L1: "AWAITING_ALLOCATION", L2: "BOOKED", L3: "AWAITING_ALLOCATION", L4: "CANCELLED" });
  });

  it("counts calendar days in the airport's own time zone, not UTC", async () => {
    const tenant = uniqueTenant();
    const admin = await roleToken(tenant, "ADMIN");
    // JFK: disrupted 18:00 New York (23:00 UTC); next 22:00 New York is already the next UTC day
    const c = await createCase(
      admin,
      casePayload({ flight: { number: "AF23", origin: "JFK", destination: "CDG", scheduledDeparture: "2026-11-21T23:00:00Z", status: "CANCELLED" }, nextFlight: null }),
    );
    const res = await patch(c.urn, admin, { nextFlight: { number: "AF25", scheduledDeparture: "2026-11-22T03:00:00Z" } });
    expect(res.json.stay).toMatchObject({ overnight: false, nights: 1, timeZone: "America/New_York" });
    expect(new Set(Object.values(statuses(res.json)))).toEqual(new Set(["LOCAL_RESIDENT"]));
  });

  it("refuses a next flight that does not leave after the disruption, or a malformed body (422)", async () => {
    const tenant = uniqueTenant();
    const admin = await roleToken(tenant, "ADMIN");
    const c = await createCase(admin);
    const early = await patch(c.urn, admin, { nextFlight: { number: "AF1", scheduledDeparture: "2026-11-21T18:05:00Z" } });
    expect(early.status).toBe(422);
    expect(early.json.errors[0].path).toBe("nextFlight.scheduledDeparture");
    expect((await patch(c.urn, admin, {})).status).toBe(422);
    expect((await patch(c.urn, admin, { nextFlight: { number: "AF1", scheduledDeparture: "tomorrow" } })).status).toBe(422);
    expect((await patch(c.urn, admin, { nextFlight: { number: "AF1", scheduledDeparture: "2026-11-23T10:00:00Z" }, reason: " " })).json.code).toBe("REASON_REQUIRED");
    const audit = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, c.urn), eq(auditEntries.action, "reaccommodate")));
    expect(audit).toHaveLength(0);
  });

  it("allows FEED (own cases), OPS_SUPERVISOR and ADMIN; 403 for AIRPORT_OPERATOR and out of scope; 404 across tenants; 401", async () => {
    const tenant = uniqueTenant();
    const feed = await roleToken(tenant, "FEED", ["*"], "feed-owner");
    const c = await createCase(feed);
    const body = (h: number) => ({ nextFlight: { number: "AF1300", scheduledDeparture: `2026-11-23T${String(h).padStart(2, "0")}:00:00Z` } });
    for (const [i, token] of [feed, await roleToken(tenant, "OPS_SUPERVISOR", ["CDG"]), await roleToken(tenant, "ADMIN", ["CDG"])].entries()) {
      expect((await patch(c.urn, token, body(i))).status).toBe(200);
    }
    const operator = await patch(c.urn, await roleToken(tenant, "AIRPORT_OPERATOR", ["CDG"]), body(5));
    expect(operator.status).toBe(403);
    expect(operator.json.code).toBe("FORBIDDEN");
    const scoped = await patch(c.urn, await roleToken(tenant, "OPS_SUPERVISOR", ["ORY"]), body(5));
    expect(scoped.json.code).toBe("OUT_OF_SCOPE");
    expect((await patch(c.urn, await roleToken(tenant, "FEED", ["*"], "someone-else"), body(5))).status).toBe(404);
    expect((await patch(c.urn, await roleToken(uniqueTenant(), "ADMIN"), body(5))).status).toBe(404);
    expect((await patch(c.urn, undefined, body(5))).status).toBe(401);
  });
});

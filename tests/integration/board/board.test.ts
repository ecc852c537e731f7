import { describe, expect, it } from "vitest";
import { GET as board } from "@/app/api/v1/board/route";
import { POST as closeCase } from "@/app/api/v1/cases/[caseUrn]/close/route";
import { call, apiTestDatabase } from "../../helpers/api";
import { casePayload, createCase, pax, roleToken } from "../../helpers/cases";
import { uniqueTenant } from "../../helpers/factories";
import { confirmedReservation } from "../../helpers/reservations";

const database = apiTestDatabase({ airports: true });

const read = (token: string, airport: string) => call(board, "/board", { token, query: { airport } });

describe("GET /board", () => {
  it("counts an airport's open live cases, passengers and review items, and moves its revision with them", async () => {
    const tenant = uniqueTenant();
    const admin = await roleToken(tenant, "ADMIN");
    const empty = await read(admin, "CDG");
    expect(empty.status).toBe(200);
    expect(empty.json.cases).toEqual({ open: 0, byStatus: {}, passengers: 0 });
    expect(empty.json.review.byPriority).toEqual({ HIGH: 0, MEDIUM: 0, LOW: 0 });

    // a passenger without a tier raises a DATA_INCOMPLETE review item for the case
    const payload = casePayload();
    payload.passengerGroups[0].passengers[0] = pax("X-1", "ECONOMY", { tier: null });
    const c = await createCase(admin, payload);
    const after = await read(admin, "CDG");
    expect(after.json.cases.open).toBe(1);
    expect(after.json.cases.passengers).toBe(6);
    expect(after.json.revision).not.toBe(empty.json.revision);
    const item = after.json.review.items.find((i: { caseUrn: string }) => i.caseUrn === c.urn);
    expect(item).toMatchObject({ flightNumber: "AF1234", state: "OPEN" });
    expect(item.slaDueAt).toEqual(expect.any(String));
    expect(after.json.review.byPriority[item.priority]).toBeGreaterThan(0);

    // unchanged figures keep the revision, whatever the clock says
    expect((await read(admin, "CDG")).json.revision).toBe(after.json.revision);
    // another airport's board does not see the case
    expect((await read(admin, "ORY")).json.cases.open).toBe(0);

    const closed = await call(closeCase, `/cases/${c.urn}/close`, { token: admin, params: { caseUrn: c.urn }, body: { reason: "all passengers rebooked" } });
    expect(closed.status).toBe(200);
    expect((await read(admin, "CDG")).json.cases.open).toBe(0);
  });

  it("counts the rooms of CONFIRMED reservations as booked", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "ADMIN");
    await confirmedReservation(database.db, { token, tenant });
    const res = await read(token, "CDG");
    expect(res.json.rooms.booked).toBeGreaterThan(0);
    expect(res.json.rooms.pending).toBe(0);
  });

  it("leaves drills out", async () => {
    const tenant = uniqueTenant();
    const admin = await roleToken(tenant, "ADMIN");
    await createCase(admin, casePayload({ mode: "DRILL" }));
    expect((await read(admin, "CDG")).json.cases.open).toBe(0);
  });

  it("refuses an airport outside the caller's scope, a malformed airport, and the FEED role", async () => {
    const tenant = uniqueTenant();
    const out = await read(await roleToken(tenant, "AIRPORT_OPERATOR", ["LHR"]), "CDG");
    expect(out.status).toBe(403);
    expect(out.json.code).toBe("OUT_OF_SCOPE");
    expect((await read(await roleToken(tenant, "AIRPORT_OPERATOR", ["CDG"]), "CDG")).status).toBe(200);
    const bad = await read(await roleToken(tenant, "ADMIN"), "PARIS");
    expect(bad.status).toBe(422);
    expect((await call(board, "/board", { token: await roleToken(tenant, "ADMIN") })).status).toBe(422);
    expect((await read(await roleToken(tenant, "FEED"), "CDG")).status).toBe(403);
  });
});

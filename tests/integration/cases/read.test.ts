import { describe, expect, it } from "vitest";
import { allocationWaves, demands, reservations } from "@/db/schema";
import { GET as getOne } from "@/app/api/v1/cases/[caseUrn]/route";
import { GET as list } from "@/app/api/v1/cases/route";
import { newUrn } from "@/lib/ids";
import { call, apiTestDatabase } from "../../helpers/api";
import { casePayload, createCase, roleToken } from "../../helpers/cases";
import { uniqueTenant } from "../../helpers/factories";

const database = apiTestDatabase({ airports: true });


const read = (urn: string, token?: string) => call(getOne, `/cases/${urn}`, { token, params: { caseUrn: urn } });
const ORY_FLIGHT = { number: "AF7001", origin: "ORY", destination: "NCE", scheduledDeparture: "2026-11-21T18:05:00Z", status: "CANCELLED" };

describe("GET /cases/{caseUrn}", () => {
  it("answers the record to every reading role, raw or percent-encoded", async () => {
    const tenant = uniqueTenant();
    const c = await createCase(await roleToken(tenant, "ADMIN"));
    for (const role of ["ADMIN", "OPS_SUPERVISOR", "AIRPORT_OPERATOR"] as const) {
      const res = await read(c.urn, await roleToken(tenant, role, ["CDG"]));
      expect(res.status, role).toBe(200);
      expect(res.json).toEqual(c);
    }
    const encoded = await call(getOne, `/cases/${encodeURIComponent(c.urn)}`, { token: await roleToken(tenant, "ADMIN"), params: { caseUrn: encodeURIComponent(c.urn) } });
    expect(encoded.status).toBe(200);
    expect(encoded.json.urn).toBe(c.urn);
  });

  it("lets a FEED client read only the cases it created (others are 404)", async () => {
    const tenant = uniqueTenant();
    const sub = "feed-client-1";
    const feed = await roleToken(tenant, "FEED", ["*"], sub);
    const own = await createCase(feed);
    expect((await read(own.urn, await roleToken(tenant, "FEED", ["*"], sub))).status).toBe(200);
    const other = await createCase(await roleToken(tenant, "OPS_SUPERVISOR"));
    const res = await read(other.urn, feed);
    expect(res.status).toBe(404);
    expect(res.json.code).toBe("NOT_FOUND");
    expect((await read(own.urn, await roleToken(tenant, "FEED", ["*"], "feed-client-2"))).status).toBe(404);
  });

  it("is 404 across tenants, for unknown or malformed URNs; 403 OUT_OF_SCOPE for another airport; 401 without a token", async () => {
    const tenant = uniqueTenant();
    const c = await createCase(await roleToken(tenant, "ADMIN"));
    const stranger = await read(c.urn, await roleToken(uniqueTenant(), "ADMIN"));
    expect(stranger.status).toBe(404);
    expect(stranger.json.code).toBe("NOT_FOUND");
    expect((await read(newUrn("case"), await roleToken(tenant, "ADMIN"))).status).toBe(404);
    expect((await read("not-a-urn", await roleToken(tenant, "ADMIN"))).status).toBe(404);
    expect((await read(newUrn("demand"), await roleToken(tenant, "ADMIN"))).status).toBe(404);
    const scoped = await read(c.urn, await roleToken(tenant, "AIRPORT_OPERATOR", ["ORY"]));
    expect(scoped.status).toBe(403);
    expect(scoped.json.code).toBe("OUT_OF_SCOPE");
    expect((await read(c.urn)).status).toBe(401);
  });

  it("embeds the latest wave, reservations and demands of the case", async () => {
    const tenant = uniqueTenant();
    const c = await createCase(await roleToken(tenant, "ADMIN"));
    const db = database.db;
    const oldWave = newUrn("wave");
    await db.insert(allocationWaves).values({ urn: oldWave, tenant, caseUrn: c.urn, status: "SUPERSEDED", createdAt: new Date("2026-01-01T00:00:00Z") });
    const wave = newUrn("wave");
    await db.insert(allocationWaves).values({ urn: wave, tenant, caseUrn: c.urn, status: "COMPLETE", allocations: [{ groupId: "G", hotelUrn: "h" }] });
    const demand = newUrn("demand");
    await db.insert(demands).values({ urn: demand, tenant, caseUrn: c.urn, type: "INITIAL", roomsRequested: 5, status: "APPROVED", createdBy: "x", decidedBy: "sup", decidedAt: new Date(), decisionReason: "ok", policyUrn: newUrn("policy"), policyVersion: 2 });
    const reservation = newUrn("reservation");
    await db.insert(reservations).values({
      urn: reservation, tenant, caseUrn: c.urn, waveUrn: wave, groupId: c.passengerGroups[0].groupId, hotelUrn: newUrn("hotel"), provider: "DIRECT",
      status: "CONFIRMED", rooms: 2, checkIn: new Date("2026-11-21T20:00:00Z"), checkOut: new Date("2026-11-22T07:00:00Z"),
      total: { amount: 240, currency: "EUR" }, payment: { method: "CARD", cardToken: "tok_secret" },
    });
    const res = await read(c.urn, await roleToken(tenant, "OPS_SUPERVISOR"));
    expect(res.status).toBe(200);
    expect(res.json.wave).toMatchObject({ urn: wave, status: "COMPLETE", allocations: [{ groupId: "G", hotelUrn: "h" }] });
    expect(res.json.demands).toEqual([expect.objectContaining({ urn: demand, type: "INITIAL", roomsRequested: 5, status: "APPROVED", decidedBy: "sup", decisionReason: "ok", policyVersion: 2, automatic: false })]);
    expect(res.json.reservations).toEqual([expect.objectContaining({ urn: reservation, status: "CONFIRMED", rooms: 2, payment: { method: "CARD" }, total: { amount: 240, currency: "EUR" } })]);
    expect(res.text).not.toContain("tok_secret");
  });
});

describe("GET /cases", () => {
  it("lists the tenant's cases newest first with counts, and pages with a cursor", async () => {
    const tenant = uniqueTenant();
    const admin = await roleToken(tenant, "ADMIN");
    const created = [];
    for (let i = 0; i < 3; i++) created.push(await createCase(admin));
    await createCase(await roleToken(uniqueTenant(), "ADMIN"));
    await database.db.insert(demands).values([
      { urn: newUrn("demand"), tenant, caseUrn: created[2].urn, type: "INITIAL", roomsRequested: 4, status: "APPROVED", createdBy: "x" },
      { urn: newUrn("demand"), tenant, caseUrn: created[2].urn, type: "INCREMENTAL", roomsRequested: 3, status: "REJECTED", createdBy: "x" },
      { urn: newUrn("demand"), tenant, caseUrn: created[2].urn, type: "INCREMENTAL", roomsRequested: 1, status: "REQUESTED", createdBy: "x" },
    ]);
    const wave = newUrn("wave");
    await database.db.insert(allocationWaves).values({ urn: wave, tenant, caseUrn: created[2].urn, status: "COMPLETE" });
    const base = { tenant, caseUrn: created[2].urn, waveUrn: wave, hotelUrn: "h", provider: "DIRECT" as const, checkIn: new Date(), checkOut: new Date(), total: { amount: 1, currency: "EUR" }, payment: { method: "GUARANTEE" as const } };
    await database.db.insert(reservations).values([
      { ...base, urn: newUrn("reservation"), groupId: "a", status: "CONFIRMED", rooms: 2 },
      { ...base, urn: newUrn("reservation"), groupId: "b", status: "CHECKED_OUT", rooms: 1 },
      { ...base, urn: newUrn("reservation"), groupId: "c", status: "CANCELLED", rooms: 5 },
    ]);

    const first = await call(list, "/cases", { token: admin, query: { limit: "2" } });
    expect(first.status).toBe(200);
    expect(first.json.items.map((i: { urn: string }) => i.urn)).toEqual([created[2].urn, created[1].urn]);
    expect(first.json.items[0]).toMatchObject({ airport: "CDG", status: "OPEN", mode: "LIVE", passengers: 6, roomsNeeded: 5, roomsRequested: 5, roomsBooked: 3, openReviewItems: 0, revision: 1 });
    expect(first.json.items[1]).toMatchObject({ roomsRequested: 0, roomsBooked: 0 });
    const second = await call(list, "/cases", { token: admin, query: { limit: "2", cursor: first.json.nextCursor } });
    expect(second.json.items.map((i: { urn: string }) => i.urn)).toEqual([created[0].urn]);
    expect(second.json.nextCursor).toBeNull();
    expect((await call(list, "/cases", { token: admin, query: { cursor: "%%%" } })).status).toBe(422);
  });

  it("filters by status, airport, flight and externalEventId, within the caller's airports", async () => {
    const tenant = uniqueTenant();
    const admin = await roleToken(tenant, "ADMIN");
    const cdg = await createCase(admin);
    const ory = await createCase(admin, casePayload({ flight: ORY_FLIGHT }));
    const urns = async (token: string, query: Record<string, string> = {}) => {
      const res = await call(list, "/cases", { token, query });
      expect(res.status).toBe(200);
      return res.json.items.map((i: { urn: string }) => i.urn);
    };
    expect(await urns(admin, { airport: "ORY" })).toEqual([ory.urn]);
    expect(await urns(admin, { flight: "AF1234" })).toEqual([cdg.urn]);
    expect(await urns(admin, { externalEventId: ory.externalEventId })).toEqual([ory.urn]);
    expect(await urns(admin, { status: "OPEN" })).toEqual([ory.urn, cdg.urn]);
    expect(await urns(admin, { status: "CLOSED" })).toEqual([]);
    const operator = await roleToken(tenant, "AIRPORT_OPERATOR", ["ORY"]);
    expect(await urns(operator)).toEqual([ory.urn]);
    const out = await call(list, "/cases", { token: operator, query: { airport: "CDG" } });
    expect(out.status).toBe(403);
    expect(out.json.code).toBe("OUT_OF_SCOPE");
    expect((await call(list, "/cases", { token: admin, query: { status: "SLEEPING" } })).status).toBe(422);
  });

  it("shows a FEED client only its own cases; 401 without a token", async () => {
    const tenant = uniqueTenant();
    const feed = await roleToken(tenant, "FEED", ["*"], "feed-a");
    const mine = await createCase(feed);
    await createCase(await roleToken(tenant, "ADMIN"));
    const res = await call(list, "/cases", { token: feed });
    expect(res.json.items.map((i: { urn: string }) => i.urn)).toEqual([mine.urn]);
    expect((await call(list, "/cases")).status).toBe(401);
  });
});

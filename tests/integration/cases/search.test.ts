import { describe, expect, it } from "vitest";
import { GET as list } from "@/app/api/v1/cases/route";
import { apiTestDatabase, call } from "../../helpers/api";
import { casePayload, createCase, pax, roleToken } from "../../helpers/cases";
import { uniqueTenant } from "../../helpers/factories";

/** Issue 12: GET /cases?q= (flight, PNR, passenger name, event id) and ?sort=&order=, with exact paging. */
apiTestDatabase({ airports: true });

type Listed = { urn: string; flight: { number: string; scheduledDeparture: string }; status: string; createdBy: string };

async function seed() {
  const tenant = uniqueTenant();
  const token = await roleToken(tenant, "ADMIN", ["*"], "urn:svc:user:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d10");
  const a = await createCase(token, casePayload({
    flight: { number: "AF1234", origin: "CDG", destination: "JFK", scheduledDeparture: "2026-11-21T18:05:00Z", status: "CANCELLED" },
    passengerGroups: [{ pnr: "XK7Q2P", passengers: [pax("A1", "ECONOMY", { firstName: "Amélie", lastName: "Martin" })] }],
  }));
  const b = await createCase(token, casePayload({
    flight: { number: "AF1234", origin: "CDG", destination: "JFK", scheduledDeparture: "2026-11-20T18:05:00Z", status: "CANCELLED" },
    passengerGroups: [{ pnr: "ZZ50OF", passengers: [pax("B1", "ECONOMY", { firstName: "Jean", lastName: "Dupont_x" })] }],
  }));
  const c = await createCase(token, casePayload({
    flight: { number: "BA0304", origin: "LHR", destination: "CDG", scheduledDeparture: "2026-11-22T07:00:00Z", status: "CANCELLED" },
    nextFlight: { number: "BA0306", scheduledDeparture: "2026-11-22T19:00:00Z" },
    passengerGroups: [{ pnr: "QQ11AA", passengers: [pax("C1", "ECONOMY", { firstName: "Martina", lastName: "Rossi" })] }],
  }));
  return { tenant, token, a, b, c };
}

async function search(token: string, query: Record<string, string>) {
  const res = await call(list, "/cases", { token, query });
  return res;
}

describe("GET /cases?q=", () => {
  it("finds by PNR, by passenger name either way round, by flight number, case-insensitively", async () => {
    const { token, a, b, c } = await seed();
    const urns = async (q: string) => ((await search(token, { q })).json.items as Listed[]).map((i) => i.urn).sort();
    expect(await urns("xk7q2p")).toEqual([a.urn]);
    expect(await urns("amélie mar")).toEqual([a.urn]);
    expect(await urns("MARTIN AMÉLIE")).toEqual([a.urn]);
    expect(await urns("martin")).toEqual([a.urn, c.urn].sort()); // Martin and Martina
    expect(await urns("af12")).toEqual([a.urn, b.urn].sort());
    expect(await urns("nobody")).toEqual([]);
  });

  it("matches LIKE wildcards literally", async () => {
    const { token, b } = await seed();
    expect(((await search(token, { q: "t_x" })).json.items as Listed[]).map((i) => i.urn)).toEqual([b.urn]);
    expect((await search(token, { q: "%%" })).json.items).toEqual([]);
  });

  it("answers who created each case", async () => {
    const { token, a } = await seed();
    const items = (await search(token, { q: "XK7Q2P" })).json.items as Listed[];
    expect(items[0]).toMatchObject({ urn: a.urn, createdBy: "urn:svc:user:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d10" });
  });

  it("refuses a one-character or over-long query with a sentence", async () => {
    const { token } = await seed();
    const res = await search(token, { q: "a" });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual([{ path: "q", message: "must be at least 2 characters" }]);
  });

  it("only searches the caller's airports and tenant", async () => {
    const { tenant, c } = await seed();
    const cdg = await roleToken(tenant, "AIRPORT_OPERATOR", ["CDG"]);
    expect((await search(cdg, { q: "rossi" })).json.items).toEqual([]);
    const lhr = await roleToken(tenant, "AIRPORT_OPERATOR", ["LHR"]);
    expect(((await search(lhr, { q: "rossi" })).json.items as Listed[]).map((i) => i.urn)).toEqual([c.urn]);
    const other = await roleToken(uniqueTenant(), "ADMIN");
    expect((await search(other, { q: "rossi" })).json.items).toEqual([]);
  });
});

describe("GET /cases?sort=", () => {
  it("orders by departure, flight and creation, either way", async () => {
    const { token, a, b, c } = await seed();
    const order = async (query: Record<string, string>) => ((await search(token, query)).json.items as Listed[]).map((i) => i.urn);
    expect(await order({ sort: "departure" })).toEqual([b.urn, a.urn, c.urn]);
    expect(await order({ sort: "departure", order: "desc" })).toEqual([c.urn, a.urn, b.urn]);
    expect(await order({})).toEqual([c.urn, b.urn, a.urn]);
    expect(await order({ sort: "created", order: "asc" })).toEqual([a.urn, b.urn, c.urn]);
    expect(await order({ sort: "flight" })).toEqual([a.urn, b.urn, c.urn]); // AF1234 ×2 by URN, then BA0304
  });

  it("pages a sort exactly: every case once, in order, one per page", async () => {
    const { token, a, b, c } = await seed();
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await search(token, { sort: "departure", order: "desc", limit: "1", ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      seen.push(...(res.json.items as Listed[]).map((i) => i.urn));
      cursor = res.json.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual([c.urn, a.urn, b.urn]);
  });

  it("pages sort=status too", async () => {
    const { token } = await seed();
    const first = await search(token, { sort: "status", limit: "2" });
    const second = await search(token, { sort: "status", limit: "2", cursor: first.json.nextCursor });
    expect(second.status).toBe(200);
    expect([...first.json.items, ...second.json.items]).toHaveLength(3);
  });

  it("refuses another sort's cursor and a bad sort with 422, never a 500", async () => {
    const { token } = await seed();
    const created = await search(token, { limit: "1" });
    const res = await search(token, { sort: "departure", cursor: created.json.nextCursor });
    expect(res.status).toBe(422);
    const forged = Buffer.from(JSON.stringify(["not a time", "urn:svc:case:x"])).toString("base64url");
    expect((await search(token, { sort: "departure", cursor: forged })).status).toBe(422);
    const bad = await search(token, { sort: "price" });
    expect(bad.status).toBe(422);
    expect(bad.json.errors[0]).toEqual({ path: "sort", message: "must be one of created, flight, departure or status" });
  });
});

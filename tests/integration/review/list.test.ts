import { beforeAll, describe, expect, it } from "vitest";
import { GET as getOne } from "@/app/api/v1/manual-review/[itemUrn]/route";
import { GET as list } from "@/app/api/v1/manual-review/route";
import { newUrn } from "@/lib/ids";
import { apiTestDatabase, call } from "../../helpers/api";
import { casePayload, createCase, pax, roleToken } from "../../helpers/cases";
import { uniqueTenant } from "../../helpers/factories";

// route handlers read the database installed here
apiTestDatabase({ airports: true });

type Item = {
  urn: string;
  caseUrn: string;
  airport: string;
  category: string;
  priority: string;
  state: string;
  affectedGroups: string[];
  slaDueAt: string;
};

const listAs = (
  token: string | undefined,
  query: Record<string, string> = {},
) => call(list, "/manual-review", { token, query });
const getAs = (token: string | undefined, itemUrn: string) =>
  call(getOne, `/manual-review/${itemUrn}`, { token, params: { itemUrn } });

/** A case at `origin` with one mixed-tier group (MIXED_TIER_GROUP) and one nameless passenger (DATA_INCOMPLETE). */
const flaggedPayload = (origin: string) =>
  casePayload({
    flight: {
      number: "AF1234",
      origin,
      destination: "JFK",
      scheduledDeparture: "2026-11-21T18:05:00Z",
      status: "CANCELLED",
    },
    passengerGroups: [
      { pnr: "FAM001", passengers: [pax("B1", "BUSINESS"), pax("E1")] },
      { pnr: "NONAME", passengers: [pax("N1", "ECONOMY", { lastName: null })] },
      { pnr: "SOLO01", passengers: [pax("S1")] },
    ],
  });

describe("GET /manual-review and /manual-review/{itemUrn}", () => {
  const tenant = uniqueTenant();
  const other = uniqueTenant();
  let admin: string;
  let cdgCase: { urn: string };
  let lhrCase: { urn: string };
  let all: Item[];

  beforeAll(async () => {
    admin = await roleToken(tenant, "ADMIN");
    cdgCase = await createCase(admin, flaggedPayload("CDG"));
    lhrCase = await createCase(admin, flaggedPayload("LHR"));
    await createCase(await roleToken(other, "ADMIN"), flaggedPayload("CDG"));
    const res = await listAs(admin);
    expect(res.status).toBe(200);
    all = res.json.items;
  });

  it("lists the tenant's items oldest first with the case's airport, priority and SLA", () => {
    expect(all).toHaveLength(4);
    expect(all.map((i) => i.urn)).toEqual([...all.map((i) => i.urn)].sort());
    const cdg = all.filter((i) => i.caseUrn === cdgCase.urn);
    expect(cdg.map((i) => i.category).sort()).toEqual([
      "DATA_INCOMPLETE",
      "MIXED_TIER_GROUP",
    ]);
    expect(cdg.find((i) => i.category === "MIXED_TIER_GROUP")).toMatchObject({
      airport: "CDG",
      priority: "LOW",
      state: "OPEN",
      affectedGroups: ["FAM001"],
    });
    expect(
      cdg.find((i) => i.category === "DATA_INCOMPLETE")?.affectedGroups,
    ).toEqual(["NONAME"]);
    for (const i of all)
      expect(Date.parse(i.slaDueAt)).toBeGreaterThan(Date.now());
  });

  it("filters by state/status, priority, category, caseUrn and airport", async () => {
    const count = async (query: Record<string, string>) => {
      const res = await listAs(admin, query);
      expect(res.status).toBe(200);
      return res.json.items as Item[];
    };
    expect(await count({ state: "OPEN" })).toHaveLength(4);
    expect(await count({ status: "OPEN" })).toHaveLength(4);
    expect(await count({ state: "RESOLVED" })).toHaveLength(0);
    expect(await count({ priority: "LOW" })).toHaveLength(4);
    expect(await count({ priority: "HIGH" })).toHaveLength(0);
    expect(
      (await count({ category: "MIXED_TIER_GROUP" })).every(
        (i) => i.category === "MIXED_TIER_GROUP",
      ),
    ).toBe(true);
    expect(await count({ category: "MIXED_TIER_GROUP" })).toHaveLength(2);
    expect(
      (await count({ caseUrn: lhrCase.urn })).every(
        (i) => i.caseUrn === lhrCase.urn,
      ),
    ).toBe(true);
    expect(await count({ caseUrn: lhrCase.urn })).toHaveLength(2);
    expect((await count({ airport: "lhr" })).map((i) => i.airport)).toEqual([
      "LHR",
      "LHR",
    ]);
    expect(
      await count({ airport: "CDG", category: "DATA_INCOMPLETE" }),
    ).toHaveLength(1);
  });

  it("rejects bad filters with 422", async () => {
    const bad: Record<string, string>[] = [
      { state: "DONE" },
      { priority: "URGENT" },
      { category: "X" },
      { caseUrn: "nope" },
      { airport: "XX" },
      { limit: "0" },
      { cursor: "!!" },
    ];
    for (const query of bad) {
      const res = await listAs(admin, query);
      expect(res.status, JSON.stringify(query)).toBe(422);
    }
  });

  it("pages with a cursor without gaps or repeats", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await listAs(admin, {
        limit: "1",
        ...(cursor ? { cursor } : {}),
      });
      expect(res.status).toBe(200);
      expect(res.json.items.length).toBeLessThanOrEqual(1);
      seen.push(...res.json.items.map((i: Item) => i.urn));
      cursor = res.json.nextCursor ?? undefined;
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toEqual(all.map((i) => i.urn));
    const three = await listAs(admin, { limit: "3" });
    expect(three.json.items).toHaveLength(3);
    expect(three.json.nextCursor).toEqual(expect.any(String));
    const rest = await listAs(admin, {
      limit: "3",
      cursor: three.json.nextCursor,
    });
    expect(rest.json.items.map((i: Item) => i.urn)).toEqual([all[3].urn]);
    expect(rest.json.nextCursor).toBeNull();
  });

  it("reads one item; 404 for another tenant or an unknown or malformed URN", async () => {
    const res = await getAs(admin, all[0].urn);
    expect(res.status).toBe(200);
    expect(res.json).toEqual(all[0]);
    const encoded = await getAs(admin, encodeURIComponent(all[0].urn));
    expect(encoded.status).toBe(200);

    const stranger = await roleToken(other, "ADMIN");
    expect((await getAs(stranger, all[0].urn)).status).toBe(404);
    expect((await getAs(admin, newUrn("review"))).status).toBe(404);
    expect((await getAs(admin, newUrn("case"))).status).toBe(404);
    expect((await getAs(admin, "garbage")).status).toBe(404);
  });

  it("isolates tenants: another tenant's list holds only its own items", async () => {
    const res = await listAs(await roleToken(other, "OPS_SUPERVISOR"));
    expect(res.status).toBe(200);
    expect(res.json.items).toHaveLength(2);
    expect(
      res.json.items.some((i: Item) => all.some((a) => a.urn === i.urn)),
    ).toBe(false);
    const empty = await listAs(await roleToken(uniqueTenant(), "ADMIN"));
    expect(empty.json).toEqual({ items: [], nextCursor: null });
  });

  it("scopes an AIRPORT_OPERATOR to its airports: other airports' items are hidden, 403 OUT_OF_SCOPE when named", async () => {
    const op = await roleToken(tenant, "AIRPORT_OPERATOR", ["LHR"]);
    const res = await listAs(op);
    expect(res.status).toBe(200);
    expect(res.json.items.map((i: Item) => i.airport)).toEqual(["LHR", "LHR"]);
    expect((await listAs(op, { caseUrn: cdgCase.urn })).json.items).toEqual([]);

    const named = await listAs(op, { airport: "CDG" });
    expect(named.status).toBe(403);
    expect(named.json.code).toBe("OUT_OF_SCOPE");

    const cdgItem = all.find((i) => i.airport === "CDG")!;
    const one = await getAs(op, cdgItem.urn);
    expect(one.status).toBe(403);
    expect(one.json.code).toBe("OUT_OF_SCOPE");
    const lhrItem = all.find((i) => i.airport === "LHR")!;
    expect((await getAs(op, lhrItem.urn)).status).toBe(200);
  });

  it("allows every reading role, refuses FEED (403) and a missing token (401)", async () => {
    for (const role of [
      "ADMIN",
      "OPS_SUPERVISOR",
      "AIRPORT_OPERATOR",
    ] as const) {
      expect((await listAs(await roleToken(tenant, role))).status, role).toBe(
        200,
      );
      expect(
        (await getAs(await roleToken(tenant, role), all[0].urn)).status,
        role,
      ).toBe(200);
    }
    const feed = await roleToken(tenant, "FEED");
    expect((await listAs(feed)).status).toBe(403);
    expect((await getAs(feed, all[0].urn)).status).toBe(403);
    expect((await listAs(undefined)).status).toBe(401);
    expect((await getAs(undefined, all[0].urn)).status).toBe(401);
  });
});

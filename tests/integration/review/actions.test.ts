import { and, desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as claimH } from "@/app/api/v1/manual-review/[itemUrn]/claim/route";
import { POST as rebookH } from "@/app/api/v1/manual-review/[itemUrn]/rebook/route";
import { POST as relaxH } from "@/app/api/v1/manual-review/[itemUrn]/relax/route";
import { POST as releaseH } from "@/app/api/v1/manual-review/[itemUrn]/release/route";
import { POST as resolveH } from "@/app/api/v1/manual-review/[itemUrn]/resolve/route";
import { POST as overrideH } from "@/app/api/v1/manual-review/[itemUrn]/override/route";
import { POST as splitH } from "@/app/api/v1/manual-review/[itemUrn]/split/route";
import { POST as closeH } from "@/app/api/v1/cases/[caseUrn]/close/route";
import { auditEntries, cases, casePolicyOverlays, jobEvents, passengerGroups, reviewItems } from "@/db/schema";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { casePayload, createCase, pax, roleToken } from "@/tests/helpers/cases";
import { uniqueTenant } from "@/tests/helpers/factories";

const database = apiTestDatabase({ airports: true });

type Handler = typeof claimH;
const act = (h: Handler, name: string, token: string, itemUrn: string, body?: unknown) =>
  call(h, `/manual-review/${itemUrn}/${name}`, { token, params: { itemUrn }, body, method: "POST" });

/** A CDG case with one mixed-tier family (a MIXED_TIER_GROUP item) and one economy group. */
async function mixedCase(token: string, origin = "CDG") {
  const record = await createCase(
    token,
    casePayload({
      flight: { number: "AF1234", origin, destination: "JFK", scheduledDeparture: "2026-11-21T18:05:00Z", status: "CANCELLED" },
      passengerGroups: [
        { pnr: "FAM001", passengers: [pax(`${origin}B1`, "BUSINESS"), pax(`${origin}E1`), pax(`${origin}E2`)] },
        { pnr: "SOLO01", passengers: [pax(`${origin}S1`)] },
      ],
    }),
  );
  const [item] = await database.db.select().from(reviewItems).where(and(eq(reviewItems.caseUrn, record.urn), eq(reviewItems.category, "MIXED_TIER_GROUP")));
  return { caseUrn: record.urn as string, itemUrn: item.urn };
}

async function item(urn: string) {
  const [row] = await database.db.select().from(reviewItems).where(eq(reviewItems.urn, urn));
  return row;
}

async function eventsOf(name: string, caseUrn: string) {
  return database.db
    .select()
    .from(jobEvents)
    .where(and(eq(jobEvents.name, name), sql`${jobEvents.data}->>'caseUrn' = ${caseUrn}`))
    .orderBy(desc(jobEvents.createdAt));
}

describe("review actions: claim, release, resolve", () => {
  const tenant = uniqueTenant();
  let admin: string;
  let operator: string;
  let operator2: string;
  let supervisor: string;
  let feed: string;
  let lhrOperator: string;
  let otherTenantOperator: string;

  beforeAll(async () => {
    admin = await roleToken(tenant, "ADMIN", ["*"], "urn:svc:user:019a0000-0000-7000-8000-00000000ad01");
    operator = await roleToken(tenant, "AIRPORT_OPERATOR", ["CDG"], "urn:svc:user:019a0000-0000-7000-8000-0000000000a1");
    operator2 = await roleToken(tenant, "AIRPORT_OPERATOR", ["CDG"], "urn:svc:user:019a0000-0000-7000-8000-0000000000a2");
    supervisor = await roleToken(tenant, "OPS_SUPERVISOR");
    feed = await roleToken(tenant, "FEED");
    lhrOperator = await roleToken(tenant, "AIRPORT_OPERATOR", ["LHR"]);
    otherTenantOperator = await roleToken(uniqueTenant(), "AIRPORT_OPERATOR");
  });

  it("claim assigns the caller; a second claim by them answers it unchanged; someone else gets 409 ALREADY_CLAIMED", async () => {
    const { itemUrn } = await mixedCase(admin);
    const first = await act(claimH, "claim", operator, itemUrn);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ urn: itemUrn, state: "CLAIMED", assignedTo: "urn:svc:user:019a0000-0000-7000-8000-0000000000a1" });
    const again = await act(claimH, "claim", operator, itemUrn, {});
    expect(again.status).toBe(200);
    expect(again.json.updatedAt).toBe(first.json.updatedAt);
    const other = await act(claimH, "claim", operator2, itemUrn);
    expect(other.status).toBe(409);
    expect(other.json.code).toBe("ALREADY_CLAIMED");
    // acting on someone else's claim is refused too, and changes nothing
    const resolve = await act(resolveH, "resolve", operator2, itemUrn, { resolution: "NO_ACTION", reason: "not mine" });
    expect(resolve.json.code).toBe("ALREADY_CLAIMED");
    expect((await item(itemUrn)).assignedTo).toBe("urn:svc:user:019a0000-0000-7000-8000-0000000000a1");
    const audit = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, itemUrn), eq(auditEntries.action, "claim")));
    expect(audit).toHaveLength(1);
  });

  it("of concurrent claims exactly one wins", async () => {
    const { itemUrn } = await mixedCase(admin);
    const tokens = await Promise.all(Array.from({ length: 6 }, (_, i) => roleToken(tenant, "AIRPORT_OPERATOR", ["CDG"], `urn:svc:user:019a0000-0000-7000-8000-0000000001${String(i).padStart(2, "0")}`)));
    const results = await Promise.all(tokens.map((t) => act(claimH, "claim", t, itemUrn)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.json.code === "ALREADY_CLAIMED")).toHaveLength(5);
    const winner = results.find((r) => r.status === 200)!.json.assignedTo;
    expect((await item(itemUrn)).assignedTo).toBe(winner);
  });

  it("the claimant or an ADMIN releases; another operator cannot; releasing an OPEN item is 409", async () => {
    const { itemUrn } = await mixedCase(admin);
    await act(claimH, "claim", operator, itemUrn);
    expect((await act(releaseH, "release", operator2, itemUrn)).json.code).toBe("ALREADY_CLAIMED");
    const released = await act(releaseH, "release", operator, itemUrn);
    expect(released.status).toBe(200);
    expect(released.json).toMatchObject({ state: "OPEN", assignedTo: null });
    expect((await act(releaseH, "release", operator, itemUrn)).json.code).toBe("INVALID_TRANSITION");
    await act(claimH, "claim", operator2, itemUrn);
    const byAdmin = await act(releaseH, "release", admin, itemUrn, { reason: "operator went off shift" });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.json.state).toBe("OPEN");
  });

  it("roles and scope: OPS_SUPERVISOR and FEED 403, another airport 403 OUT_OF_SCOPE, another tenant 404 — nothing changes", async () => {
    const { itemUrn } = await mixedCase(admin);
    const bodies: [Handler, string, unknown][] = [
      [claimH, "claim", undefined],
      [releaseH, "release", undefined],
      [rebookH, "rebook", { hotelUrn: "urn:svc:hotel:019a0000-0000-7000-8000-000000000001", reason: "r" }],
      [relaxH, "relax", { fields: { minStars: 2 }, reason: "r" }],
      [splitH, "split", { into: [["CDGB1"], ["CDGE1", "CDGE2"]], reason: "r" }],
      [overrideH, "override", { hotelUrn: "urn:svc:hotel:019a0000-0000-7000-8000-000000000001", providerOfferId: "o-1", reason: "r" }],
      [resolveH, "resolve", { resolution: "NO_ACTION", reason: "r" }],
    ];
    for (const [h, name, body] of bodies) {
      for (const token of [supervisor, feed]) {
        const res = await act(h, name, token, itemUrn, body);
        expect(res.status, `${name}`).toBe(403);
        expect(res.json.code).toBe("FORBIDDEN");
      }
      const scoped = await act(h, name, lhrOperator, itemUrn, body);
      expect(scoped.status, `${name} out of scope`).toBe(403);
      expect(scoped.json.code).toBe("OUT_OF_SCOPE");
      expect((await act(h, name, otherTenantOperator, itemUrn, body)).status, `${name} other tenant`).toBe(404);
    }
    expect(await item(itemUrn)).toMatchObject({ state: "OPEN", assignedTo: null });
  });

  it("reasons are required (422 REASON_REQUIRED) for rebook, relax, split, resolve; bad values are 422 VALIDATION_FAILED", async () => {
    const { itemUrn } = await mixedCase(admin);
    const hotelUrn = "urn:svc:hotel:019a0000-0000-7000-8000-000000000001";
    for (const [h, name, body] of [
      [rebookH, "rebook", { hotelUrn }],
      [overrideH, "override", { hotelUrn, providerOfferId: "o-1", reason: "" }],
      [relaxH, "relax", { fields: { minStars: 2 }, reason: "  " }],
      [splitH, "split", { into: [["CDGB1"], ["CDGE1", "CDGE2"]] }],
      [resolveH, "resolve", { resolution: "NO_ACTION" }],
    ] as [Handler, string, unknown][]) {
      const res = await act(h, name, operator, itemUrn, body);
      expect(res.status, name).toBe(422);
      expect(res.json.code, name).toBe("REASON_REQUIRED");
    }
    for (const fields of [{}, { stars: 2 }, { minStars: 7 }, { maxDistanceKm: -1 }, { requiredAmenities: ["JACUZZI"] }, { allowProviders: ["BOOKING_COM"] }]) {
      const res = await act(relaxH, "relax", operator, itemUrn, { fields, reason: "try" });
      expect(res.status, JSON.stringify(fields)).toBe(422);
      expect(res.json.code).toBe("VALIDATION_FAILED");
    }
    const bad = await act(resolveH, "resolve", operator, itemUrn, { resolution: "FIXED", reason: "x" });
    expect(bad.json.code).toBe("VALIDATION_FAILED");
    expect(await item(itemUrn)).toMatchObject({ state: "OPEN", assignedTo: null });
    expect(await database.db.select().from(casePolicyOverlays).where(eq(casePolicyOverlays.tenant, tenant))).toHaveLength(0);
  });

  it("an override the booking cannot make (unknown hotel or offer) is a 422 that neither claims the item nor audits a decision", async () => {
    const { itemUrn } = await mixedCase(admin);
    const res = await act(overrideH, "override", operator, itemUrn, { hotelUrn: "urn:svc:hotel:019a0000-0000-7000-8000-000000000001", providerOfferId: "o-1", reason: "book it by hand" });
    expect(res.status).toBe(422);
    expect(res.json.errors[0].path).toBe("hotelUrn");
    expect(await item(itemUrn)).toMatchObject({ state: "OPEN", assignedTo: null, acceptedRecommendation: null });
    // the item's own creation is its only entry: no claim, no override
    expect((await database.db.select().from(auditEntries).where(eq(auditEntries.entityUrn, itemUrn))).map((e) => e.action)).toEqual(["create"]);
  });

  it("a CLOSED case refuses every action with 409 CASE_CLOSED", async () => {
    const { caseUrn, itemUrn } = await mixedCase(admin);
    const closed = await call(closeH, `/cases/${caseUrn}/close`, { token: admin, params: { caseUrn }, body: { reason: "flight recovered" } });
    expect(closed.status).toBe(200);
    for (const [h, name, body] of [
      [claimH, "claim", undefined],
      [rebookH, "rebook", { hotelUrn: "urn:svc:hotel:019a0000-0000-7000-8000-000000000001", reason: "r" }],
      [relaxH, "relax", { fields: { minStars: 2 }, reason: "r" }],
      [splitH, "split", { into: [["CDGB1"], ["CDGE1", "CDGE2"]], reason: "r" }],
      [resolveH, "resolve", { resolution: "NO_ACTION", reason: "r" }],
    ] as [Handler, string, unknown][]) {
      const res = await act(h, name, operator, itemUrn, body);
      expect(res.status, name).toBe(409);
      expect(res.json.code, name).toBe("CASE_CLOSED");
    }
    expect((await item(itemUrn)).state).toBe("OPEN");
  });

  it("split: the mixed family becomes tier-pure groups, the parts join the item and are allocated; then resolve returns the case", async () => {
    const { caseUrn, itemUrn } = await mixedCase(admin);
    await database.db.update(cases).set({ status: "MANUAL_REVIEW" }).where(eq(cases.urn, caseUrn));
    const bad = await act(splitH, "split", operator, itemUrn, { into: [["CDGS1"], ["CDGE1"]], reason: "wrong group" });
    expect(bad.status).toBe(422);
    const res = await act(splitH, "split", operator, itemUrn, { into: [["CDGB1"], ["CDGE1", "CDGE2"]], reason: "business parent travels apart" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ state: "CLAIMED", affectedGroups: ["FAM001", "FAM001-2"] });
    const groups = await database.db.select().from(passengerGroups).where(eq(passengerGroups.caseUrn, caseUrn));
    expect(groups.find((g) => g.groupId === "FAM001")).toMatchObject({ tier: "BUSINESS", mixedTier: false });
    expect(groups.find((g) => g.groupId === "FAM001-2")).toMatchObject({ tier: "ECONOMY", mixedTier: false });
    const [requested] = await eventsOf("allocation/requested", caseUrn);
    expect(requested.data).toMatchObject({ caseUrn, groupIds: ["FAM001", "FAM001-2"], reason: "business parent travels apart" });

    const resolved = await act(resolveH, "resolve", operator, itemUrn, { resolution: "SPLIT", reason: "split by tier" });
    expect(resolved.status).toBe(200);
    expect(resolved.json).toMatchObject({ state: "RESOLVED", resolution: "SPLIT", resolvedBy: "urn:svc:user:019a0000-0000-7000-8000-0000000000a1" });
    expect(resolved.json.resolvedAt).toBeTruthy();
    const [c] = await database.db.select().from(cases).where(eq(cases.urn, caseUrn));
    // nothing allocated or booked yet: back to OPEN, and the waiting groups are allocated again
    expect(c.status).toBe("OPEN");
    const after = await eventsOf("allocation/requested", caseUrn);
    expect(after).toHaveLength(2);
    expect((after[0].data.groupIds as string[]).sort()).toEqual(["FAM001", "FAM001-2", "SOLO01"]);
    const audit = await database.db.select().from(auditEntries).where(eq(auditEntries.entityUrn, itemUrn));
    expect(audit.map((a) => a.action).sort()).toEqual(["claim", "create", "resolve", "split"]);
    // a RESOLVED item refuses everything
    const again = await act(claimH, "claim", operator, itemUrn);
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("INVALID_TRANSITION");
  });

  it("resolve keeps a case in MANUAL_REVIEW while another item is unresolved", async () => {
    const record = await createCase(
      admin,
      casePayload({ passengerGroups: [{ pnr: "FAM002", passengers: [pax("X1", "FIRST"), pax("X2")] }, { pnr: "NONAME", passengers: [pax("N1", "ECONOMY", { lastName: null })] }] }),
    );
    await database.db.update(cases).set({ status: "MANUAL_REVIEW" }).where(eq(cases.urn, record.urn));
    const items = await database.db.select().from(reviewItems).where(eq(reviewItems.caseUrn, record.urn));
    expect(items).toHaveLength(2);
    const first = await act(resolveH, "resolve", admin, items[0].urn, { resolution: "MANUALLY_HANDLED", reason: "handled at the desk" });
    expect(first.status).toBe(200);
    expect((await database.db.select().from(cases).where(eq(cases.urn, record.urn)))[0].status).toBe("MANUAL_REVIEW");
    await act(resolveH, "resolve", admin, items[1].urn, { resolution: "NO_ACTION", reason: "airline sent the names" });
    expect((await database.db.select().from(cases).where(eq(cases.urn, record.urn)))[0].status).toBe("OPEN");
  });
});

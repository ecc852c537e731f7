import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getH } from "@/app/api/v1/reports/[reportUrn]/route";
import { GET as listH, POST as generateH } from "@/app/api/v1/reports/route";
import { allocationWaves, auditEntries, cases, hotels, reports, reservations, reviewItems, vouchers } from "@/db/schema";
import { weeklyReportJob } from "@/inngest/functions/weekly-report";
import { manualClock } from "@/lib/jobs/clock";
import { createRunner } from "@/lib/jobs/runner";
import { newUrn } from "@/lib/ids";
import { reportCsv, WEEK_SO_FAR, weekSoFar } from "@/lib/reports";
import { updateSettings } from "@/lib/tenants/update-settings";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { insertCase } from "@/tests/helpers/case-rows";
import { roleToken } from "@/tests/helpers/cases";
import { ctxFor, principal, uniqueTenant } from "@/tests/helpers/factories";

const database = apiTestDatabase();
const at = (iso: string) => new Date(iso);
const POLICY_A = "urn:svc:policy:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c0001";
const POLICY_B = "urn:svc:policy:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c0002";

/**
 * The week of Monday 2026-11-16 (UTC). CDG: a case at 10:00 on the 17th, groups of 2 and 3
 * passengers housed at 10:20 and 10:50, first voucher 10:25; items resolved in 10, 20 and 60
 * minutes (one took a recommendation); two SLA breaches. LHR: a case at 08:00 on the 18th, 4
 * passengers, its reservation FAILED (HOTELBEDS); an item resolved in 30 minutes. Left out: a
 * drill at CDG, a case and an item of the week before, an item still open.
 */
async function knownWeek(tenant: string) {
  const db = database.db;
  const a = await insertCase(db, { tenant, airport: "CDG", groups: [{ tier: "ECONOMY", passengers: 2 }, { tier: "ECONOMY", passengers: 3 }] });
  const b = await insertCase(db, { tenant, airport: "LHR", groups: [{ tier: "ECONOMY", passengers: 4 }] });
  const drill = await insertCase(db, { tenant, airport: "CDG", groups: [{ tier: "ECONOMY", passengers: 9 }] });
  const before = await insertCase(db, { tenant, airport: "CDG", groups: [{ tier: "ECONOMY", passengers: 7 }] });
  await db.update(cases).set({ createdAt: at("2026-11-17T10:00:00Z") }).where(eq(cases.urn, a.urn));
  await db.update(cases).set({ createdAt: at("2026-11-18T08:00:00Z") }).where(eq(cases.urn, b.urn));
  await db.update(cases).set({ createdAt: at("2026-11-19T08:00:00Z"), mode: "DRILL" }).where(eq(cases.urn, drill.urn));
  await db.update(cases).set({ createdAt: at("2026-11-12T08:00:00Z") }).where(eq(cases.urn, before.urn));

  const hotelUrn = newUrn("hotel");
  await db.insert(hotels).values({ urn: hotelUrn, name: "Test Hotel", address: "1 rue", airport: "CDG", latitude: 49, longitude: 2.5, stars: 3 });
  const wave = async (caseUrn: string, airport: string, policies: string[]) => {
    const urn = newUrn("wave");
    await db.insert(allocationWaves).values({ urn, tenant, caseUrn, status: "COMPLETE", airport, policies: policies.map((p) => ({ tier: "ECONOMY", policyUrn: p, version: 1 })), allocations: [] });
    return urn;
  };
  const waveA = await wave(a.urn, "CDG", [POLICY_A]);
  const waveB = await wave(b.urn, "LHR", [POLICY_A, POLICY_B]);
  const reservation = async (caseUrn: string, waveUrn: string, groupId: string, status: "CONFIRMED" | "FAILED", createdAt: string, provider: "HOTELBEDS" | "DIRECT" = "DIRECT") => {
    const urn = newUrn("reservation");
    await db.insert(reservations).values({
      urn, tenant, caseUrn, waveUrn, groupId, hotelUrn, provider, status, rooms: 1,
      checkIn: at("2026-11-17T20:00:00Z"), checkOut: at("2026-11-18T08:00:00Z"), total: { amount: 100, currency: "EUR" }, payment: { method: "GUARANTEE" },
      createdAt: at(createdAt),
    });
    return urn;
  };
  const r1 = await reservation(a.urn, waveA, a.groups[0].groupId, "CONFIRMED", "2026-11-17T10:20:00Z");
  const r2 = await reservation(a.urn, waveA, a.groups[1].groupId, "CONFIRMED", "2026-11-17T10:50:00Z");
  await reservation(b.urn, waveB, b.groups[0].groupId, "FAILED", "2026-11-18T08:10:00Z", "HOTELBEDS");
  await db.insert(vouchers).values({ urn: newUrn("voucher"), tenant, reservationUrn: r1, confirmationCode: "C1", html: "<p>v</p>", text: "v", createdAt: at("2026-11-17T10:25:00Z") });
  await db.insert(vouchers).values({ urn: newUrn("voucher"), tenant, reservationUrn: r2, confirmationCode: "C2", html: "<p>v</p>", text: "v", createdAt: at("2026-11-17T10:55:00Z") });

  const item = async (caseUrn: string, airport: string, category: "ALLOCATION_FAILED" | "DATA_INCOMPLETE" | "BOOKING_FAILED", created: string, minutes: number | null, o: { waveUrn?: string; accepted?: "deterministic" | "agent" } = {}) => {
    const createdAt = at(created);
    await db.insert(reviewItems).values({
      urn: newUrn("review"), tenant, caseUrn, airport, category, priority: "HIGH", waveUrn: o.waveUrn ?? null,
      state: minutes === null ? "OPEN" : "RESOLVED", affectedGroups: [], createdAt,
      resolvedAt: minutes === null ? null : new Date(createdAt.getTime() + minutes * 60_000),
      resolution: minutes === null ? null : "NO_ACTION",
      acceptedRecommendation: o.accepted ? { index: 0, action: "rebook", source: o.accepted, at: created, by: "u" } : null,
    });
  };
  await item(a.urn, "CDG", "ALLOCATION_FAILED", "2026-11-17T10:05:00Z", 10, { waveUrn: waveA, accepted: "deterministic" });
  await item(a.urn, "CDG", "ALLOCATION_FAILED", "2026-11-17T11:00:00Z", 20, { waveUrn: waveA, accepted: "agent" });
  await item(a.urn, "CDG", "DATA_INCOMPLETE", "2026-11-17T12:00:00Z", 60);
  await item(b.urn, "LHR", "BOOKING_FAILED", "2026-11-18T08:15:00Z", 30, { waveUrn: waveB });
  await item(a.urn, "CDG", "DATA_INCOMPLETE", "2026-11-17T13:00:00Z", null); // still open
  await item(before.urn, "CDG", "DATA_INCOMPLETE", "2026-11-12T09:00:00Z", 15); // the week before
  await item(drill.urn, "CDG", "DATA_INCOMPLETE", "2026-11-19T09:00:00Z", 5); // a drill's
  const breach = (airport: string, createdAt: string) =>
    db.insert(auditEntries).values({ urn: newUrn("audit"), tenant, entity: "review", entityUrn: newUrn("review"), action: "sla-breach", actor: "system:sla", actorRoles: ["ADMIN"], changes: [], airport, at: at(createdAt) });
  await breach("CDG", "2026-11-17T10:20:00Z");
  await breach("CDG", "2026-11-17T10:35:00Z");
  await breach("CDG", "2026-11-13T10:35:00Z"); // the week before
}

describe("weekly operations report", () => {
  const tenant = uniqueTenant();
  let supervisor: string;
  beforeAll(async () => {
    supervisor = await roleToken(tenant, "OPS_SUPERVISOR");
    await knownWeek(tenant);
  });

  it("computes the week's figures from a known data set, exactly", async () => {
    const res = await call(generateH, "/reports", { token: supervisor, body: { weekOf: "2026-11-18" } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ periodStart: "2026-11-16T00:00:00.000Z", periodEnd: "2026-11-23T00:00:00.000Z", timeZone: "UTC" });
    const [all, cdg, lhr] = res.json.airports;
    expect(all).toEqual({
      airport: "ALL", closedItems: 4, byCategory: { ALLOCATION_FAILED: 2, DATA_INCOMPLETE: 1, BOOKING_FAILED: 1 },
      meanMinutesToResolve: 30, p90MinutesToResolve: 60, acceptedRecommendationShare: 0.5, agentRecommendationShare: 0.25, slaBreaches: 2,
      cases: 2, meanMinutesToFirstVoucher: 25, meanMinutesToLastGroupHoused: 50, passengers: 9, passengersHoused: 5, housedWithin30MinShare: 0.222,
      // nobody on this manifest has an email or phone (lib/reports/passenger-outcomes.ts is tested in passenger-reach.test.ts)
      passengersWithVoucher: 5, emailReachedWithin10MinShare: null, smsReachedWithin10MinShare: null, choseOtherHotelShare: 0, declinedShare: 0,
      mealVouchersIssued: 0, mealVoucherCost: {},
    });
    expect(cdg).toEqual({
      airport: "CDG", closedItems: 3, byCategory: { ALLOCATION_FAILED: 2, DATA_INCOMPLETE: 1 },
      meanMinutesToResolve: 30, p90MinutesToResolve: 60, acceptedRecommendationShare: 0.667, agentRecommendationShare: 0.333, slaBreaches: 2,
      cases: 1, meanMinutesToFirstVoucher: 25, meanMinutesToLastGroupHoused: 50, passengers: 5, passengersHoused: 5, housedWithin30MinShare: 0.4,
      passengersWithVoucher: 5, emailReachedWithin10MinShare: null, smsReachedWithin10MinShare: null, choseOtherHotelShare: 0, declinedShare: 0,
      mealVouchersIssued: 0, mealVoucherCost: {},
    });
    expect(lhr).toEqual({
      airport: "LHR", closedItems: 1, byCategory: { BOOKING_FAILED: 1 },
      meanMinutesToResolve: 30, p90MinutesToResolve: 30, acceptedRecommendationShare: 0, agentRecommendationShare: 0, slaBreaches: 0,
      cases: 1, meanMinutesToFirstVoucher: null, meanMinutesToLastGroupHoused: null, passengers: 4, passengersHoused: 0, housedWithin30MinShare: 0,
      passengersWithVoucher: 0, emailReachedWithin10MinShare: null, smsReachedWithin10MinShare: null, choseOtherHotelShare: 0, declinedShare: 0,
      mealVouchersIssued: 0, mealVoucherCost: {},
    });
    expect(res.json.airports).toHaveLength(3);
    expect(res.json.topFailingPolicies).toEqual([{ policyUrn: POLICY_A, items: 3 }, { policyUrn: POLICY_B, items: 1 }]);
    expect(res.json.topFailingProviders).toEqual([{ provider: "HOTELBEDS", failedReservations: 1 }]);

    const csv = reportCsv(res.json);
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe("airport,closedItems,meanMinutesToResolve,p90MinutesToResolve,acceptedRecommendationShare,agentRecommendationShare,slaBreaches,cases,meanMinutesToFirstVoucher,meanMinutesToLastGroupHoused,passengers,passengersHoused,housedWithin30MinShare,passengersWithVoucher,emailReachedWithin10MinShare,smsReachedWithin10MinShare,choseOtherHotelShare,declinedShare,items:ALLOCATION_FAILED,items:BOOKING_FAILED,items:DATA_INCOMPLETE");
    expect(lines[1]).toBe("ALL,4,30,60,0.5,0.25,2,2,25,50,9,5,0.222,5,,,0,0,2,1,1");
    expect(lines[3]).toBe("LHR,1,30,30,0,0,0,1,,,4,0,0,0,,,0,0,0,1,0");
  });

  it("one report per week: computed again it keeps its URN; listed and read by every role but FEED, 404 to other tenants", async () => {
    const first = await call(generateH, "/reports", { token: supervisor, body: { weekOf: "2026-11-16" } });
    const again = await call(generateH, "/reports", { token: await roleToken(tenant, "ADMIN"), body: { weekOf: "2026-11-22" } });
    expect(again.json.urn).toBe(first.json.urn);
    for (const role of ["ADMIN", "OPS_SUPERVISOR", "AIRPORT_OPERATOR"] as const) {
      const token = await roleToken(tenant, role);
      const list = await call(listH, "/reports", { token });
      expect(list.status).toBe(200);
      expect(list.json.items.map((r: { urn: string }) => r.urn)).toEqual([first.json.urn]);
      expect((await call(getH, `/reports/${first.json.urn}`, { token, params: { reportUrn: first.json.urn } })).json.airports[0].closedItems).toBe(4);
    }
    const feed = await roleToken(tenant, "FEED");
    expect((await call(listH, "/reports", { token: feed })).status).toBe(403);
    expect((await call(generateH, "/reports", { token: await roleToken(tenant, "AIRPORT_OPERATOR"), body: {} })).status).toBe(403);
    expect((await call(generateH, "/reports", { token: feed, body: {} })).status).toBe(403);
    expect((await call(generateH, "/reports", { token: supervisor, body: { weekOf: "last week" } })).status).toBe(422);
    const stranger = await roleToken(uniqueTenant(), "ADMIN");
    expect((await call(getH, `/reports/${first.json.urn}`, { token: stranger, params: { reportUrn: first.json.urn } })).status).toBe(404);
  });

  it("a principal limited to some airports reads only their figures: rows, total, failing policies and providers, CSV", async () => {
    const full = await call(generateH, "/reports", { token: supervisor, body: { weekOf: "2026-11-18" } });
    const urn: string = full.json.urn;
    const read = async (airports: string[], role: "AIRPORT_OPERATOR" | "ADMIN" = "AIRPORT_OPERATOR") =>
      (await call(getH, `/reports/${urn}`, { token: await roleToken(tenant, role, airports), params: { reportUrn: urn } })).json;
    const [, cdgRow, lhrRow] = full.json.airports;

    const lhr = await read(["LHR"]);
    expect(lhr.airports).toEqual([{ ...lhrRow, airport: "ALL" }, lhrRow]);
    expect(lhr.topFailingPolicies).toEqual([{ policyUrn: POLICY_A, items: 1 }, { policyUrn: POLICY_B, items: 1 }]);
    expect(lhr.topFailingProviders).toEqual([{ provider: "HOTELBEDS", failedReservations: 1 }]);
    expect(JSON.stringify(lhr)).not.toContain("CDG");
    expect(reportCsv(lhr)).not.toContain("CDG");
    expect(reportCsv(lhr).split("\r\n")[1]).toBe("ALL,1,30,30,0,0,0,1,,,4,0,0,0,,,0,0,1");

    const cdg = await read(["CDG"], "ADMIN");
    expect(cdg.airports).toEqual([{ ...cdgRow, airport: "ALL" }, cdgRow]);
    expect(cdg.topFailingPolicies).toEqual([{ policyUrn: POLICY_A, items: 2 }]);
    expect(cdg.topFailingProviders).toEqual([]);
    expect(JSON.stringify(cdg)).not.toContain("LHR");

    // both airports: the same total as the tenant's, rebuilt from the kept bases
    expect(await read(["CDG", "LHR"])).toEqual(full.json);
    expect(await read(["ORY"])).toMatchObject({ airports: [{ airport: "ALL", closedItems: 0, cases: 0 }], topFailingPolicies: [], topFailingProviders: [] });

    // computing the tenant's report needs every airport
    for (const airports of [["CDG"], ["CDG", "LHR"]]) {
      const refused = await call(generateH, "/reports", { token: await roleToken(tenant, "OPS_SUPERVISOR", airports), body: { weekOf: "2026-11-18" } });
      expect([refused.status, refused.json.code]).toEqual([403, "OUT_OF_SCOPE"]);
    }
  });

  it("a report kept before its bases were shows a scoped reader its airports' rows and nothing of the tenant's", async () => {
    const t = uniqueTenant();
    const figures = {
      closedItems: 1, byCategory: { DATA_INCOMPLETE: 1 }, meanMinutesToResolve: 5, p90MinutesToResolve: 5, acceptedRecommendationShare: 0, agentRecommendationShare: 0,
      slaBreaches: 0, cases: 1, meanMinutesToFirstVoucher: null, meanMinutesToLastGroupHoused: null, passengers: 1, passengersHoused: 0, housedWithin30MinShare: 0,
    };
    const row = (airport: string) => ({ ...figures, airport });
    const urn = newUrn("report");
    await database.db.insert(reports).values({
      urn, tenant: t, periodStart: at("2026-11-09T00:00:00Z"), periodEnd: at("2026-11-16T00:00:00Z"), timeZone: "UTC", generatedBy: "system:weekly-report",
      body: { airports: [row("ALL"), row("CDG"), row("LHR")], topFailingPolicies: [{ policyUrn: POLICY_A, items: 2 }], topFailingProviders: [{ provider: "DIRECT", failedReservations: 1 }] },
    });
    const lhr = await call(getH, `/reports/${urn}`, { token: await roleToken(t, "AIRPORT_OPERATOR", ["LHR"]), params: { reportUrn: urn } });
    expect(lhr.json).toMatchObject({ airports: [row("LHR")], topFailingPolicies: [], topFailingProviders: [] });
    const everyone = await call(getH, `/reports/${urn}`, { token: await roleToken(t, "AIRPORT_OPERATOR"), params: { reportUrn: urn } });
    expect(everyone.json.airports).toHaveLength(3);
  });

  it("the hourly job reports last week for a tenant whose local time is Monday 06:00, and no one else", async () => {
    const paris = uniqueTenant();
    const db = database.db;
    await insertCase(db, { tenant: paris, airport: "CDG" });
    await updateSettings({ ctx: ctxFor(db, principal({ tenant: paris, roles: ["ADMIN"] })), input: { timeZone: "Europe/Paris" } });
    const clock = manualClock(at("2026-11-23T04:30:00Z"));
    const runner = createRunner({ db, clock, jobs: [weeklyReportJob(async () => db)] });
    await runner.tick();
    clock.set(at("2026-11-23T05:00:30Z")); // 06:00 in Paris (UTC+1)
    await runner.tick();
    const list = await call(listH, "/reports", { token: await roleToken(paris, "ADMIN") });
    expect(list.json.items).toHaveLength(1);
    expect(list.json.items[0]).toMatchObject({ periodStart: "2026-11-15T23:00:00.000Z", periodEnd: "2026-11-22T23:00:00.000Z", timeZone: "Europe/Paris" });
  });

  it("this week so far: from Monday 00:00 until now, computed on the read and not kept, the reader's airports only", async () => {
    const before = await database.db.select({ urn: reports.urn }).from(reports).where(eq(reports.tenant, tenant));
    const now = at("2026-11-17T12:30:00Z");
    const week = await weekSoFar({ ctx: ctxFor(database.db, principal({ tenant, roles: ["OPS_SUPERVISOR"] })), now });
    expect(week).toMatchObject({ urn: WEEK_SO_FAR, periodStart: "2026-11-16T00:00:00.000Z", periodEnd: "2026-11-17T12:30:00.000Z", timeZone: "UTC" });
    // CDG's case of Tuesday 10:00 is in; LHR's of Wednesday is not yet
    expect(week.airports.find((a) => a.airport === "ALL")).toMatchObject({ cases: 1, passengers: 5, passengersHoused: 5 });
    expect(week.airports.map((a) => a.airport)).toEqual(["ALL", "CDG"]);
    const lhr = await weekSoFar({ ctx: ctxFor(database.db, principal({ tenant, roles: ["AIRPORT_OPERATOR"], airports: ["LHR"] })), now: at("2026-11-19T12:00:00Z") });
    expect(lhr.airports.map((a) => a.airport)).toEqual(["ALL", "LHR"]);
    expect(lhr.airports[0]).toMatchObject({ cases: 1, passengers: 4 });
    expect(await database.db.select({ urn: reports.urn }).from(reports).where(eq(reports.tenant, tenant))).toEqual(before);
  });
});

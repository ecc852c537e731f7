import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/v1/cases/[caseUrn]/care/route";
import { PATCH } from "@/app/api/v1/cases/[caseUrn]/reaccommodate/route";
import { auditEntries, careAssessments, jobEvents } from "@/db/schema";
import { systemPrincipal } from "@/lib/auth/principal";
import { assessCare } from "@/lib/care/assess";
import { groupCare } from "@/lib/care/group-care";
import { voucherCare } from "@/lib/vouchers/care";
import { careSummary } from "@/lib/care/words";
import type { Ctx } from "@/lib/context";
import { newUrn } from "@/lib/ids";
import { apiTestDatabase, call } from "../../helpers/api";
import { casePayload, createCase, pax, roleToken } from "../../helpers/cases";
import { uniqueTenant } from "../../helpers/factories";

const database = apiTestDatabase({ airports: true });
const ctxOf = (tenant: string): Ctx => ({ db: database.db, principal: systemPrincipal(tenant, "care") });
const read = (caseUrn: string, token?: string) => call(GET, `/cases/${caseUrn}/care`, { token, params: { caseUrn } });

// the example: Paris → New York cancelled at 18:05 Paris time (crew shortage), next flight 09:10 tomorrow
const cdgJfk = (over: Record<string, unknown> = {}) =>
  casePayload({
    flight: { number: "AF22", origin: "CDG", destination: "JFK", scheduledDeparture: "2026-11-21T17:05:00Z", status: "CANCELLED" },
    nextFlight: { number: "AF24", scheduledDeparture: "2026-11-22T08:10:00Z" },
    disruption: { kind: "CANCELLATION", cause: "CONTROLLABLE" },
    passengerGroups: [
      { pnr: "CARE21", passengers: [pax("P1", "ECONOMY", { firstName: "Marie", lastName: "Dubois" }), pax("P2", "ECONOMY", { specialNeeds: ["WHEELCHAIR"] })] },
      { pnr: "CARE22", passengers: [pax("P3", "BUSINESS")] },
    ],
    ...over,
  });

describe("GET /cases/{caseUrn}/care", () => {
  it("answers the CDG → JFK cancellation: meals at once and a hotel with transfers under EU261, with its facts and bases", async () => {
    const tenant = uniqueTenant();
    const ops = await roleToken(tenant, "OPS_SUPERVISOR");
    const c = await createCase(ops, cdgJfk());

    // not assessed yet (the job after intake has not run): decided on the read, nothing stored
    const res = await read(c.urn, ops);
    expect(res.status).toBe(200);
    const care = res.json;
    expect(care).toMatchObject({
      caseUrn: c.urn,
      version: null,
      trigger: "PENDING",
      disruption: { kind: "CANCELLATION", cause: "CONTROLLABLE" },
      facts: { origin: "CDG", destination: "JFK", originCountry: "FR", destinationCountry: "US", nextDeparture: "2026-11-22T08:10:00Z", waitMinutes: 905, overnight: true },
      regimes: ["EU261"],
      summary: { MEAL: 3, HOTEL: 3, TRANSPORT: 3, COMMUNICATION: 3, priority: 1 },
    });
    expect(care.facts.distanceKm).toBeGreaterThan(5800);
    expect(care.facts.distanceKm).toBeLessThan(5900);
    expect(care.history).toEqual([]);
    // a GET writes nothing: no version, no audit in the reader's name, no event
    expect(await database.db.select().from(careAssessments).where(eq(careAssessments.caseUrn, c.urn))).toEqual([]);
    expect((await database.db.select().from(auditEntries).where(eq(auditEntries.entityUrn, c.urn))).filter((a) => a.action === "care-assessed")).toEqual([]);
    expect((await database.db.select().from(jobEvents).where(eq(jobEvents.name, "care/assessed"))).filter((e) => (e.data as { caseUrn: string }).caseUrn === c.urn)).toEqual([]);
    expect(care.passengers.map((p: { passengerId: string; groupId: string; priority: boolean }) => [p.passengerId, p.groupId, p.priority])).toEqual([
      ["P1", "CARE21", false],
      ["P2", "CARE21", true],
      ["P3", "CARE22", false],
    ]);
    expect(care.passengers[0].name).toBe("Marie D.");
    const meal = care.passengers[0].entitlements.find((e: { kind: string }) => e.kind === "MEAL");
    expect(meal).toMatchObject({ owed: true, fromMinutes: 0 });
    expect(meal.basis[0]).toMatchObject({ regime: "EU261", article: "Art. 5(1)(b), 9(1)(a)", owed: true, inputs: { disruption: "CANCELLATION", cause: "CONTROLLABLE" } });
    // the sentences the case page and the voucher print
    expect(careSummary(care.passengers[0].entitlements)).toEqual(
      expect.arrayContaining([
        "meals and refreshments owed now (EU261 Art. 5(1)(b), 9(1)(a): cancellation)",
        "hotel and transfers owed (EU261 Art. 5(1)(b), 9(1)(b),(c): the new flight leaves the next day)",
      ]),
    );

    // the job stores it: the read answers the stored version, the same care
    await assessCare(ctxOf(tenant), c.urn, "CASE_CREATED");
    const stored = (await read(c.urn, ops)).json;
    expect(stored).toMatchObject({ version: 1, trigger: "CASE_CREATED", history: [{ version: 1, trigger: "CASE_CREATED" }] });
    expect(stored.passengers).toEqual(care.passengers);
  });

  it("keeps each version: after a re-accommodation the same evening, no hotel, and the history newest first", async () => {
    const tenant = uniqueTenant();
    const ops = await roleToken(tenant, "OPS_SUPERVISOR");
    const c = await createCase(ops, cdgJfk());
    await assessCare(ctxOf(tenant), c.urn, "CASE_CREATED");
    const moved = await call(PATCH, `/cases/${c.urn}/reaccommodate`, { token: ops, params: { caseUrn: c.urn }, method: "PATCH", body: { nextFlight: { number: "AF26", scheduledDeparture: "2026-11-21T20:30:00Z" } } });
    expect(moved.status).toBe(200);
    await assessCare(ctxOf(tenant), c.urn, "REACCOMMODATED");

    const res = await read(c.urn, ops);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ version: 2, trigger: "REACCOMMODATED", facts: { overnight: false, waitMinutes: 205 }, summary: { MEAL: 3, HOTEL: 0, TRANSPORT: 0 } });
    expect(res.json.history.map((h: { version: number; trigger: string }) => [h.version, h.trigger])).toEqual([
      [2, "REACCOMMODATED"],
      [1, "CASE_CREATED"],
    ]);
    const hotel = res.json.passengers[0].entitlements.find((e: { kind: string }) => e.kind === "HOTEL");
    expect(hotel.owed).toBe(false);
    expect(hotel.basis[0]).toMatchObject({ regime: "EU261", owed: false, rule: expect.stringContaining("the new flight leaves the same day") });
  });

  it("reads the group a passenger is in now, and no name once erased", async () => {
    const tenant = uniqueTenant();
    const ops = await roleToken(tenant, "OPS_SUPERVISOR");
    const c = await createCase(ops, cdgJfk());
    await assessCare(ctxOf(tenant), c.urn, "CASE_CREATED");
    const { passengers } = await import("@/db/schema");
    const { and, eq } = await import("drizzle-orm");
    await database.db.update(passengers).set({ groupId: "CARE22", firstName: null, lastName: null, erasedAt: new Date() }).where(and(eq(passengers.caseUrn, c.urn), eq(passengers.passengerId, "P1")));
    const res = await read(c.urn, ops);
    expect(res.json.passengers[0]).toMatchObject({ passengerId: "P1", groupId: "CARE22", name: null });
  });

  it("the voucher and the passenger page read the care of the group's passengers now, nothing before the first assessment", async () => {
    const tenant = uniqueTenant();
    const ops = await roleToken(tenant, "OPS_SUPERVISOR");
    const c = await createCase(ops, cdgJfk());
    const group = { tenant, caseUrn: c.urn, groupId: "CARE22" };
    expect(await groupCare(ctxOf(tenant), group)).toBeNull();
    expect(await voucherCare(ctxOf(tenant), group, "en")).toEqual([]);

    await assessCare(ctxOf(tenant), c.urn, "CASE_CREATED");
    expect((await groupCare(ctxOf(tenant), group))!.map((p) => p.passengerId)).toEqual(["P3"]);
    expect(await voucherCare(ctxOf(tenant), group, "de")).toEqual([
      { text: "Mahlzeiten und Erfrischungen ab sofort", basis: "EU261 Art. 5(1)(b), 9(1)(a)" },
      { text: "Ein Hotel für die Nacht", basis: "EU261 Art. 5(1)(b), 9(1)(b)" },
      { text: "Der Transfer zwischen Flughafen und Hotel", basis: "EU261 Art. 5(1)(b), 9(1)(c)" },
      { text: "Zwei Telefonate, Nachrichten oder E-Mails", basis: "EU261 Art. 5(1)(b), 9(2)" },
    ]);
    // another tenant's reservation naming this case reads nothing
    expect(await groupCare(ctxOf(tenant), { ...group, tenant: uniqueTenant() })).toBeNull();
  });

  it("answers the roles that read the case under its rules: 403 outside the airports, 404 for another tenant, another FEED client or an unknown case", async () => {
    const tenant = uniqueTenant();
    const feedSub = `feed-${tenant}`;
    const feed = await roleToken(tenant, "FEED", ["*"], feedSub);
    const c = await createCase(feed, cdgJfk());

    expect((await read(c.urn, feed)).status).toBe(200);
    expect((await read(c.urn, await roleToken(tenant, "AIRPORT_OPERATOR", ["CDG"]))).status).toBe(200);
    expect((await read(c.urn, await roleToken(tenant, "ADMIN"))).status).toBe(200);

    const outside = await read(c.urn, await roleToken(tenant, "AIRPORT_OPERATOR", ["ORY"]));
    expect(outside.status).toBe(403);
    expect(outside.json.code).toBe("OUT_OF_SCOPE");
    expect((await read(c.urn, await roleToken(tenant, "FEED", ["*"], `other-${tenant}`))).status).toBe(404);
    expect((await read(c.urn, await roleToken(uniqueTenant(), "ADMIN"))).status).toBe(404);
    expect((await read(newUrn("case"), await roleToken(tenant, "ADMIN"))).status).toBe(404);
    expect((await read(c.urn)).status).toBe(401);
  });
});

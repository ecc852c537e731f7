import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { allocationWaves, auditEntries, careAssessments, mealVouchers, messages, passengers, reservations, rideVouchers, transportSegments } from "@/db/schema";
import { GET } from "@/app/api/v1/reports/care-compliance/route";
import { systemPrincipal } from "@/lib/auth/principal";
import { assessCare } from "@/lib/care/assess";
import type { PassengerCare } from "@/lib/care/types";
import type { Ctx } from "@/lib/context";
import { newUrn } from "@/lib/ids";
import { careCompliance } from "@/lib/reports/care-compliance";
import type { CareComplianceReport } from "@/lib/reports/care-compliance-schemas";
import { generateReport, getReport } from "@/lib/reports/reports";
import { apiTestDatabase, call } from "../../helpers/api";
import { casePayload, createCase, pax, roleToken } from "../../helpers/cases";
import { uniqueTenant } from "../../helpers/factories";

const database = apiTestDatabase({ airports: true });
const ctxOf = (tenant: string, airports = ["*"]): Ctx => ({ db: database.db, principal: { ...systemPrincipal(tenant, "care-report"), airports } });
const at = (hhmm: string, day = "2026-11-21") => new Date(`${day}T${hhmm}:00Z`);
const ISSUER_ERROR = 'issuer said "no", card refused';

// the cases are created now: the report's period is the hour around it
const period = () => ({ from: new Date(Date.now() - 3_600_000).toISOString(), to: new Date(Date.now() + 3_600_000).toISOString() });
const rowOf = (r: CareComplianceReport, regime: string, airport: string, kind: string) => r.rows.find((x) => x.regime === regime && x.airport === airport && x.kind === kind);
const reasons = (r: CareComplianceReport, regime: string, airport: string, kind: string) =>
  Object.fromEntries((rowOf(r, regime, airport, kind)?.notProvidedReasons ?? []).map((x) => [x.reason, x.passengers]));

type Built = { tenant: string; cdg: string; jfk: string };

/** A wave (reservations need one) and a reservation of one group, made at `createdAt`. */
async function reserve(tenant: string, caseUrn: string, groupId: string, status: "CONFIRMED" | "CHECKED_OUT" | "FAILED" | "CANCELLED", createdAt: Date, total: { amount: number; currency: string }) {
  const waveUrn = newUrn("wave");
  await database.db.insert(allocationWaves).values({ urn: waveUrn, tenant, caseUrn, status: "COMPLETE", airport: "CDG" });
  const urn = newUrn("reservation");
  await database.db.insert(reservations).values({
    urn, tenant, caseUrn, waveUrn, groupId, hotelUrn: newUrn("hotel"), provider: "DIRECT", status, rooms: 1,
    checkIn: at("20:00"), checkOut: at("09:00", "2026-11-22"), total, payment: { method: "GUARANTEE" }, createdAt,
  });
  return urn;
}

const meal = (tenant: string, caseUrn: string, passengerId: string, v: Partial<typeof mealVouchers.$inferInsert>) =>
  database.db.insert(mealVouchers).values({ urn: newUrn("meal"), tenant, caseUrn, passengerId, seq: 1, owedFrom: at("18:05"), amount: 15, currency: "EUR", assessmentVersion: 1, ...v });

const message = (tenant: string, caseUrn: string, recipient: string, v: Partial<typeof messages.$inferInsert>) =>
  database.db.insert(messages).values({ urn: newUrn("email"), tenant, caseUrn, kind: "VOUCHER", recipient, text: "your voucher", relatedUrn: newUrn("reservation"), ...v });

/**
 * Case CDG (EU261: a cancellation with the next flight the next morning, so meals, hotel, transfers
 * and messages owed from the scheduled departure 18:05Z) with five passengers in four groups, and
 * case JFK (US DOT, its assessment written directly: the US regime is another helper's) with two.
 */
async function build(): Promise<Built> {
  const tenant = uniqueTenant();
  const ops = await roleToken(tenant, "OPS_SUPERVISOR");
  const groups = [
    { groupId: "G1", pnr: "CC0001", passengers: [pax("P1"), pax("P2")] },
    { groupId: "G2", pnr: "CC0002", passengers: [pax("P3")] },
    { groupId: "G3", pnr: "CC0003", passengers: [pax("P4", "ECONOMY", { email: null, phone: null })] },
    { groupId: "G4", pnr: "CC0004", passengers: [pax("P5", "ECONOMY", { phone: "+33 6 12 34 56 78" })] },
  ];
  const cdg = (await createCase(ops, casePayload({ disruption: { kind: "CANCELLATION", cause: "CONTROLLABLE" }, passengerGroups: groups }))).urn as string;
  const assessed = await assessCare(ctxOf(tenant), cdg, "CASE_CREATED");
  expect(assessed.assessment.passengers.every((p) => p.entitlements.every((e) => e.owed && e.fromMinutes === 0))).toBe(true);

  // G1 housed at 19:00 (on time); P1's meal at 18:20, P2's redeemed, issued at 19:35 (90 min: late)
  const g1 = await reserve(tenant, cdg, "G1", "CONFIRMED", at("19:00"), { amount: 200, currency: "EUR" });
  await meal(tenant, cdg, "P1", { status: "ISSUED", issuedAt: at("18:20") });
  await meal(tenant, cdg, "P2", { status: "REDEEMED", issuedAt: at("19:35"), redeemedAt: at("20:00"), redeemedAmount: 12.5 });
  // P1 has a shuttle seat from 19:30; P2 only the group's taxi voucher, issued 21:05 (180 min: late)
  await database.db.insert(transportSegments).values({
    urn: newUrn("segment"), tenant, caseUrn: cdg, reservationUrns: [g1], direction: "AIRPORT_TO_HOTEL", scheduledAt: at("20:00"), vehicleType: "SHUTTLE", status: "ASSIGNED",
    passengers: [{ passengerId: "P1", groupId: "G1", reservationUrn: g1 }], passengerCount: 1, createdAt: at("19:30"),
  });
  await database.db.insert(rideVouchers).values({
    urn: newUrn("ride"), tenant, caseUrn: cdg, groupId: "G1", reservationUrn: g1, direction: "AIRPORT_TO_HOTEL", reason: "NIGHT", pickupAt: at("21:30"), passengers: 2,
    maxAmount: 60, usedAmount: 45.5, currency: "EUR", status: "USED", issuedAt: at("21:05"),
  });
  await message(tenant, cdg, "p1@example.com", { status: "SENT", sentAt: at("18:10") });
  await message(tenant, cdg, "p2@example.com", { status: "FAILED", lastError: "mailbox full" });

  // P3 held in review, their meal voucher refused by the issuer; no message
  await database.db.update(passengers).set({ operationalStatus: "HELD" }).where(and(eq(passengers.caseUrn, cdg), eq(passengers.passengerId, "P3")));
  await meal(tenant, cdg, "P3", { status: "FAILED", lastError: ISSUER_ERROR, attempts: 3 });
  // P4: no contact, the booking failed, the meal voucher waits for an issuer
  await reserve(tenant, cdg, "G3", "FAILED", at("18:30"), { amount: 180, currency: "EUR" });
  await meal(tenant, cdg, "P4", { status: "PENDING", lastError: "no issuer configured" });
  // P5 declined the hotel on their page (a local resident by their choice); texted at 20:05 (120 min: late; the time it left counts, not the handset receipt)
  const g4 = await reserve(tenant, cdg, "G4", "CANCELLED", at("18:40"), { amount: 190, currency: "EUR" });
  await database.db.update(passengers).set({ operationalStatus: "LOCAL_RESIDENT" }).where(and(eq(passengers.caseUrn, cdg), eq(passengers.passengerId, "P5")));
  await database.db.insert(auditEntries).values({ urn: newUrn("audit"), tenant, entity: "reservation", entityUrn: g4, action: "passenger.decline", actor: "passenger" });
  await message(tenant, cdg, "+33612345678", { channel: "SMS", status: "DELIVERED", sentAt: at("20:05"), deliveredAt: at("20:06") });

  // JFK: two passengers; version 1 owed a third (Q3) and is superseded by version 2
  const jfk = (await createCase(ops, casePayload({
    flight: { number: "AA100", origin: "JFK", destination: "LHR", scheduledDeparture: "2026-11-21T18:05:00Z", status: "CANCELLED" },
    passengerGroups: [{ groupId: "H1", pnr: "US0001", passengers: [pax("Q1"), pax("Q2"), pax("Q3")] }],
  }))).urn as string;
  const dot = (pid: string): PassengerCare => ({
    passengerId: pid, groupId: "H1", priority: false,
    entitlements: [
      { kind: "MEAL", owed: true, fromMinutes: 180, basis: [{ regime: "US_DOT", article: "DOT commitments", rule: "meal at 3 h", owed: true, fromMinutes: 180, inputs: {} }] },
      { kind: "HOTEL", owed: true, basis: [{ regime: "US_DOT", article: "DOT commitments", rule: "overnight", owed: true, inputs: {} }] },
      { kind: "TRANSPORT", owed: false, basis: [{ regime: "US_DOT", article: "DOT commitments", rule: "no", owed: false, inputs: {} }] },
    ],
  });
  const facts = assessed.assessment.facts;
  await database.db.insert(careAssessments).values([
    { urn: newUrn("care"), tenant, caseUrn: jfk, version: 1, trigger: "CASE_CREATED", facts, passengers: [dot("Q1"), dot("Q2"), dot("Q3")], createdBy: "test" },
    { urn: newUrn("care"), tenant, caseUrn: jfk, version: 2, trigger: "REACCOMMODATED", facts, passengers: [dot("Q1"), dot("Q2")], createdBy: "test" },
  ]);
  // due 21:05: Q1 at 21:45 (40 min: late), Q2 at 21:20; the room checked out, booked at 23:00 (due 18:05: late 295)
  await meal(tenant, jfk, "Q1", { status: "ISSUED", issuedAt: at("21:45"), amount: 10, currency: "USD" });
  await meal(tenant, jfk, "Q2", { status: "ISSUED", issuedAt: at("21:20"), amount: 10, currency: "USD" });
  await reserve(tenant, jfk, "H1", "CHECKED_OUT", at("23:00"), { amount: 150, currency: "USD" });
  return { tenant, cdg, jfk };
}

describe("care compliance report", () => {
  let b: Built;
  beforeAll(async () => {
    b = await build();
    // another tenant's case at CDG, with care provided: never counted
    const other = uniqueTenant();
    const c = (await createCase(await roleToken(other, "OPS_SUPERVISOR"), casePayload({ disruption: { kind: "CANCELLATION", cause: "CONTROLLABLE" } }))).urn as string;
    await assessCare(ctxOf(other), c, "CASE_CREATED");
    await meal(other, c, "X", { status: "ISSUED", issuedAt: at("18:10"), amount: 999 });
  });

  it("counts per regime, airport and kind the passengers owed, provided, late (minutes past) and not provided with the reason", async () => {
    const r = await careCompliance({ ctx: ctxOf(b.tenant), input: period() });
    expect(new Set(r.rows.map((x) => `${x.regime}/${x.airport}`))).toEqual(new Set(["EU261/CDG", "US_DOT/JFK"]));
    expect(r.graceMinutes).toEqual({ MEAL: 30, COMMUNICATION: 30, HOTEL: 120, TRANSPORT: 120 });

    expect(rowOf(r, "EU261", "CDG", "MEAL")).toMatchObject({ owed: 5, provided: 2, late: 1, lateMinutesMedian: 90, lateMinutesMax: 90, notProvided: 3 });
    expect(reasons(r, "EU261", "CDG", "MEAL")).toEqual({ MEAL_VOUCHER_FAILED: 1, MEAL_VOUCHER_PENDING: 1, NO_MEAL_VOUCHER: 1 });
    expect(rowOf(r, "EU261", "CDG", "MEAL")!.notProvidedReasons.map((x) => [x.reason, x.detail])).toEqual(
      expect.arrayContaining([["MEAL_VOUCHER_FAILED", ISSUER_ERROR], ["MEAL_VOUCHER_PENDING", "no issuer configured"], ["NO_MEAL_VOUCHER", null]]),
    );

    expect(rowOf(r, "EU261", "CDG", "HOTEL")).toMatchObject({ owed: 5, provided: 2, late: 0, lateMinutesMedian: null, notProvided: 3 });
    expect(reasons(r, "EU261", "CDG", "HOTEL")).toEqual({ HELD_IN_REVIEW: 1, RESERVATION_FAILED: 1, DECLINED: 1 });

    expect(rowOf(r, "EU261", "CDG", "TRANSPORT")).toMatchObject({ owed: 5, provided: 2, late: 1, lateMinutesMedian: 180, lateMinutesMax: 180, notProvided: 3 });
    expect(reasons(r, "EU261", "CDG", "TRANSPORT")).toEqual({ HELD_IN_REVIEW: 1, NO_TRANSPORT: 1, DECLINED: 1 });

    expect(rowOf(r, "EU261", "CDG", "COMMUNICATION")).toMatchObject({ owed: 5, provided: 2, late: 1, lateMinutesMedian: 120, lateMinutesMax: 120, notProvided: 3 });
    expect(reasons(r, "EU261", "CDG", "COMMUNICATION")).toEqual({ MESSAGE_FAILED: 1, NO_MESSAGE: 1, NO_CONTACT: 1 });

    // the newest assessment only: Q3 (owed in version 1) is not counted; transport is not owed
    expect(rowOf(r, "US_DOT", "JFK", "MEAL")).toMatchObject({ owed: 2, provided: 2, late: 1, lateMinutesMedian: 40, lateMinutesMax: 40, notProvided: 0, notProvidedReasons: [] });
    expect(rowOf(r, "US_DOT", "JFK", "HOTEL")).toMatchObject({ owed: 2, provided: 2, late: 2, lateMinutesMedian: 295, lateMinutesMax: 295 });
    expect(rowOf(r, "US_DOT", "JFK", "TRANSPORT")).toBeUndefined();

    // hotel 200 + meals 15 + 12.5 (redeemed) + ride 45.5 (used) over 5 passengers; the failed and cancelled rooms, the failed and pending meals cost nothing
    expect(r.cost).toEqual([
      { airport: "ALL", currency: "EUR", hotel: 200, meals: 27.5, rides: 45.5, total: 273, passengersOwedCare: 7, perPassenger: 39 },
      { airport: "ALL", currency: "USD", hotel: 150, meals: 20, rides: 0, total: 170, passengersOwedCare: 7, perPassenger: 24.29 },
      { airport: "CDG", currency: "EUR", hotel: 200, meals: 27.5, rides: 45.5, total: 273, passengersOwedCare: 5, perPassenger: 54.6 },
      { airport: "JFK", currency: "USD", hotel: 150, meals: 20, rides: 0, total: 170, passengersOwedCare: 2, perPassenger: 85 },
    ]);

    // one airport
    const jfkOnly = await careCompliance({ ctx: ctxOf(b.tenant), input: { ...period(), airport: "jfk" } });
    expect(new Set(jfkOnly.rows.map((x) => x.airport))).toEqual(new Set(["JFK"]));
    expect(jfkOnly.cost.map((c) => `${c.airport}/${c.currency}/${c.perPassenger}`)).toEqual(["ALL/USD/85", "JFK/USD/85"]);

    // a period without the cases: nothing
    const before = await careCompliance({ ctx: ctxOf(b.tenant), input: { from: "2026-01-01", to: "2026-02-01" } });
    expect(before).toMatchObject({ rows: [], cost: [] });
  });

  it("counts meals not yet due apart, dates a room from its confirmation, and groups reasons by code with one example", async () => {
    const tenant = uniqueTenant();
    const ops = await roleToken(tenant, "OPS_SUPERVISOR");
    const cdgCase = async (departure: Date, ids: string[]) => {
      const urn = (
        await createCase(
          ops,
          casePayload({
            flight: { number: "AF30", origin: "CDG", destination: "JFK", scheduledDeparture: departure.toISOString(), status: "CANCELLED" },
            nextFlight: { number: "AF32", scheduledDeparture: new Date(departure.getTime() + 30 * 3_600_000).toISOString() },
            disruption: { kind: "CANCELLATION", cause: "CONTROLLABLE" },
            passengerGroups: [{ groupId: "G1", pnr: `NY${ids[0]}`, passengers: ids.map((id) => pax(id)) }],
          }),
        )
      ).urn as string;
      await assessCare(ctxOf(tenant), urn, "CASE_CREATED");
      return urn;
    };
    // cancelled ten minutes ago: N1's voucher still PENDING within the meal's 30 minutes; N2 and N3 refused, each with its own text
    const departed = new Date(Date.now() - 10 * 60_000);
    const now = await cdgCase(departed, ["N1", "N2", "N3"]);
    await meal(tenant, now, "N1", { status: "PENDING", owedFrom: departed });
    await meal(tenant, now, "N2", { status: "FAILED", owedFrom: departed, lastError: "card refused (ref 81723)" });
    await meal(tenant, now, "N3", { status: "FAILED", owedFrom: departed, lastError: "card refused (ref 99102)" });
    // the room: the row made at the departure, confirmed 150 minutes later (the audit's confirm)
    const room = await reserve(tenant, now, "G1", "CONFIRMED", departed, { amount: 100, currency: "EUR" });
    await database.db.insert(auditEntries).values({ urn: newUrn("audit"), tenant, entity: "reservation", entityUrn: room, action: "confirm", actor: "booking", at: new Date(departed.getTime() + 150 * 60_000) });
    // departs in three hours: its meal is owed later
    await cdgCase(new Date(Date.now() + 3 * 3_600_000), ["F1"]);

    const r = await careCompliance({ ctx: ctxOf(tenant), input: period() });
    expect(rowOf(r, "EU261", "CDG", "MEAL")).toMatchObject({ owed: 4, provided: 0, notYetDue: 2, notProvided: 2 });
    const [refused] = rowOf(r, "EU261", "CDG", "MEAL")!.notProvidedReasons;
    expect(rowOf(r, "EU261", "CDG", "MEAL")!.notProvidedReasons).toHaveLength(1);
    expect(refused).toMatchObject({ reason: "MEAL_VOUCHER_FAILED", passengers: 2 });
    expect(refused.detail).toMatch(/^card refused \(ref (81723|99102)\)$/);
    expect(rowOf(r, "EU261", "CDG", "HOTEL")).toMatchObject({ provided: 3, late: 3, lateMinutesMedian: 150, lateMinutesMax: 150 });
  });

  it("answers CSV, one line per regime × airport × kind, every cell escaped, then the cost", async () => {
    const token = await roleToken(b.tenant, "AIRPORT_OPERATOR");
    const res = await call(GET, "/reports/care-compliance", { token, query: { ...period(), format: "csv" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="care-compliance-/);
    const lines = res.text.split("\r\n");
    expect(lines[0]).toBe("regime,airport,kind,owed,provided,late,lateMinutesMedian,lateMinutesMax,notYetDue,notProvided,notProvidedReasons,reasonDetails");
    const meals = lines.find((l) => l.startsWith("EU261,CDG,MEAL,"))!;
    // the issuer's error holds a quote and a comma: the cell is quoted, its quotes doubled
    expect(meals).toBe('EU261,CDG,MEAL,5,2,1,90,90,0,3,MEAL_VOUCHER_FAILED=1; MEAL_VOUCHER_PENDING=1; NO_MEAL_VOUCHER=1,"MEAL_VOUCHER_FAILED: issuer said ""no"", card refused; MEAL_VOUCHER_PENDING: no issuer configured"');
    expect(lines.filter((l) => /^(EU261|US_DOT),/.test(l))).toHaveLength(6);
    const blank = lines.indexOf("");
    expect(lines[blank + 1]).toBe("airport,currency,hotel,meals,rides,total,passengersOwedCare,perPassenger");
    expect(lines[blank + 2]).toBe("ALL,EUR,200,27.5,45.5,273,7,39");

    const json = await call(GET, "/reports/care-compliance", { token, query: period() });
    expect(json.status).toBe(200);
    expect(json.json.rows).toHaveLength(6);
  });

  it("keeps a caller to its airports: 403 OUT_OF_SCOPE for another, its own rows only otherwise; FEED may not; bad periods are 422", async () => {
    const atJfk = await roleToken(b.tenant, "AIRPORT_OPERATOR", ["JFK"]);
    const refused = await call(GET, "/reports/care-compliance", { token: atJfk, query: { ...period(), airport: "CDG" } });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe("OUT_OF_SCOPE");
    const own = await call(GET, "/reports/care-compliance", { token: atJfk, query: period() });
    expect(own.status).toBe(200);
    expect(new Set(own.json.rows.map((x: { airport: string }) => x.airport))).toEqual(new Set(["JFK"]));
    expect(own.text).not.toContain("CDG");

    const feed = await call(GET, "/reports/care-compliance", { token: await roleToken(b.tenant, "FEED"), query: period() });
    expect(feed.status).toBe(403);

    const ops = await roleToken(b.tenant, "OPS_SUPERVISOR");
    const backwards = await call(GET, "/reports/care-compliance", { token: ops, query: { from: "2026-03-01", to: "2026-02-01" } });
    expect(backwards.status).toBe(422);
    const tooLong = await call(GET, "/reports/care-compliance", { token: ops, query: { from: "2026-01-01", to: "2026-06-01" } });
    expect(tooLong.status).toBe(422);
    const badFormat = await call(GET, "/reports/care-compliance", { token: ops, query: { ...period(), format: "xml" } });
    expect(badFormat.status).toBe(422);
  });

  it("gives the weekly report a care section per regime and kind, limited to the reader's airports", async () => {
    const report = await generateReport({ ctx: ctxOf(b.tenant), input: { weekOf: new Date().toISOString().slice(0, 10) } });
    expect(report.careCompliance).toContainEqual({ regime: "EU261", kind: "MEAL", owed: 5, provided: 2, late: 1, notProvided: 3 });
    expect(report.careCompliance).toContainEqual({ regime: "US_DOT", kind: "HOTEL", owed: 2, provided: 2, late: 2, notProvided: 0 });
    expect(report.careCompliance).toHaveLength(6);
    const seenAtJfk = await getReport({ ctx: ctxOf(b.tenant, ["JFK"]), input: { reportUrn: report.urn } });
    expect(seenAtJfk.careCompliance.map((c) => c.regime)).toEqual(["US_DOT", "US_DOT"]);
  });
});

import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as overrideHandler } from "@/app/api/v1/cases/[caseUrn]/care/overrides/route";
import { POST as action } from "@/app/api/v1/cases/[caseUrn]/[action]/route";
import { PATCH as reaccommodate } from "@/app/api/v1/cases/[caseUrn]/reaccommodate/route";
import { POST as approveHandler } from "@/app/api/v1/demand/[demandUrn]/approve/route";
import { POST as createDemandHandler } from "@/app/api/v1/demand/case/[caseUrn]/route";
import { auditEntries, careAssessments, demands } from "@/db/schema";
import { planAllocation } from "@/lib/allocation/plan";
import { systemPrincipal } from "@/lib/auth/principal";
import { assessCare } from "@/lib/care/assess";
import { roomsFromCare } from "@/lib/care/rooms";
import { loadCase } from "@/lib/cases/load";
import type { Ctx } from "@/lib/context";
import { apiTestDatabase, call } from "../../helpers/api";
import { casePayload, createCase, type GroupInput, pax, roleToken } from "../../helpers/cases";
import { uniqueTenant } from "../../helpers/factories";
import { activePolicy, type PolicyDraft } from "../../helpers/policies";

const database = apiTestDatabase({ airports: true });
const ctxOf = (tenant: string): Ctx => ({ db: database.db, principal: systemPrincipal(tenant, "care") });
const ALL = ["FIRST", "BUSINESS", "PREMIUM_ECONOMY", "ECONOMY", "CREW"] as const;
const LOOSE = { minStars: 1, maxDistanceKm: 50, maxNightlyRate: 900, requiredAmenities: [] };

/** A policy at the airport for the tiers, with its care section. */
function policy(tenant: string, airport: string, tiers: PolicyDraft["tiers"], care: Record<string, unknown>) {
  return activePolicy(database.db, tenant, { name: `${airport} ${tiers.join(" ")}`, context: { airport }, tiers, constraints: LOOSE, care, autoApproveDemand: true, incrementalRequiresApproval: false });
}

/** Chicago → Denver, 17:00 local, cancelled for weather; the next flight the next morning (an overnight wait). */
function weatherCase(groups: GroupInput[]) {
  return casePayload({
    flight: { number: "UA1234", origin: "ORD", destination: "DEN", scheduledDeparture: "2026-11-21T23:00:00Z", status: "CANCELLED" },
    nextFlight: { number: "UA1236", scheduledDeparture: "2026-11-22T15:00:00Z" },
    disruption: { kind: "CANCELLATION", cause: "UNCONTROLLABLE" },
    passengerGroups: groups,
  });
}

const demand = (token: string, caseUrn: string, body: Record<string, unknown>) => call(createDemandHandler, `/demand/case/${caseUrn}`, { token, params: { caseUrn }, body });
const plan = async (tenant: string, caseUrn: string) => planAllocation(ctxOf(tenant), await loadCase(ctxOf(tenant), caseUrn), {});
const owed = (p: { entitlements: { kind: string; owed: boolean }[] }, kind: string) => p.entitlements.find((e) => e.kind === kind)?.owed;

describe("the right to care decides the rooms (care.requestRoomsFromCare)", () => {
  it("refuses an INITIAL demand without rooms when nobody is owed a hotel: 409 NOTHING_OWED with the reason, nothing written", async () => {
    const tenant = uniqueTenant();
    await policy(tenant, "ORD", [...ALL], { requestRoomsFromCare: true });
    const ops = await roleToken(tenant, "OPS_SUPERVISOR");
    const c = await createCase(ops, weatherCase([{ groupId: "WX1", pnr: "WX0001", passengers: [pax("W1"), pax("W2")] }]));

    const res = await demand(ops, c.urn, { type: "INITIAL" });
    expect(res.status).toBe(409);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    expect(res.json.code).toBe("NOTHING_OWED");
    expect(res.json.detail).toContain("no hotel owed: ");
    expect(res.json.detail).toContain("the airline's own policy: none");
    expect(await database.db.select().from(demands).where(eq(demands.caseUrn, c.urn))).toEqual([]);

    // the rooms a caller names are still requested as before
    const given = await demand(ops, c.urn, { type: "INITIAL", roomsRequested: 1 });
    expect(given.status).toBe(201);
    expect(given.json.roomsRequested).toBe(1);
  });

  it("asks exactly the owed rooms on a CDG → JFK crew-shortage cancellation (EU261 owes every group a hotel)", async () => {
    const tenant = uniqueTenant();
    await policy(tenant, "CDG", [...ALL], { requestRoomsFromCare: true });
    const ops = await roleToken(tenant, "OPS_SUPERVISOR");
    const c = await createCase(ops, casePayload({ disruption: { kind: "CANCELLATION", cause: "CONTROLLABLE" } }));
    const res = await demand(ops, c.urn, { type: "INITIAL" });
    expect(res.status).toBe(201);
    expect(res.json.roomsRequested).toBe(5);
    expect(res.json.roomsRequested).toBe(c.roomsNeeded);
    // decided in memory for it: the demand stores no assessment (the job does)
    expect(await database.db.select().from(careAssessments).where(eq(careAssessments.caseUrn, c.urn))).toHaveLength(0);
  });

  it("without the flag an INITIAL demand without rooms asks the case's roomsNeeded", async () => {
    const tenant = uniqueTenant();
    await policy(tenant, "ORD", [...ALL], {});
    const ops = await roleToken(tenant, "OPS_SUPERVISOR");
    const c = await createCase(ops, weatherCase([{ pnr: "NF0001", passengers: [pax("N1"), pax("N2"), pax("N3")] }]));
    const res = await demand(ops, c.urn, { type: "INITIAL" });
    expect(res.status).toBe(201);
    expect(res.json.roomsRequested).toBe(2);
    expect(res.json.roomsRequested).toBe(c.roomsNeeded);
    const incremental = await demand(ops, c.urn, { type: "INCREMENTAL" });
    expect(incremental.status).toBe(422);
  });

  it("places only the owed groups, defers the others with the reason, and a supervisor's override then an INCREMENTAL demand places them", async () => {
    const tenant = uniqueTenant();
    // business: the airline houses overnight waits; economy: nothing of its own
    await policy(tenant, "ORD", ["BUSINESS"], { requestRoomsFromCare: true, hotelWhenOvernight: true });
    await policy(tenant, "ORD", ["ECONOMY"], { requestRoomsFromCare: true });
    const ops = await roleToken(tenant, "OPS_SUPERVISOR", ["*"], "sup-anna");
    const c = await createCase(
      ops,
      weatherCase([
        { groupId: "ECO1", pnr: "ECO001", passengers: [pax("E1"), pax("E2")] },
        { groupId: "BUS1", pnr: "BUS001", passengers: [pax("B1", "BUSINESS")] },
      ]),
    );

    const rooms = await roomsFromCare(ctxOf(tenant), await loadCase(ctxOf(tenant), c.urn));
    expect(rooms).toMatchObject({ flagged: true, roomsOwed: 1 });
    expect(rooms.groups.map((g) => [g.groupId, g.owedHotel, g.overridden, g.placeable])).toEqual([
      ["ECO1", false, false, false],
      ["BUS1", true, false, true],
    ]);

    const initial = await demand(ops, c.urn, { type: "INITIAL" });
    expect(initial.status).toBe(201);
    expect(initial.json).toMatchObject({ roomsRequested: 1, status: "APPROVED" });

    const first = await plan(tenant, c.urn);
    expect(first.groups.map((g) => g.groupId)).toEqual(["BUS1"]);
    expect(first.deferred).toHaveLength(1);
    expect(first.deferred[0].groupId).toBe("ECO1");
    expect(first.deferred[0].why).toMatch(/^no hotel owed: /);
    expect(first.deferred[0].why).toContain("the airline's own policy: none");

    const res = await call(overrideHandler, `/cases/${c.urn}/care/overrides`, { token: ops, params: { caseUrn: c.urn }, body: { groupId: "ECO1", reason: "elderly couple, no family in Chicago" } });
    expect(res.status).toBe(201);
    // the reads before stored nothing: the override's is the first version
    expect(res.json).toMatchObject({ groupId: "ECO1", kinds: ["HOTEL", "TRANSPORT"], createdBy: "sup-anna", assessmentVersion: 1 });
    expect(res.json.next).toContain("INCREMENTAL");
    expect(res.json.passengers.map((p: { passengerId: string }) => p.passengerId).sort()).toEqual(["E1", "E2"]);
    for (const p of res.json.passengers) {
      expect(owed(p, "HOTEL")).toBe(true);
      expect(owed(p, "TRANSPORT")).toBe(true);
      expect(owed(p, "MEAL")).toBe(false);
      const hotel = p.entitlements.find((e: { kind: string }) => e.kind === "HOTEL");
      expect(hotel.basis[0]).toMatchObject({ regime: "SUPERVISOR", owed: true, rule: "supervisor override: elderly couple, no family in Chicago (by sup-anna)" });
    }
    const audits = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, c.urn)));
    expect(audits.find((a) => a.action === "care-override")).toMatchObject({ actor: "sup-anna", reason: "elderly couple, no family in Chicago" });
    expect(audits.filter((a) => a.action === "care-assessed").map((a) => a.reason)).toContain("a supervisor's override");

    const incremental = await demand(ops, c.urn, { type: "INCREMENTAL", roomsRequested: 1 });
    expect(incremental.status).toBe(201);
    if (incremental.json.status === "REQUESTED") {
      const approved = await call(approveHandler, `/demand/${incremental.json.urn}/approve`, { token: ops, params: { demandUrn: incremental.json.urn }, body: { reason: "override" } });
      expect(approved.status).toBe(200);
    }
    const second = await plan(tenant, c.urn);
    expect(second.groups.map((g) => g.groupId).sort()).toEqual(["BUS1", "ECO1"]);
    expect(second.deferred).toEqual([]);
  });

  it("places priority passengers first when rooms are short: a wheelchair group and an unaccompanied child late in the manifest before earlier groups of their tier", async () => {
    const tenant = uniqueTenant();
    await policy(tenant, "CDG", [...ALL], {});
    const ops = await roleToken(tenant, "OPS_SUPERVISOR");
    const c = await createCase(
      ops,
      casePayload({
        disruption: { kind: "CANCELLATION", cause: "CONTROLLABLE" },
        passengerGroups: [
          { groupId: "EARLY1", pnr: "ERL001", passengers: [pax("A1")] },
          { groupId: "EARLY2", pnr: "ERL002", passengers: [pax("A2")] },
          { groupId: "CHAIR", pnr: "WCH001", passengers: [pax("A3", "ECONOMY", { specialNeeds: ["WHEELCHAIR"] })] },
          { groupId: "MINOR", pnr: "UMN001", passengers: [pax("A4", "ECONOMY", { specialNeeds: ["UNACCOMPANIED_MINOR"] })] },
        ],
      }),
    );
    const initial = await demand(ops, c.urn, { type: "INITIAL", roomsRequested: 2 });
    expect(initial.json.status).toBe("APPROVED");
    const p = await plan(tenant, c.urn);
    expect(p.groups.map((g) => g.groupId)).toEqual(["CHAIR", "MINOR"]);
    expect(p.groups.map((g) => g.priority)).toEqual([true, true]);
    expect(p.groups[0].wheelchairPassengers).toBe(1);
    expect(p.deferred.map((d) => d.groupId)).toEqual(["EARLY1", "EARLY2"]);
  });
});

describe("re-accommodation and added passengers recompute the right to care", () => {
  it("a new next flight flips the hotel in a new version whose audit carries the facts; a bulk upload adds a PASSENGERS_ADDED version", async () => {
    const tenant = uniqueTenant();
    const ops = await roleToken(tenant, "OPS_SUPERVISOR");
    const c = await createCase(ops, casePayload({ disruption: { kind: "CANCELLATION", cause: "CONTROLLABLE" }, passengerGroups: [{ pnr: "RE0001", passengers: [pax("R1")] }] }));
    const first = await assessCare(ctxOf(tenant), c.urn, "CASE_CREATED");
    expect(owed(first.assessment.passengers[0], "HOTEL")).toBe(true);

    const moved = await call(reaccommodate, `/cases/${c.urn}/reaccommodate`, { token: ops, method: "PATCH", params: { caseUrn: c.urn }, body: { nextFlight: { number: "AF1260", scheduledDeparture: "2026-11-21T21:30:00Z" } } });
    expect(moved.status).toBe(200);
    const second = await assessCare(ctxOf(tenant), c.urn, "REACCOMMODATED");
    expect(second.assessment).toMatchObject({ version: 2, trigger: "REACCOMMODATED" });
    expect(owed(second.assessment.passengers[0], "HOTEL")).toBe(false);
    const audit = (await database.db.select().from(auditEntries).where(eq(auditEntries.entityUrn, c.urn))).filter((a) => a.action === "care-assessed" && a.reason === "the next flight moved");
    expect(audit).toHaveLength(1);
    const changes = JSON.stringify(audit[0].changes);
    expect(changes).toContain("care.facts");
    expect(changes).toContain("2026-11-21T21:30:00");
    expect(changes).toContain("waitMinutes");

    const form = new FormData();
    form.set("file", new Blob(["pnr,passengerId,firstName,lastName,tier\r\nRE0002,R2,Ann,Lee,ECONOMY"], { type: "text/csv" }), "more.csv");
    const added = await call(action, `/cases/${c.urn}/passengers:bulk`, { token: ops, params: { caseUrn: c.urn, action: "passengers:bulk" }, rawBody: form, method: "POST" });
    expect(added.status).toBeLessThan(300);
    const third = await assessCare(ctxOf(tenant), c.urn, "PASSENGERS_ADDED");
    expect(third.assessment).toMatchObject({ version: 3, trigger: "PASSENGERS_ADDED" });
    expect(third.assessment.passengers.map((p) => p.passengerId).sort()).toEqual(["R1", "R2"]);
  });
});

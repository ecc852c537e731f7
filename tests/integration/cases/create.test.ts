import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEntries, cases, jobEvents, passengers, reviewItems } from "@/db/schema";
import { POST } from "@/app/api/v1/cases/route";
import { call, apiTestDatabase, tokenFor } from "../../helpers/api";
import { casePayload, pax, roleToken } from "../../helpers/cases";
import { uniqueTenant } from "../../helpers/factories";

const database = apiTestDatabase({ airports: true });


const caseCount = async (tenant: string) => (await database.db.select().from(cases).where(eq(cases.tenant, tenant))).length;

describe("POST /cases", () => {
  it("creates a case: 201, Location, groups with rooms, passengers awaiting allocation, audit and event", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "FEED");
    const payload = casePayload();
    const res = await call(POST, "/cases", { token, body: payload });
    expect(res.status).toBe(201);
    const c = res.json;
    expect(res.headers.get("location")).toBe(`/api/v1/cases/${c.urn}`);
    expect(c.urn).toMatch(/^urn:svc:case:[0-9a-f-]{36}$/);
    expect(c).toMatchObject({
      externalEventId: payload.externalEventId,
      mode: "LIVE",
      airport: "CDG",
      airline: "AF",
      status: "OPEN",
      flight: payload.flight,
      nextFlight: payload.nextFlight,
      stay: { nights: 1, overnight: true, timeZone: "Europe/Paris" },
      passengerCount: 6,
      roomsNeeded: 2 + 1 + 2,
      wave: null,
      reservations: [],
      demands: [],
      manualReviewItems: [],
      closedAt: null,
      revision: 1,
    });
    const [economy, business, crew] = c.passengerGroups;
    expect(economy).toMatchObject({ groupId: payload.passengerGroups[0].pnr, tier: "ECONOMY", mixedTier: false, rooms: 2, hotelUrn: null, reservationUrn: null });
    expect(economy.passengerIds).toEqual(payload.passengerGroups[0].passengers.map((p) => p.id));
    expect(Object.values(economy.operationalStatus)).toEqual(["AWAITING_ALLOCATION", "AWAITING_ALLOCATION", "AWAITING_ALLOCATION"]);
    expect(economy.passengers[0]).toMatchObject({ id: payload.passengerGroups[0].passengers[0].id, tier: "ECONOMY", specialNeeds: [], operationalStatus: "AWAITING_ALLOCATION" });
    expect(business).toMatchObject({ tier: "BUSINESS", rooms: 1 });
    expect(crew).toMatchObject({ groupId: payload.passengerGroups[2].groupId, tier: "CREW", rooms: 2 });

    const audit = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, c.urn), eq(auditEntries.action, "create")));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entity: "case", airport: "CDG", tenant });
    const events = await database.db.select().from(jobEvents).where(eq(jobEvents.name, "case/created"));
    expect(events.some((e) => e.data.caseUrn === c.urn)).toBe(true);
  });

  it("keeps the name of a named token's holder, whom no user row names, as the case's opener; an unnamed token leaves none", async () => {
    const tenant = uniqueTenant();
    const named = await tokenFor({ tenant, roles: ["FEED"], name: "  AODB feed (Terminal 2)  " });
    const opened = await call(POST, "/cases", { token: named, body: casePayload() });
    expect(opened.status).toBe(201);
    const [row] = await database.db.select().from(cases).where(eq(cases.urn, opened.json.urn));
    // the case page reads this when its users table does not know the token's subject
    expect(row.createdByName).toBe("AODB feed (Terminal 2)");

    const unnamed = await call(POST, "/cases", { token: await roleToken(tenant, "FEED"), body: casePayload() });
    const [other] = await database.db.select().from(cases).where(eq(cases.urn, unnamed.json.urn));
    expect(other.createdByName).toBeNull();
  });

  it("is idempotent on externalEventId: a repeat answers 200 with the same case and changes nothing", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "OPS_SUPERVISOR");
    const payload = casePayload();
    const first = await call(POST, "/cases", { token, body: payload });
    expect(first.status).toBe(201);
    const changed = { ...payload, flight: { ...payload.flight, number: "AF9999" }, passengerGroups: [{ pnr: "OTHER", passengers: [pax("Z1")] }] };
    const again = await call(POST, "/cases", { token, body: changed });
    expect(again.status).toBe(200);
    expect(again.headers.get("location")).toBeNull();
    expect(again.json.urn).toBe(first.json.urn);
    expect(again.json.flight.number).toBe("AF1234");
    expect(again.json.passengerCount).toBe(6);
    expect(again.json.revision).toBe(1);
    expect(await caseCount(tenant)).toBe(1);
    // the same event id in another tenant is another case
    const other = await call(POST, "/cases", { token: await roleToken(uniqueTenant(), "ADMIN"), body: payload });
    expect(other.status).toBe(201);
    expect(other.json.urn).not.toBe(first.json.urn);
  });

  it("an externalEventId already used at another airport: 403 OUT_OF_SCOPE that does not name the airport, nothing created", async () => {
    const tenant = uniqueTenant();
    const payload = casePayload();
    expect((await call(POST, "/cases", { token: await roleToken(tenant, "OPS_SUPERVISOR"), body: payload })).status).toBe(201);
    const lhr = { ...payload, flight: { ...payload.flight, number: "AF1680", origin: "LHR", destination: "CDG" } };
    const res = await call(POST, "/cases", { token: await roleToken(tenant, "OPS_SUPERVISOR", ["LHR"]), body: lhr });
    expect([res.status, res.json.code]).toEqual([403, "OUT_OF_SCOPE"]);
    expect(res.text).not.toContain(payload.flight.origin);
    expect(res.json.detail).toContain(payload.externalEventId);
    expect(await caseCount(tenant)).toBe(1);
  });

  it("creates exactly one case under 20 concurrent identical requests", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "FEED");
    const payload = casePayload();
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(POST, "/cases", { token, body: payload })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 201 || s === 200)).toBe(true);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.json.urn)).size).toBe(1);
    expect(await caseCount(tenant)).toBe(1);
    const rows = await database.db.select().from(passengers).where(eq(passengers.caseUrn, answers[0].json.urn));
    expect(rows).toHaveLength(6);
    const audits = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, answers[0].json.urn), eq(auditEntries.action, "create")));
    expect(audits).toHaveLength(1);
  });

  it("allows FEED, OPS_SUPERVISOR and ADMIN; refuses AIRPORT_OPERATOR with 403 FORBIDDEN and writes nothing", async () => {
    const tenant = uniqueTenant();
    for (const role of ["FEED", "OPS_SUPERVISOR", "ADMIN"] as const) {
      const res = await call(POST, "/cases", { token: await roleToken(tenant, role), body: casePayload() });
      expect(res.status, role).toBe(201);
    }
    const refused = await call(POST, "/cases", { token: await roleToken(tenant, "AIRPORT_OPERATOR", ["CDG"]), body: casePayload() });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe("FORBIDDEN");
    expect(await caseCount(tenant)).toBe(3);
  });

  it("answers 401 without a token", async () => {
    const res = await call(POST, "/cases", { body: casePayload() });
    expect(res.status).toBe(401);
    expect(res.json.code).toBe("UNAUTHENTICATED");
  });

  it("lets only ADMIN create DRILL and SHADOW cases", async () => {
    const tenant = uniqueTenant();
    for (const mode of ["DRILL", "SHADOW"]) {
      const ops = await call(POST, "/cases", { token: await roleToken(tenant, "OPS_SUPERVISOR"), body: casePayload({ mode }) });
      expect(ops.status).toBe(403);
      expect(ops.json.code).toBe("FORBIDDEN");
      const feed = await call(POST, "/cases", { token: await roleToken(tenant, "FEED"), body: casePayload({ mode }) });
      expect(feed.status).toBe(403);
      const admin = await call(POST, "/cases", { token: await roleToken(tenant, "ADMIN"), body: casePayload({ mode }) });
      expect(admin.status).toBe(201);
      expect(admin.json.mode).toBe(mode);
    }
    expect(await caseCount(tenant)).toBe(2);
  });

  it("refuses a case whose origin is outside the caller's airports with 403 OUT_OF_SCOPE", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "OPS_SUPERVISOR", ["ORY"]);
    const res = await call(POST, "/cases", { token, body: casePayload() });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe("OUT_OF_SCOPE");
    const ok = await call(POST, "/cases", { token, body: casePayload({ flight: { number: "AF7001", origin: "ORY", destination: "NCE", scheduledDeparture: "2026-11-21T18:05:00Z", status: "CANCELLED" } }) });
    expect(ok.status).toBe(201);
    expect(ok.json.airport).toBe("ORY");
    expect(await caseCount(tenant)).toBe(1);
  });

  describe("validation (422, nothing written)", () => {
    const cases422: [string, (p: ReturnType<typeof casePayload>) => unknown, string][] = [
      ["unknown origin airport", (p) => ({ ...p, flight: { ...p.flight, origin: "QQQ" } }), "flight.origin"],
      ["unknown destination airport", (p) => ({ ...p, flight: { ...p.flight, destination: "ZZZ" } }), "flight.destination"],
      ["a malformed airport code", (p) => ({ ...p, flight: { ...p.flight, origin: "CDGX" } }), "flight.origin"],
      ["a bad flight number", (p) => ({ ...p, flight: { ...p.flight, number: "AIRFRANCE1" } }), "flight.number"],
      ["an unknown tier", (p) => ({ ...p, passengerGroups: [{ pnr: "ABC123", passengers: [pax("X1", "GOLD")] }] }), "passengerGroups.0.passengers.0.tier"],
      ["a tier that is not one", (p) => ({ ...p, passengerGroups: [{ pnr: "ABC123", passengers: [pax("X1", "PLATINUM")] }] }), "passengerGroups.0.passengers.0.tier"],
      ["a 500-character last name", (p) => ({ ...p, passengerGroups: [{ pnr: "ABC123", passengers: [pax("X1", "ECONOMY", { lastName: "L".repeat(500) })] }] }), "passengerGroups.0.passengers.0.lastName"],
      ["a first name that is not a string", (p) => ({ ...p, passengerGroups: [{ pnr: "ABC123", passengers: [{ ...pax("X1"), firstName: 42 }] }] }), "passengerGroups.0.passengers.0.firstName"],
      ["a missing passenger id", (p) => ({ ...p, passengerGroups: [{ pnr: "ABC123", passengers: [{ firstName: "A", lastName: "B", tier: "ECONOMY" }] }] }), "passengerGroups.0.passengers.0.id"],
      ["a blank passenger id", (p) => ({ ...p, passengerGroups: [{ pnr: "ABC123", passengers: [pax(" ")] }] }), "passengerGroups.0.passengers.0.id"],
      ["a missing pnr", (p) => ({ ...p, passengerGroups: [{ groupId: "G1", passengers: [pax("X1")] }] }), "passengerGroups.0.pnr"],
      ["an unknown special need", (p) => ({ ...p, passengerGroups: [{ pnr: "ABC123", passengers: [pax("X1", "ECONOMY", { specialNeeds: ["JETPACK"] })] }] }), "passengerGroups.0.passengers.0.specialNeeds.0"],
      ["a bad email", (p) => ({ ...p, passengerGroups: [{ pnr: "ABC123", passengers: [pax("X1", "ECONOMY", { email: "nope" })] }] }), "passengerGroups.0.passengers.0.email"],
      ["duplicate group ids", (p) => ({ ...p, passengerGroups: [{ pnr: "ABC123", passengers: [pax("X1")] }, { pnr: "ABC123", passengers: [pax("X2")] }] }), "passengerGroups.1.pnr"],
      ["duplicate explicit group ids", (p) => ({ ...p, passengerGroups: [{ groupId: "G1", pnr: "AAA", passengers: [pax("X1")] }, { groupId: "G1", pnr: "BBB", passengers: [pax("X2")] }] }), "passengerGroups.1.groupId"],
      ["duplicate passenger ids across groups", (p) => ({ ...p, passengerGroups: [{ pnr: "AAA", passengers: [pax("X1")] }, { pnr: "BBB", passengers: [pax("X1")] }] }), "passengerGroups.1.passengers.0.id"],
      ["an empty group", (p) => ({ ...p, passengerGroups: [{ pnr: "AAA", passengers: [] }] }), "passengerGroups.0.passengers"],
      ["a departure without a zone", (p) => ({ ...p, flight: { ...p.flight, scheduledDeparture: "2026-11-21T18:05:00" } }), "flight.scheduledDeparture"],
      ["an impossible date", (p) => ({ ...p, flight: { ...p.flight, scheduledDeparture: "2026-02-30T18:05:00Z" } }), "flight.scheduledDeparture"],
      ["a next flight before the disruption", (p) => ({ ...p, nextFlight: { number: "AF1", scheduledDeparture: "2026-11-20T09:00:00Z" } }), "nextFlight.scheduledDeparture"],
      ["the same origin and destination", (p) => ({ ...p, flight: { ...p.flight, destination: "CDG" } }), "flight.destination"],
      ["an unknown flight status", (p) => ({ ...p, flight: { ...p.flight, status: "LOST" } }), "flight.status"],
      ["a missing externalEventId", (p) => ({ ...p, externalEventId: "  " }), "externalEventId"],
      ["an unknown mode", (p) => ({ ...p, mode: "TEST" }), "mode"],
    ];
    it.each(cases422)("refuses %s", async (_name, mutate, path) => {
      const tenant = uniqueTenant();
      const res = await call(POST, "/cases", { token: await roleToken(tenant, "ADMIN"), body: mutate(casePayload()) });
      expect(res.status).toBe(422);
      expect(res.json.code).toBe("VALIDATION_FAILED");
      expect(res.json.errors.map((e: { path: string }) => e.path)).toContain(path);
      expect(await caseCount(tenant)).toBe(0);
    });

    it("refuses a body that is not JSON with 400 and a wrong content type with 415", async () => {
      const token = await roleToken(uniqueTenant(), "ADMIN");
      const bad = await call(POST, "/cases", { token, rawBody: "{nope", headers: { "content-type": "application/json" } });
      expect(bad.status).toBe(400);
      const text = await call(POST, "/cases", { token, rawBody: "a=b", headers: { "content-type": "text/plain" } });
      expect(text.status).toBe(415);
    });
  });

  it("accepts offsets and lowercase codes, answering UTC and uppercase", async () => {
    const tenant = uniqueTenant();
    const payload = casePayload({
      flight: { number: "af12", origin: "cdg", destination: "lhr", scheduledDeparture: "2026-11-21T19:05:00+01:00", status: "DELAYED" },
      nextFlight: null,
    });
    const res = await call(POST, "/cases", { token: await roleToken(tenant, "ADMIN"), body: payload });
    expect(res.status).toBe(201);
    expect(res.json.flight).toEqual({ number: "AF12", origin: "CDG", destination: "LHR", scheduledDeparture: "2026-11-21T18:05:00Z", status: "DELAYED" });
    expect(res.json.nextFlight).toBeNull();
    expect(res.json.stay).toBeNull();
  });

  it("flags a mixed-tier group (tier null, MIXED_TIER_GROUP LOW) and keeps the passengers' tiers", async () => {
    const tenant = uniqueTenant();
    const payload = casePayload({
      passengerGroups: [
        { pnr: "MIX001", passengers: [pax("M1", "BUSINESS"), pax("M2", "ECONOMY"), pax("M3", "ECONOMY")] },
        { pnr: "ONE001", passengers: [pax("M4", "ECONOMY")] },
      ],
    });
    const res = await call(POST, "/cases", { token: await roleToken(tenant, "ADMIN"), body: payload });
    expect(res.status).toBe(201);
    const mixed = res.json.passengerGroups[0];
    expect(mixed).toMatchObject({ groupId: "MIX001", tier: null, mixedTier: true, rooms: 2 });
    expect(mixed.passengers.map((p: { tier: string }) => p.tier)).toEqual(["BUSINESS", "ECONOMY", "ECONOMY"]);
    expect(res.json.status).toBe("OPEN");
    expect(res.json.manualReviewItems).toHaveLength(1);
    expect(res.json.manualReviewItems[0]).toMatchObject({
      category: "MIXED_TIER_GROUP",
      priority: "LOW",
      state: "OPEN",
      affectedGroups: ["MIX001"],
      caseUrn: res.json.urn,
      assignedTo: null,
    });
    const events = await database.db.select().from(jobEvents).where(eq(jobEvents.name, "review/created"));
    expect(events.some((e) => e.data.reviewUrn === res.json.manualReviewItems[0].urn)).toBe(true);
  });

  describe("an incomplete manifest (DATA_INCOMPLETE, not an error)", () => {
    const reviewRows = async (caseUrn: string) => database.db.select().from(reviewItems).where(eq(reviewItems.caseUrn, caseUrn));

    it("accepts a passenger without a last name: 201, null stored, one DATA_INCOMPLETE item naming the group", async () => {
      const tenant = uniqueTenant();
      const payload = casePayload({
        passengerGroups: [
          { pnr: "FULL01", passengers: [pax("F1"), pax("F2")] },
          { pnr: "GAP001", passengers: [pax("G1"), { id: "G2", firstName: "Lea", tier: "ECONOMY" }] },
        ],
      });
      const res = await call(POST, "/cases", { token: await roleToken(tenant, "FEED"), body: payload });
      expect(res.status).toBe(201);
      const [full, gap] = res.json.passengerGroups;
      expect(full).toMatchObject({ groupId: "FULL01", dataIncomplete: false });
      expect(gap).toMatchObject({ groupId: "GAP001", tier: "ECONOMY", mixedTier: false, rooms: 1, dataIncomplete: true });
      expect(gap.passengers[1]).toMatchObject({ id: "G2", firstName: "Lea", lastName: null, tier: "ECONOMY", operationalStatus: "AWAITING_ALLOCATION" });
      expect(res.json.passengerCount).toBe(4);

      const items = res.json.manualReviewItems;
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({ category: "DATA_INCOMPLETE", priority: "LOW", state: "OPEN", affectedGroups: ["GAP001"], caseUrn: res.json.urn });
      expect(items[0].detail).toContain("GAP001");
      expect(items[0].detail).toContain("G2 lacks lastName");
      expect(items[0].detail).not.toContain("FULL01");
      expect(await reviewRows(res.json.urn)).toHaveLength(1);
      const [stored] = await database.db.select().from(passengers).where(and(eq(passengers.caseUrn, res.json.urn), eq(passengers.passengerId, "G2")));
      expect(stored).toMatchObject({ firstName: "Lea", lastName: null, tier: "ECONOMY" });
      const events = await database.db.select().from(jobEvents).where(eq(jobEvents.name, "review/created"));
      expect(events.some((e) => e.data.reviewUrn === items[0].urn)).toBe(true);
    });

    it("accepts a group whose only passengers lack a tier: tier null, not mixed, dataIncomplete, rooms as non-crew", async () => {
      const tenant = uniqueTenant();
      const payload = casePayload({
        passengerGroups: [
          { pnr: "NOTIER", passengers: [pax("T1", "ECONOMY", { tier: undefined }), pax("T2", "ECONOMY", { tier: null }), pax("T3", "ECONOMY", { tier: "  " })] },
        ],
      });
      // tier undefined drops the key from the JSON body: absent, null and blank are all "missing"
      const res = await call(POST, "/cases", { token: await roleToken(tenant, "ADMIN"), body: payload });
      expect(res.status).toBe(201);
      const [g] = res.json.passengerGroups;
      expect(g).toMatchObject({ groupId: "NOTIER", tier: null, mixedTier: false, dataIncomplete: true, rooms: 2 });
      expect(g.passengers.map((p: { tier: unknown }) => p.tier)).toEqual([null, null, null]);
      expect(res.json.manualReviewItems).toHaveLength(1);
      expect(res.json.manualReviewItems[0]).toMatchObject({ category: "DATA_INCOMPLETE", affectedGroups: ["NOTIER"] });
      expect(res.json.manualReviewItems[0].detail).toMatch(/T1 lacks tier.*T2 lacks tier.*T3 lacks tier/);
    });

    it("takes a group's tier from the known tiers and ignores unknown ones when detecting a mix", async () => {
      const tenant = uniqueTenant();
      const payload = casePayload({
        passengerGroups: [
          { pnr: "ONEKNW", passengers: [pax("K1", "BUSINESS"), pax("K2", "ECONOMY", { tier: null, firstName: "" })] },
          { pnr: "MIXUNK", passengers: [pax("K3", "BUSINESS"), pax("K4", "ECONOMY"), pax("K5", "ECONOMY", { tier: null })] },
          { pnr: "CREWUN", passengers: [pax("K6", "CREW"), pax("K7", "CREW", { tier: null })] },
        ],
      });
      const res = await call(POST, "/cases", { token: await roleToken(tenant, "ADMIN"), body: payload });
      expect(res.status).toBe(201);
      const [one, mix, crew] = res.json.passengerGroups;
      expect(one).toMatchObject({ tier: "BUSINESS", mixedTier: false, dataIncomplete: true, rooms: 1 });
      expect(one.passengers[1]).toMatchObject({ firstName: null, lastName: "LastK2", tier: null });
      expect(mix).toMatchObject({ tier: null, mixedTier: true, dataIncomplete: true, rooms: 2 });
      // one crew member a room, the tierless one counted as non-crew
      expect(crew).toMatchObject({ tier: "CREW", mixedTier: false, rooms: 2 });
      const categories = res.json.manualReviewItems.map((i: { category: string }) => i.category).sort();
      expect(categories).toEqual(["DATA_INCOMPLETE", "MIXED_TIER_GROUP"]);
      const data = res.json.manualReviewItems.find((i: { category: string }) => i.category === "DATA_INCOMPLETE");
      expect(data.affectedGroups).toEqual(["ONEKNW", "MIXUNK", "CREWUN"]);
      expect(data.detail).toContain("K2 lacks firstName, tier");
      const mixed = res.json.manualReviewItems.find((i: { category: string }) => i.category === "MIXED_TIER_GROUP");
      expect(mixed).toMatchObject({ affectedGroups: ["MIXUNK"] });
      expect(mixed.detail).toContain("BUSINESS, ECONOMY");
    });

    it("opens no review item for a complete case without any email or phone", async () => {
      const tenant = uniqueTenant();
      const payload = casePayload({
        passengerGroups: [
          { pnr: "NOCON1", passengers: [pax("N1", "ECONOMY", { email: null }), pax("N2", "ECONOMY", { email: "" })] },
          { pnr: "PHONE1", passengers: [pax("N3", "ECONOMY", { email: undefined, phone: "+33 6 12 34 56 78" })] },
          { pnr: "NOCON2", passengers: [{ id: "N4", firstName: "A", lastName: "B", tier: "FIRST" }] },
        ],
      });
      const res = await call(POST, "/cases", { token: await roleToken(tenant, "FEED"), body: payload });
      expect(res.status).toBe(201);
      expect(res.json.manualReviewItems).toEqual([]);
      expect(await reviewRows(res.json.urn)).toHaveLength(0);
      expect(res.json.passengerGroups.every((g: { dataIncomplete: boolean }) => !g.dataIncomplete)).toBe(true);
      expect(res.json.passengerGroups[1].passengers[0]).toMatchObject({ email: null, phone: "+33 6 12 34 56 78" });
    });

    it("refuses a present but invalid value even next to missing ones, writing nothing", async () => {
      const tenant = uniqueTenant();
      const payload = casePayload({
        passengerGroups: [{ pnr: "BAD001", passengers: [pax("B1", "ECONOMY", { lastName: null }), pax("B2", "PLATINUM", { firstName: null })] }],
      });
      const res = await call(POST, "/cases", { token: await roleToken(tenant, "ADMIN"), body: payload });
      expect(res.status).toBe(422);
      expect(res.json.code).toBe("VALIDATION_FAILED");
      expect(res.json.errors.map((e: { path: string }) => e.path)).toEqual(["passengerGroups.0.passengers.1.tier"]);
      expect(await caseCount(tenant)).toBe(0);
    });
  });

  it("starts passengers LOCAL_RESIDENT when the next flight leaves no overnight gap (spec 2.1)", async () => {
    const tenant = uniqueTenant();
    const payload = casePayload({ nextFlight: { number: "AF1240", scheduledDeparture: "2026-11-21T21:30:00Z" } });
    const res = await call(POST, "/cases", { token: await roleToken(tenant, "ADMIN"), body: payload });
    expect(res.status).toBe(201);
    expect(res.json.stay).toMatchObject({ overnight: false, nights: 1 });
    const statuses = res.json.passengerGroups.flatMap((g: { operationalStatus: Record<string, string> }) => Object.values(g.operationalStatus));
    expect(new Set(statuses)).toEqual(new Set(["LOCAL_RESIDENT"]));
    const passengers = res.json.passengerGroups.flatMap((g: { passengers: { operationalStatus: string }[] }) => g.passengers);
    expect(passengers.every((p: { operationalStatus: string }) => p.operationalStatus === "LOCAL_RESIDENT")).toBe(true);
  });

  it("starts passengers AWAITING_ALLOCATION when the next flight leaves on a later local day", async () => {
    const tenant = uniqueTenant();
    const payload = casePayload({ nextFlight: { number: "AF1240", scheduledDeparture: "2026-11-22T09:30:00Z" } });
    const res = await call(POST, "/cases", { token: await roleToken(tenant, "ADMIN"), body: payload });
    expect(res.status).toBe(201);
    expect(res.json.stay).toMatchObject({ overnight: true });
    const statuses = res.json.passengerGroups.flatMap((g: { operationalStatus: Record<string, string> }) => Object.values(g.operationalStatus));
    expect(new Set(statuses)).toEqual(new Set(["AWAITING_ALLOCATION"]));
  });

  it("stores special needs once each", async () => {
    const tenant = uniqueTenant();
    const payload = casePayload({
      passengerGroups: [{ pnr: "SPN001", passengers: [pax("S1", "ECONOMY", { specialNeeds: ["WHEELCHAIR", "INFANT", "WHEELCHAIR"] })] }],
    });
    const res = await call(POST, "/cases", { token: await roleToken(tenant, "ADMIN"), body: payload });
    expect(res.status).toBe(201);
    expect(res.json.passengerGroups[0].passengers[0].specialNeeds).toEqual(["WHEELCHAIR", "INFANT"]);
  });
});

import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEntries, cases, jobEvents } from "@/db/schema";
import type { Role } from "@/lib/auth/roles";
import { previewManifest } from "@/lib/cases/manifest-preview";
import { openCaseInConsole, previewNewCase } from "@/lib/cases/open-in-console";
import { DomainError } from "@/lib/errors";
import { ensureTenant } from "@/lib/tenants/ensure";
import { apiTestDatabase } from "../../helpers/api";
import { ctxFor, principal, uniqueTenant } from "../../helpers/factories";

const database = apiTestDatabase({ airports: true });

const HEADER = "pnr,passengerId,firstName,lastName,tier,email,phone,specialNeeds,language";
const GOOD = [HEADER, "AB12CD,P1,Amélie,Martin,Economy,,,WHEELCHAIR,fr", "AB12CD,P2,Jean,Martin,ECONOMY,,,,", "XY98ZT,P3,Sam,Lee,business,sam@example.com,,,"].join("\n");

async function ctxAs(roles: Role[], over: { airports?: string[]; name?: string } = {}) {
  const tenant = uniqueTenant();
  await ensureTenant(database.db, tenant);
  return ctxFor(database.db, { ...principal({ tenant, roles, airports: over.airports ?? ["*"] }), ...(over.name ? { name: over.name } : {}) });
}

const form = (over: Record<string, unknown> = {}) => ({
  externalEventId: `console-${crypto.randomUUID()}`,
  flightNumber: "af1234",
  origin: "CDG",
  destination: "JFK",
  // wall clock at CDG (Europe/Paris, UTC+1 in November)
  departure: "2026-11-28T21:30",
  flightStatus: "CANCELLED",
  nextFlightNumber: "AF1236",
  nextDeparture: "2026-11-29T09:45",
  disruptionKind: "CANCELLATION",
  disruptionCause: "CONTROLLABLE",
  description: "crew shortage",
  manifest: GOOD,
  ...over,
});

async function refusal(p: Promise<unknown>): Promise<DomainError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error("expected a refusal");
}

describe("previewManifest (the bulk upload's reader, in words)", () => {
  it("groups a clean manifest by PNR with its rooms, tiers and needs", async () => {
    const { preview, rows } = await previewManifest(GOOD);
    expect(rows).toHaveLength(3);
    expect(preview).toMatchObject({ rows: 3, passengers: 3, rooms: 2, problems: [] });
    expect(preview.groups).toEqual([
      { pnr: "AB12CD", passengers: 2, names: ["Amélie Martin", "Jean Martin"], tiers: ["ECONOMY"], rooms: 1, needs: ["WHEELCHAIR"] },
      { pnr: "XY98ZT", passengers: 1, names: ["Sam Lee"], tiers: ["BUSINESS"], rooms: 1, needs: [] },
    ]);
  });

  it("names every bad row by its line number, booking and passenger, in words, and offers no rows to open", async () => {
    const text = [HEADER, "AB12CD,P1,Amélie,Martin,ECONOMY,,,,", "AB12CD,P2,,Martin,GOLD,not-mail,,,", "XY98ZT,P1,Sam,Lee,BUSINESS,,,,"].join("\n");
    const { preview, rows } = await previewManifest(text);
    expect(rows).toBeNull();
    expect(preview.rows).toBe(3);
    expect(preview.problems).toEqual([
      { row: 3, text: "Row 3 (PNR AB12CD, passenger P2): first name (firstName) is missing; email: not an email address; tier: unknown tier GOLD." },
      { row: 4, text: "Row 4 (PNR XY98ZT, passenger P1): passenger id (passengerId): passenger P1 is also on row 2." },
    ]);
  });

  it("says which columns the header line lacks, and that an empty manifest is empty", async () => {
    const missing = await previewManifest("pnr,passengerId,firstName\nAB12CD,P1,Ann");
    expect(missing.rows).toBeNull();
    expect(missing.preview.problems).toEqual([{ row: 1, text: expect.stringContaining("The header line (row 1) lacks last name (lastName), tier.") }]);
    const empty = await previewManifest("  \n");
    expect(empty.preview.problems[0].text).toMatch(/The manifest is empty/);
  });
});

describe("openCaseInConsole (the New case form)", () => {
  it("opens the case through createCase as the signed-in supervisor: airport-local times, groups by PNR, audit, event, the opener's name kept", async () => {
    const ctx = await ctxAs(["OPS_SUPERVISOR"], { airports: ["CDG"], name: "Nadia Night-Shift" });
    const { created, record } = await openCaseInConsole({ ctx, input: form() });
    expect(created).toBe(true);
    expect(record).toMatchObject({
      airport: "CDG",
      status: "OPEN",
      createdBy: ctx.principal.sub,
      flight: { number: "AF1234", origin: "CDG", destination: "JFK", scheduledDeparture: "2026-11-28T20:30:00Z", status: "CANCELLED" },
      nextFlight: { number: "AF1236", scheduledDeparture: "2026-11-29T08:45:00Z" },
      passengerCount: 3,
      roomsNeeded: 2,
    });
    expect(record.passengerGroups.map((g) => g.groupId)).toEqual(["AB12CD", "XY98ZT"]);
    const [row] = await database.db.select().from(cases).where(eq(cases.urn, record.urn));
    expect(row).toMatchObject({ createdBy: ctx.principal.sub, createdByName: "Nadia Night-Shift", disruption: { kind: "CANCELLATION", cause: "CONTROLLABLE", description: "crew shortage" } });
    const audit = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, record.urn), eq(auditEntries.action, "create")));
    expect(audit).toHaveLength(1);
    expect(audit[0].actor).toBe(ctx.principal.sub);
    const events = await database.db.select().from(jobEvents).where(eq(jobEvents.name, "case/created"));
    expect(events.some((e) => e.data.caseUrn === record.urn)).toBe(true);
  });

  it("a second submit of the same form answers the case the first opened", async () => {
    const ctx = await ctxAs(["ADMIN"]);
    const input = form();
    const first = await openCaseInConsole({ ctx, input });
    const again = await openCaseInConsole({ ctx, input });
    expect(again).toMatchObject({ created: false, record: { urn: first.record.urn } });
  });

  it("a manifest with a bad row opens nothing and lists the row in words on the manifest field", async () => {
    const ctx = await ctxAs(["OPS_SUPERVISOR"]);
    const err = await refusal(openCaseInConsole({ ctx, input: form({ manifest: `${HEADER}\nAB12CD,P1,Ann,Lee,GOLD,,,,` }) }));
    expect(err).toMatchObject({ status: 422, code: "VALIDATION_FAILED" });
    expect(err.errors).toEqual([{ path: "manifest", message: "Row 2 (PNR AB12CD, passenger P1): tier: unknown tier GOLD." }]);
    expect(await database.db.select().from(cases).where(eq(cases.tenant, ctx.principal.tenant))).toHaveLength(0);
  });

  it("answers createCase's refusals on the form's own fields", async () => {
    const ctx = await ctxAs(["OPS_SUPERVISOR"]);
    const err = await refusal(openCaseInConsole({ ctx, input: form({ flightNumber: "12345678", nextDeparture: "2026-11-28T20:00" }) }));
    expect(err.status).toBe(422);
    expect(err.errors.map((e) => e.path).sort()).toEqual(["flightNumber", "nextDeparture"]);
  });

  it("refuses an airport operator (the role table: OPS_SUPERVISOR and ADMIN create cases) before reading anything", async () => {
    const ctx = await ctxAs(["AIRPORT_OPERATOR"], { airports: ["CDG"] });
    expect(await refusal(openCaseInConsole({ ctx, input: form() }))).toMatchObject({ status: 403 });
    expect(await refusal(previewNewCase({ ctx, input: { manifest: GOOD } }))).toMatchObject({ status: 403 });
  });

  it("refuses a supervisor of another airport (403 OUT_OF_SCOPE)", async () => {
    const ctx = await ctxAs(["OPS_SUPERVISOR"], { airports: ["LHR"] });
    expect(await refusal(openCaseInConsole({ ctx, input: form() }))).toMatchObject({ status: 403, code: "OUT_OF_SCOPE" });
  });
});

describe("openCaseInConsole refuses, field by field, what POST /cases would refuse", () => {
  const refusals: [string, Record<string, unknown>, string, RegExp][] = [
    ["a departure that is no date", { departure: "9999-99-99T99:99" }, "departure", /date and time/],
    ["a next departure past month 12 and hour 23", { nextDeparture: "2026-13-45T25:61" }, "nextDeparture", /date and time/],
    ["31 February (rolled over to 3 March before)", { departure: "2026-02-31T10:00" }, "departure", /not a real calendar date/],
    ["a departure far past the API's window", { departure: "9999-12-31T10:00" }, "departure", /2 years/],
    ["an origin holding a NUL (a database error before)", { origin: "CD\u0000" }, "origin", /NUL|IATA/],
    ["a destination that is no IATA code", { destination: "J\u202eFK" }, "destination", /IATA/],
    ["a flight number holding a NUL", { flightNumber: "AF1\u0000" }, "flightNumber", /NUL|flight number/],
  ];
  for (const [what, over, field, message] of refusals) {
    it(`${what}: a 422 on ${field}, nothing created`, async () => {
      const ctx = await ctxAs(["OPS_SUPERVISOR"]);
      const err = await refusal(openCaseInConsole({ ctx, input: form(over) }));
      expect([err.status, err.code]).toEqual([422, "VALIDATION_FAILED"]);
      expect(err.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: field, message: expect.stringMatching(message) })]));
      expect(await database.db.select().from(cases).where(eq(cases.tenant, ctx.principal.tenant))).toEqual([]);
    });
  }

  it("a leap day is a real date and opens the case", async () => {
    const ctx = await ctxAs(["OPS_SUPERVISOR"]);
    const { created, record } = await openCaseInConsole({ ctx, input: form({ departure: "2024-02-29T10:00", nextDeparture: "2024-02-29T18:00" }) });
    expect(created).toBe(true);
    // 10:00 in Paris in winter
    expect(record.flight.scheduledDeparture).toBe("2024-02-29T09:00:00Z");
  });
});

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as callHandler } from "@/app/api/v1/airports/[code]/capacity-calls/route";
import { POST as answerHandler } from "@/app/api/v1/capacity-calls/[callUrn]/answers/route";
import { GET as readHandler } from "@/app/api/v1/capacity-calls/[callUrn]/route";
import { GET as boardHandler } from "@/app/api/v1/board/route";
import { auditEntries, capacityCalls, directContracts, hotelInventory, hotels, messages } from "@/db/schema";
import { messagesOnCapacityCalled } from "@/inngest/functions/capacity-calls";
import { deliverMessageJob } from "@/inngest/functions/deliver-message";
import { createRunner } from "@/lib/jobs/runner";
import { newUrn } from "@/lib/ids";
import { apiTestDatabase, call, tokenFor } from "../../helpers/api";
import { roleToken } from "../../helpers/cases";
import { uniqueTenant } from "../../helpers/factories";
import { startSmtpServer } from "../../helpers/smtp";

/**
 * A supervisor's capacity call end to end on a real database and a real SMTP server: the call
 * reaches every contracted hotel of the airport (one CAPACITY_CALL e-mail per hotel with a
 * reservations address, through the outbox and the delivery job), the hotels' answers are counted
 * (a hotel's second answer replaces its first) and set the night's inventory, and the scope holds.
 */
const database = apiTestDatabase({ airports: true });
const tenant = uniqueTenant();
const otherTenant = uniqueTenant();
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const saved = { ...process.env };

const hotel = async (name: string, airport: string, contract: { tenant: string; contactEmail: string | null } | null) => {
  const urn = newUrn("hotel");
  await database.db.insert(hotels).values({ urn, name, address: `${name} street`, airport, latitude: 49, longitude: 2.55, stars: 3 });
  if (contract) await database.db.insert(directContracts).values({ tenant: contract.tenant, hotelUrn: urn, nightlyRate: 99, currency: "EUR", roomsTotal: 10, roomsAvailable: 4, contactEmail: contract.contactEmail });
  return urn;
};
let ibis: string, novotel: string, noEmail: string, othersHotel: string, lhrHotel: string;
const runJobs = () => createRunner({ db: database.db, jobs: [messagesOnCapacityCalled, deliverMessageJob(async () => database.db)], retryBaseMs: 1 }).tick();
const capacityCall = (token: string, airport = "CDG", body: unknown = { reason: "three flights cancelled, sources full" }) =>
  call(callHandler, `/airports/${airport}/capacity-calls`, { token, params: { code: airport }, body });
const answer = (token: string, callUrn: string, body: unknown) => call(answerHandler, `/capacity-calls/${callUrn}/answers`, { token, params: { callUrn }, body });
const read = (token: string, callUrn: string) => call(readHandler, `/capacity-calls/${callUrn}`, { token, params: { callUrn } });
const hotelToken = (hotelUrns: string[], t = tenant) => tokenFor({ tenant: t, roles: ["HOTEL"], airports: ["*"], hotels: hotelUrns });

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  process.env.PUBLIC_URL = "https://ops.example.test";
  ibis = await hotel("Ibis CDG", "CDG", { tenant, contactEmail: "Reservations@ibis.example.test" });
  novotel = await hotel("Novotel CDG", "CDG", { tenant, contactEmail: "desk@novotel.example.test" });
  noEmail = await hotel("Campanile CDG", "CDG", { tenant, contactEmail: null });
  othersHotel = await hotel("Hilton CDG", "CDG", { tenant: otherTenant, contactEmail: "hilton@example.test" });
  lhrHotel = await hotel("Premier Inn LHR", "LHR", { tenant, contactEmail: "lhr@example.test" });
});
afterAll(async () => {
  for (const k of ["SMTP_URL", "PUBLIC_URL"]) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  await smtp?.stop();
});

describe("a supervisor's capacity call", () => {
  let callUrn: string;

  it("goes to every contracted hotel of the airline at the airport, and e-mails those with a reservations address", async () => {
    const ops = await roleToken(tenant, "OPS_SUPERVISOR", ["CDG"]);
    const res = await capacityCall(ops);
    expect(res.status, res.text).toBe(201);
    callUrn = res.json.urn;
    expect(res.json).toMatchObject({ airport: "CDG", reason: "three flights cancelled, sources full", roomsShort: 0, automatic: false, answers: { count: 0, rooms: 0 } });
    expect(res.json.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(res.json.hotels).toEqual([
      { hotelUrn: noEmail, hotelName: "Campanile CDG", reachable: false },
      { hotelUrn: ibis, hotelName: "Ibis CDG", reachable: true },
      { hotelUrn: novotel, hotelName: "Novotel CDG", reachable: true },
    ]);

    await runJobs();
    const rows = await database.db.select().from(messages).where(eq(messages.relatedUrn, callUrn)).orderBy(messages.recipient);
    expect(rows.map((m) => [m.kind, m.channel, m.recipient, m.status, m.caseUrn])).toEqual([
      ["CAPACITY_CALL", "EMAIL", "desk@novotel.example.test", "SENT", null],
      ["CAPACITY_CALL", "EMAIL", "reservations@ibis.example.test", "SENT", null],
    ]);
    const link = `https://ops.example.test/extranet?call=${encodeURIComponent(callUrn)}`;
    const mails = smtp.received.filter((m) => m.text.includes(link));
    expect(mails.map((m) => m.to).flat().sort()).toEqual(["desk@novotel.example.test", "reservations@ibis.example.test"]);
    expect(mails[0].subject).toContain("rooms needed tonight near CDG");
    expect(mails.some((m) => m.to.includes("hilton@example.test") || m.to.includes("lhr@example.test"))).toBe(false);

    // the event delivered again writes nothing more (the outbox's key)
    await database.db.transaction(async (tx) => {
      const { emit } = await import("@/lib/events");
      const { systemPrincipal } = await import("@/lib/auth/principal");
      await emit({ db: tx, principal: systemPrincipal(tenant), inTransaction: true }, "capacity/called", { tenant, callUrn, airport: "CDG" });
    });
    await runJobs();
    expect(await database.db.select().from(messages).where(eq(messages.relatedUrn, callUrn))).toHaveLength(2);
    const [audit] = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, callUrn), eq(auditEntries.action, "call")));
    expect(audit?.airport).toBe("CDG");
  });

  it("counts the answers of two hotels; a hotel's second answer replaces its first and sets the night's inventory", async () => {
    const [row] = await database.db.select().from(capacityCalls).where(eq(capacityCalls.urn, callUrn));
    const ibisDesk = await hotelToken([ibis]);
    const first = await answer(ibisDesk, callUrn, { hotelUrn: ibis, rooms: 5, nightlyRate: 89 });
    expect(first.status, first.text).toBe(200);
    expect(first.json.answers).toEqual({ count: 1, rooms: 5 });
    // the hotel user sees its own hotel only
    expect(first.json.hotels).toEqual([{ hotelUrn: ibis, hotelName: "Ibis CDG", reachable: true }]);

    const novotelDesk = await hotelToken([novotel]);
    expect((await answer(novotelDesk, callUrn, { hotelUrn: novotel, rooms: 3 })).json.answers).toEqual({ count: 1, rooms: 3 });
    const again = await answer(ibisDesk, callUrn, { hotelUrn: ibis, rooms: 2 });
    expect(again.status, again.text).toBe(200);

    const ops = await roleToken(tenant, "AIRPORT_OPERATOR", ["CDG"]);
    const seen = await read(ops, callUrn);
    expect(seen.status).toBe(200);
    expect(seen.json.answers).toEqual({ count: 2, rooms: 5 });
    expect(seen.json.hotels).toHaveLength(3);

    // the board counts the answers live: its revision moves with each
    const board = await call(boardHandler, "/board", { token: ops, query: { airport: "CDG" } });
    expect(board.json.capacityCall).toMatchObject({ urn: callUrn, automatic: false, asked: 3, answered: 2, roomsOffered: 5 });
    await answer(novotelDesk, callUrn, { hotelUrn: novotel, rooms: 4 });
    const moved = await call(boardHandler, "/board", { token: ops, query: { airport: "CDG" } });
    expect(moved.json.capacityCall).toMatchObject({ answered: 2, roomsOffered: 6 });
    expect(moved.json.revision).not.toBe(board.json.revision);
    await answer(novotelDesk, callUrn, { hotelUrn: novotel, rooms: 3 });

    const inventory = await database.db.select().from(hotelInventory).where(eq(hotelInventory.tenant, tenant)).orderBy(hotelInventory.rooms);
    expect(inventory.map((i) => [i.hotelUrn, i.date, i.rooms, i.nightlyRate])).toEqual([
      [ibis, row.date, 2, null],
      [novotel, row.date, 3, null],
    ]);
  });

  it("keeps a hotel user to its hotels, staff to their airports and tenants apart", async () => {
    const ibisDesk = await hotelToken([ibis]);
    const before = await database.db.select().from(hotelInventory).where(eq(hotelInventory.tenant, tenant));
    // a hotel user answering for another hotel
    const other = await answer(ibisDesk, callUrn, { hotelUrn: novotel, rooms: 40 });
    expect([other.status, other.json.code]).toEqual([403, "OUT_OF_SCOPE"]);
    // a staff user of another airport
    const lhrOps = await roleToken(tenant, "OPS_SUPERVISOR", ["LHR"]);
    expect((await capacityCall(lhrOps)).json.code).toBe("OUT_OF_SCOPE");
    expect((await answer(lhrOps, callUrn, { hotelUrn: ibis, rooms: 40 })).status).toBe(403);
    expect((await read(lhrOps, callUrn)).status).toBe(403);
    // an operator may read but not call
    expect((await capacityCall(await roleToken(tenant, "AIRPORT_OPERATOR", ["CDG"]))).status).toBe(403);
    // another airline's hotel user, and another airline's supervisor
    const hilton = await hotelToken([othersHotel], otherTenant);
    expect((await read(hilton, callUrn)).status).toBe(404);
    expect((await answer(hilton, callUrn, { hotelUrn: othersHotel, rooms: 9 })).status).toBe(404);
    expect((await read(await roleToken(otherTenant, "OPS_SUPERVISOR"), callUrn)).status).toBe(404);
    // a contracted hotel the call did not go to (another airport's)
    const notCalled = await answer(await roleToken(tenant, "OPS_SUPERVISOR"), callUrn, { hotelUrn: lhrHotel, rooms: 4 });
    expect([notCalled.status, notCalled.json.code]).toEqual([422, "NOT_CALLED"]);
    // bad input
    expect((await answer(ibisDesk, callUrn, { hotelUrn: ibis, rooms: -1 })).status).toBe(422);
    expect((await capacityCall(await roleToken(tenant, "OPS_SUPERVISOR"), "CDG", {})).json.code).toBe("REASON_REQUIRED");
    expect(await database.db.select().from(hotelInventory).where(eq(hotelInventory.tenant, tenant))).toEqual(before);
  });

  it("is a 422 where the airline has no contracted hotel", async () => {
    const res = await capacityCall(await roleToken(tenant, "OPS_SUPERVISOR"), "AMS");
    expect([res.status, res.json.code]).toEqual([422, "NO_CONTRACTED_HOTEL"]);
    expect(await database.db.select().from(capacityCalls).where(eq(capacityCalls.airport, "AMS"))).toEqual([]);
  });
});

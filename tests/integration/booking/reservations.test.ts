import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { POST as manualHandler } from "@/app/api/v1/booking/manual/route";
import { POST as cancelHandler } from "@/app/api/v1/booking/reservations/[reservationUrn]/cancel/route";
import { GET as getHandler } from "@/app/api/v1/booking/reservations/[reservationUrn]/route";
import { GET as listHandler } from "@/app/api/v1/booking/reservations/route";
import { POST as closeHandler } from "@/app/api/v1/cases/[caseUrn]/close/route";
import { auditEntries, cases, directContracts, jobEvents, passengerGroups, passengers, reservations } from "@/db/schema";
import { seedDirectContracts } from "@/db/seed/direct-contracts";
import { checkOutDue, CLOSED_BY_CHECK_OUT } from "@/lib/booking/check-out";
import { closePool } from "@/lib/pool";
import { apiTestDatabase, call, tokenFor } from "@/tests/helpers/api";
import { casePayload, createCase, roleToken } from "@/tests/helpers/cases";
import { sandboxProviders } from "@/tests/helpers/providers";
import { allocate, approvedCase, bookingRunner, bookingTenant, reservationsOf, steerAll, waveOf } from "./helpers";

const database = apiTestDatabase({ airports: true });
const sandboxes = sandboxProviders();
afterAll(() => closePool());
beforeEach(() => sandboxes.reset());

/** A case whose every group is CONFIRMED at the given provider. */
async function bookedAt(provider: "EXPEDIA_RAPID" | "HOTELBEDS" | "DIRECT") {
  const { tenant, token } = await bookingTenant(database.db);
  if (provider === "DIRECT") await seedDirectContracts(database.db, tenant);
  const { caseUrn } = await approvedCase(token);
  await allocate(database.db);
  await steerAll(database.db, tenant, caseUrn, provider);
  await bookingRunner(database.db).tick();
  const rows = await reservationsOf(database.db, caseUrn, "CONFIRMED");
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.every((r) => r.provider === provider)).toBe(true);
  return { tenant, token, caseUrn, rows };
}

const path = (urn: string) => `/booking/reservations/${urn}`;

describe("reading reservations", () => {
  it("reads one and lists them newest first with filters and cursor paging, per role and airport scope", async () => {
    const { tenant, token, caseUrn, rows } = await bookedAt("HOTELBEDS");
    const urn = rows[0].urn;
    const one = await call(getHandler, path(urn), { token, params: { reservationUrn: urn } });
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({ urn, caseUrn, airport: "CDG", status: "CONFIRMED", provider: "HOTELBEDS", payment: { method: "GUARANTEE" }, cancellable: true });
    expect(one.json.voucherUrn).toMatch(/^urn:svc:voucher:/);
    expect(one.json.confirmationCode).toBeTruthy();

    for (const role of ["AIRPORT_OPERATOR", "ADMIN"] as const) {
      expect((await call(getHandler, path(urn), { token: await roleToken(tenant, role, ["CDG"]), params: { reservationUrn: urn } })).status).toBe(200);
    }
    const elsewhere = await roleToken(tenant, "AIRPORT_OPERATOR", ["ORY"]);
    expect((await call(getHandler, path(urn), { token: elsewhere, params: { reservationUrn: urn } })).json.code).toBe("OUT_OF_SCOPE");
    expect((await call(listHandler, "/booking/reservations", { token: elsewhere, query: { caseUrn } })).json.items).toEqual([]);
    expect((await call(listHandler, "/booking/reservations", { token: elsewhere, query: { airport: "CDG" } })).status).toBe(403);
    const otherTenant = await tokenFor({ tenant: "ZZ" });
    expect((await call(getHandler, path(urn), { token: otherTenant, params: { reservationUrn: urn } })).status).toBe(404);
    // FEED reads only the reservations of cases it created
    const feed = await tokenFor({ tenant, roles: ["FEED"], sub: "feed-client-1" });
    expect((await call(getHandler, path(urn), { token: feed, params: { reservationUrn: urn } })).status).toBe(404);
    expect((await call(listHandler, "/booking/reservations", { token: feed })).json.items).toEqual([]);

    const all = await call(listHandler, "/booking/reservations", { token, query: { caseUrn } });
    expect(all.json.items.map((r: { urn: string }) => r.urn)).toEqual(rows.map((r) => r.urn).sort().reverse());
    const page1 = await call(listHandler, "/booking/reservations", { token, query: { caseUrn, limit: "2" } });
    expect(page1.json.items).toHaveLength(2);
    const page2 = await call(listHandler, "/booking/reservations", { token, query: { caseUrn, limit: "2", cursor: page1.json.nextCursor } });
    expect([...page1.json.items, ...page2.json.items].map((r: { urn: string }) => r.urn)).toEqual(all.json.items.map((r: { urn: string }) => r.urn));
    expect((await call(listHandler, "/booking/reservations", { token, query: { caseUrn, status: "CANCELLED" } })).json.items).toEqual([]);
    expect((await call(listHandler, "/booking/reservations", { token, query: { status: "NOPE" } })).status).toBe(422);
    expect((await call(getHandler, path("urn:svc:reservation:nope"), { token, params: { reservationUrn: "urn:svc:reservation:nope" } })).status).toBe(404);
  });
});

describe("cancelling a reservation (spec 3.4)", () => {
  it("Hotelbeds: CANCELLED with its reason, passengers back to AWAITING_ALLOCATION, audited, reservation/cancelled emitted", async () => {
    const { tenant, caseUrn, rows } = await bookedAt("HOTELBEDS");
    const r = rows[0];
    const operator = await roleToken(tenant, "AIRPORT_OPERATOR", ["CDG"]);
    expect((await call(cancelHandler, `${path(r.urn)}/cancel`, { token: operator, params: { reservationUrn: r.urn }, body: {} })).json.code).toBe("REASON_REQUIRED");
    const feed = await tokenFor({ tenant, roles: ["FEED"] });
    expect((await call(cancelHandler, `${path(r.urn)}/cancel`, { token: feed, params: { reservationUrn: r.urn }, body: { reason: "x" } })).status).toBe(403);
    const res = await call(cancelHandler, `${path(r.urn)}/cancel`, { token: operator, params: { reservationUrn: r.urn }, body: { reason: "passenger found own hotel" } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "CANCELLED", cancellationReason: "passenger found own hotel" });
    const pax = await database.db.select({ s: passengers.operationalStatus }).from(passengers).where(and(eq(passengers.caseUrn, caseUrn), eq(passengers.groupId, r.groupId)));
    expect(new Set(pax.map((p) => p.s))).toEqual(new Set(["AWAITING_ALLOCATION"]));
    const [g] = await database.db.select().from(passengerGroups).where(and(eq(passengerGroups.caseUrn, caseUrn), eq(passengerGroups.groupId, r.groupId)));
    expect(g.reservationUrn).toBeNull();
    const audit = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, r.urn), eq(auditEntries.action, "cancel")));
    expect(audit).toHaveLength(1);
    expect(audit[0].reason).toBe("passenger found own hotel");
    const events = await database.db.select().from(jobEvents).where(and(eq(jobEvents.name, "reservation/cancelled"), sql`${jobEvents.data}->>'reservationUrn' = ${r.urn}`));
    expect(events).toHaveLength(1);
    // twice: the reservation is no longer CONFIRMED
    expect((await call(cancelHandler, `${path(r.urn)}/cancel`, { token: operator, params: { reservationUrn: r.urn }, body: { reason: "again" } })).json.code).toBe("INVALID_TRANSITION");
  });

  it("Expedia Rapid's self-service tier cannot cancel: 409 saying to cancel at the hotel, nothing changes", async () => {
    const { token, rows } = await bookedAt("EXPEDIA_RAPID");
    const r = rows[0];
    const res = await call(cancelHandler, `${path(r.urn)}/cancel`, { token, params: { reservationUrn: r.urn }, body: { reason: "not needed" } });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe("CONFLICT");
    expect(res.json.detail).toMatch(/cancel at the hotel or through the provider's enterprise tier/);
    const [after] = await database.db.select().from(reservations).where(eq(reservations.urn, r.urn));
    expect(after.status).toBe("CONFIRMED");
  });

  it("a direct contract cancels at once and restores its rooms; rehouse: false cancels the passengers", async () => {
    const { tenant, token, caseUrn, rows } = await bookedAt("DIRECT");
    const r = rows[0];
    const contract = async () => (await database.db.select().from(directContracts).where(and(eq(directContracts.tenant, tenant), eq(directContracts.hotelUrn, r.hotelUrn))))[0].roomsAvailable;
    const before = await contract();
    const res = await call(cancelHandler, `${path(r.urn)}/cancel`, { token, params: { reservationUrn: r.urn }, body: { reason: "passengers rebooked on a train", rehouse: false } });
    expect(res.status).toBe(200);
    expect(await contract()).toBe(before + r.rooms);
    const pax = await database.db.select({ s: passengers.operationalStatus }).from(passengers).where(and(eq(passengers.caseUrn, caseUrn), eq(passengers.groupId, r.groupId)));
    expect(new Set(pax.map((p) => p.s))).toEqual(new Set(["CANCELLED"]));
  });

  it("a closed case refuses cancel and manual booking with 409 CASE_CLOSED", async () => {
    const { token, caseUrn, rows } = await bookedAt("HOTELBEDS");
    expect((await call(closeHandler, `/cases/${caseUrn}/close`, { token, params: { caseUrn }, body: { reason: "event over" } })).status).toBe(200);
    const r = rows[0];
    expect((await call(cancelHandler, `${path(r.urn)}/cancel`, { token, params: { reservationUrn: r.urn }, body: { reason: "x" } })).json.code).toBe("CASE_CLOSED");
    const manual = await call(manualHandler, "/booking/manual", { token, body: { caseUrn, groupId: r.groupId, hotelUrn: r.hotelUrn, providerOfferId: r.providerOfferId, reason: "x" } });
    expect(manual.json.code).toBe("CASE_CLOSED");
    expect((await database.db.select().from(reservations).where(eq(reservations.urn, r.urn)))[0].status).toBe("CONFIRMED");
  });
});

describe("manual booking (POST /booking/manual)", () => {
  it("books a group at a given offer at once (201 + Location), audited as an override; per role; unknown hotel or offer 422", async () => {
    const { tenant, token } = await bookingTenant(database.db);
    const { caseUrn } = await approvedCase(token);
    await allocate(database.db);
    const wave = await waveOf(database.db, caseUrn);
    const a = wave.allocations[0];
    const offer = (wave.rankingInputs as { tier: string; provider: string; hotelUrn: string; providerOfferId: string; roomsAvailable: number }[]).find(
      (x) => x.tier === a.tier && x.provider === "HOTELBEDS" && x.hotelUrn !== a.hotelUrn && x.roomsAvailable >= a.rooms,
    )!;
    const body = { caseUrn, groupId: a.groupId, hotelUrn: offer.hotelUrn, providerOfferId: offer.providerOfferId, reason: "the passengers asked for this hotel" };
    for (const role of ["AIRPORT_OPERATOR", "FEED"] as const) {
      expect((await call(manualHandler, "/booking/manual", { token: await roleToken(tenant, role), body })).status).toBe(403);
    }
    expect((await call(manualHandler, "/booking/manual", { token: await roleToken(tenant, "OPS_SUPERVISOR", ["ORY"]), body })).json.code).toBe("OUT_OF_SCOPE");
    expect((await call(manualHandler, "/booking/manual", { token, body: { ...body, hotelUrn: "urn:svc:hotel:01900000-0000-7000-8000-000000000000" } })).status).toBe(422);
    expect((await call(manualHandler, "/booking/manual", { token, body: { ...body, providerOfferId: "no-such-offer" } })).status).toBe(422);
    expect((await call(manualHandler, "/booking/manual", { token, body: { ...body, reason: " " } })).json.code).toBe("REASON_REQUIRED");
    expect(await reservationsOf(database.db, caseUrn)).toEqual([]);

    const res = await call(manualHandler, "/booking/manual", { token, body });
    expect(res.status).toBe(201);
    expect(res.headers.get("location")).toBe(`/api/v1/booking/reservations/${res.json.urn}`);
    expect(res.json).toMatchObject({ status: "CONFIRMED", hotelUrn: offer.hotelUrn, provider: "HOTELBEDS", groupId: a.groupId, waveUrn: wave.urn });
    expect(res.json.voucherUrn).toBeTruthy();
    const audit = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, res.json.urn), eq(auditEntries.action, "override")));
    expect(audit[0].reason).toBe("the passengers asked for this hotel");
    const pax = await database.db.select({ s: passengers.operationalStatus }).from(passengers).where(and(eq(passengers.caseUrn, caseUrn), eq(passengers.groupId, a.groupId)));
    expect(new Set(pax.map((p) => p.s))).toEqual(new Set(["BOOKED"]));
    // again: the group has a live reservation in that wave
    expect((await call(manualHandler, "/booking/manual", { token, body })).json.code).toBe("CONFLICT");
  });
});

describe("check-out at the end of the stay", () => {
  it("CONFIRMED → CHECKED_OUT with the passengers once check-out passed, and the case closes by itself", async () => {
    const { caseUrn, rows } = await bookedAt("HOTELBEDS");
    expect((await checkOutDue(database.db, new Date(rows[0].checkOut.getTime() - 60_000))).checkedOut).toBe(0);
    const after = new Date(Math.max(...rows.map((r) => r.checkOut.getTime())) + 60_000);
    const result = await checkOutDue(database.db, after);
    expect(result.closed).toContain(caseUrn);
    expect((await reservationsOf(database.db, caseUrn)).map((r) => r.status)).toEqual(rows.map(() => "CHECKED_OUT"));
    const pax = await database.db.select({ s: passengers.operationalStatus }).from(passengers).where(eq(passengers.caseUrn, caseUrn));
    expect(new Set(pax.map((p) => p.s))).toEqual(new Set(["CHECKED_OUT"]));
    const [c] = await database.db.select().from(cases).where(eq(cases.urn, caseUrn));
    expect(c).toMatchObject({ status: "CLOSED", closeReason: CLOSED_BY_CHECK_OUT });
    const audit = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, caseUrn), eq(auditEntries.action, "close")));
    expect(audit[0].reason).toBe(CLOSED_BY_CHECK_OUT);
    expect((await checkOutDue(database.db, after)).checkedOut).toBe(0);
  });

  it("a case created but never booked is not closed by the job", async () => {
    const { token } = await bookingTenant(database.db);
    const record = await createCase(token, casePayload());
    await checkOutDue(database.db, new Date("2030-01-01T00:00:00Z"));
    expect((await database.db.select().from(cases).where(eq(cases.urn, record.urn)))[0].status).toBe("OPEN");
  });
});

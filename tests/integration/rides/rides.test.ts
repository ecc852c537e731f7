import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as listRides } from "@/app/api/v1/cases/[caseUrn]/ride-vouchers/route";
import { POST as usage } from "@/app/api/v1/ride-vouchers/usage/route";
import { GET as passengerStatus } from "@/app/api/v1/passenger/[token]/route";
import { systemPrincipal } from "@/lib/auth/principal";
import { issueRideVouchers } from "@/lib/rides/issue";
import { planRideVouchers } from "@/lib/rides/plan";
import { liveSegmentsOf } from "@/lib/transport/live-segments";
import { planStaysTransport } from "@/lib/transport/plan-stays";
import { linkExpiry, signPassengerToken } from "@/lib/vouchers/link";
import { voucherProps } from "@/lib/vouchers/model";
import { renderVoucher } from "@/lib/vouchers/render";
import { auditEntries, messages, reservations } from "@/db/schema";
import { sandboxRidesSecret } from "@/lib/peers/rides/settings";
import { hmacHex } from "@/lib/http/body-signature";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { roleToken } from "@/tests/helpers/cases";
import { uniqueTenant } from "@/tests/helpers/factories";
import { sandboxFleet } from "@/tests/helpers/fleet";
import { enqueue } from "../jobs/helpers";
import { caseWithStay, configuredRides, confirm, ridesOf, settle } from "./helpers";

const database = apiTestDatabase({ airports: true });
const fleet = sandboxFleet();
const provider = configuredRides();

// 23:30 Paris; the group is fetched at 00:00 and taken back at 03:00 for a 06:00 flight: both rides at night
const NIGHT = { departure: "2027-01-10T22:30:00Z", next: "2027-01-11T05:00:00Z" };

async function nightCase(over: { tier?: string; mode?: "DRILL" } = {}) {
  const tenant = uniqueTenant();
  const token = await roleToken(tenant, "OPS_SUPERVISOR");
  const c = await caseWithStay(database.db, { token, tenant, ...NIGHT, ...over });
  return { tenant, token, ...c };
}

const usageBody = (r: { providerRef: string | null; urn: string }, amount: number) => JSON.stringify({ id: r.providerRef, reference: r.urn, amount, currency: "EUR", usedAt: "2027-01-11T00:40:00Z" });

describe("ride vouchers", () => {
  it("a night arrival group owed transport gets one voucher per direction, issued once even when the jobs run twice, and told on the stay's voucher message", async () => {
    const c = await nightCase();
    expect(c.transportOwed).toBe(true);
    const before = provider().vouchers().length;
    await confirm(database.db, c.tenant, c.caseUrn, c.reservationUrn);
    await confirm(database.db, c.tenant, c.caseUrn, c.reservationUrn);

    const rides = await ridesOf(database.db, c.caseUrn);
    expect(rides.map((r) => [r.direction, r.reason, r.status, r.passengers])).toEqual([
      ["AIRPORT_TO_HOTEL", "NIGHT", "ISSUED", 2],
      ["HOTEL_TO_AIRPORT", "NIGHT", "ISSUED", 2],
    ]);
    for (const r of rides) expect(r).toMatchObject({ code: expect.stringMatching(/^RIDE-/), maxAmount: 80, currency: "EUR", link: expect.stringContaining(r.providerRef!) });
    expect(provider().vouchers().length - before).toBe(2);
    const sent = provider().vouchers().find((v) => v.reference === rides[0].urn)!;
    expect(sent.request).toMatchObject({ passengers: 2, maxAmount: 80, currency: "EUR", pickupAfter: rides[0].pickupAt.toISOString(), dropoff: { name: expect.stringContaining("Hôtel de Nuit") } });

    const audits = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entity, "ride-voucher"), eq(auditEntries.entityUrn, rides[0].urn)));
    expect(audits.map((a) => a.action).sort()).toEqual(["issue", "plan"]);
    // scoped like the case: an operator of CDG reads them in the audit
    expect(audits.every((a) => a.airport === "CDG")).toBe(true);
    // told on the stay's voucher messages, written after the taxis were issued: no separate message tells them again
    expect(await database.db.select().from(messages).where(eq(messages.relatedUrn, rides[0].urn))).toEqual([]);
    const mail = await database.db.select().from(messages).where(and(eq(messages.relatedUrn, c.reservationUrn), eq(messages.kind, "VOUCHER"), eq(messages.channel, "EMAIL")));
    expect(mail.length).toBeGreaterThan(0);
    for (const r of rides) expect(mail[0].text).toContain(`Taxi voucher ${r.code}`);

    // carried on the hotel voucher and the passenger page
    const [stay] = await database.db.select().from(reservations).where(eq(reservations.urn, c.reservationUrn));
    const voucher = await renderVoucher({ ...(await voucherProps({ db: database.db, principal: systemPrincipal(c.tenant) }, stay)), passengerLink: null });
    expect(voucher.text).toContain(`Taxi voucher ${rides[0].code}: to the hotel, pickup from`);
    expect(voucher.text).toContain("up to €80.00");
    expect(voucher.html).toContain(rides[1].code!);
    const token = signPassengerToken(stay.urn, linkExpiry(stay.checkOut));
    const page = await call(passengerStatus, `/passenger/${token}`, { params: { token } });
    expect(page.status).toBe(200);
    expect(page.json.rides).toEqual(rides.map((r) => ({ direction: r.direction, code: r.code, link: r.link, pickupAt: r.pickupAt.toISOString(), maxAmount: 80, currency: "EUR", status: "ISSUED" })));

    const listed = await call(listRides, `/cases/${c.caseUrn}/ride-vouchers`, { token: c.token, params: { caseUrn: c.caseUrn } });
    expect(listed.status).toBe(200);
    expect(listed.json.items).toHaveLength(2);
    const outside = await call(listRides, `/cases/${c.caseUrn}/ride-vouchers`, { token: await roleToken(c.tenant, "AIRPORT_OPERATOR", ["LHR"]), params: { caseUrn: c.caseUrn } });
    expect(outside.status).toBe(403);
  }, 60_000);

  it("a stay's two legs are asked side by side: one the provider takes is recorded ISSUED with its audit while the other's 'not now' leaves it PENDING, noted, for the next ask", async () => {
    const c = await nightCase();
    const ctx = { db: database.db, principal: systemPrincipal(c.tenant) };
    const [stay] = await database.db.select().from(reservations).where(eq(reservations.urn, c.reservationUrn));
    await planStaysTransport(ctx, { caseUrn: c.caseUrn, stays: [stay], confirmedAt: new Date().toISOString() });
    const segments = await liveSegmentsOf(ctx, c.caseUrn, [c.reservationUrn]);
    const pending = (await planRideVouchers(ctx, { caseUrn: c.caseUrn, stays: [stay], segments, rides: [] })).filter((r) => r.status === "PENDING");
    expect(pending.map((r) => r.direction)).toEqual(["AIRPORT_TO_HOTEL", "HOTEL_TO_AIRPORT"]);
    provider().faults.configure({ retryAfterSeconds: 0, next: ["503"] });
    const outcomes = await issueRideVouchers(ctx, pending);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["ISSUED", "PENDING"]);
    const waiting = outcomes.find((o) => o.status === "PENDING")!;
    expect(waiting.unavailable).toBeDefined();
    const rides = await ridesOf(database.db, c.caseUrn);
    expect(rides.find((r) => r.urn === waiting.urn)).toMatchObject({ status: "PENDING", attempts: 1, lastError: expect.any(String) });
    const issued = rides.find((r) => r.urn !== waiting.urn)!;
    expect(issued).toMatchObject({ status: "ISSUED", code: expect.stringMatching(/^RIDE-/) });
    const audits = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entity, "ride-voucher"), eq(auditEntries.entityUrn, issued.urn)));
    expect(audits.map((a) => a.action).sort()).toEqual(["issue", "plan"]);
    // asked again, the waiting leg is issued; the issued one is not asked twice
    expect(await issueRideVouchers(ctx, await ridesOf(database.db, c.caseUrn))).toEqual(
      expect.arrayContaining([expect.objectContaining({ urn: waiting.urn, status: "ISSUED" }), expect.objectContaining({ urn: issued.urn, status: "SKIPPED" })]),
    );
  }, 60_000);

  it("faults at the provider (5xx, 429, a lost answer) are retried without a duplicate; a refusal is FAILED", async () => {
    const c = await nightCase();
    const before = provider().vouchers().length;
    provider().faults.configure({ retryAfterSeconds: 0, next: ["503", "429", "lose-confirmation"] });
    await confirm(database.db, c.tenant, c.caseUrn, c.reservationUrn);
    const rides = await ridesOf(database.db, c.caseUrn);
    expect(rides.map((r) => r.status)).toEqual(["ISSUED", "ISSUED"]);
    expect(provider().vouchers().length - before).toBe(2);
    expect(rides.reduce((n, r) => n + r.attempts, 0)).toBeGreaterThan(2);

    const refused = await nightCase();
    provider().refuseNext(2);
    await confirm(database.db, refused.tenant, refused.caseUrn, refused.reservationUrn);
    const failed = await ridesOf(database.db, refused.caseUrn);
    expect(failed.map((r) => [r.status, r.lastError])).toEqual([
      ["FAILED", expect.stringContaining("ride_refused")],
      ["FAILED", expect.stringContaining("ride_refused")],
    ]);
  }, 60_000);

  it("by day: a car tier's rides are taxi vouchers (CAR_TIER); a shuttle the fleet cannot take is one too (FLEET_UNAVAILABLE); a shuttle with a vehicle is not", async () => {
    const DAY = { departure: "2027-01-10T12:00:00Z", next: "2027-01-11T10:00:00Z" };
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "OPS_SUPERVISOR");
    const business = await caseWithStay(database.db, { token, tenant, ...DAY, tier: "BUSINESS" });
    await confirm(database.db, tenant, business.caseUrn, business.reservationUrn);
    expect((await ridesOf(database.db, business.caseUrn)).map((r) => [r.direction, r.reason, r.status])).toEqual([
      ["AIRPORT_TO_HOTEL", "CAR_TIER", "ISSUED"],
      ["HOTEL_TO_AIRPORT", "CAR_TIER", "ISSUED"],
    ]);

    const served = await caseWithStay(database.db, { token, tenant, ...DAY });
    await confirm(database.db, tenant, served.caseUrn, served.reservationUrn);
    expect(await ridesOf(database.db, served.caseUrn)).toHaveLength(0);

    await fleet.admin("/__sandbox/fleet", { airport: "CDG", vehicles: { SHUTTLE: 0 } });
    try {
      const stranded = await caseWithStay(database.db, { token, tenant, ...DAY });
      await confirm(database.db, tenant, stranded.caseUrn, stranded.reservationUrn);
      expect((await ridesOf(database.db, stranded.caseUrn)).map((r) => [r.reason, r.status])).toEqual([
        ["FLEET_UNAVAILABLE", "ISSUED"],
        ["FLEET_UNAVAILABLE", "ISSUED"],
      ]);
    } finally {
      await fleet.admin("/__sandbox/reset");
    }
  }, 60_000);

  it("a group not owed transport gets no voucher, even at night", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "OPS_SUPERVISOR");
    // rebooked 25 minutes later the same (Paris) day: no overnight stay, so no transfer owed
    const c = await caseWithStay(database.db, { token, tenant, departure: "2027-01-10T22:30:00Z", next: "2027-01-10T22:55:00Z" });
    expect(c.transportOwed).toBe(false);
    await confirm(database.db, tenant, c.caseUrn, c.reservationUrn);
    expect(await ridesOf(database.db, c.caseUrn)).toHaveLength(0);
  }, 60_000);

  it("a reservation cancelled → its vouchers cancelled, at the provider too", async () => {
    const c = await nightCase();
    await confirm(database.db, c.tenant, c.caseUrn, c.reservationUrn);
    await database.db.update(reservations).set({ status: "CANCELLED" }).where(eq(reservations.urn, c.reservationUrn));
    await enqueue(database.db, "reservation/cancelled", { tenant: c.tenant, caseUrn: c.caseUrn, reservationUrn: c.reservationUrn, reason: "no longer needed" });
    await settle(database.db);
    const rides = await ridesOf(database.db, c.caseUrn);
    expect(rides.map((r) => [r.status, r.cancelReason])).toEqual([
      ["CANCELLED", "reservation cancelled: no longer needed"],
      ["CANCELLED", "reservation cancelled: no longer needed"],
    ]);
    for (const r of rides) expect(provider().vouchers().find((v) => v.id === r.providerRef)?.status).toBe("CANCELLED");
  }, 60_000);

  it("the usage callback: a good signature marks it USED with the amount, a bad one is 401 and changes nothing", async () => {
    const c = await nightCase();
    await confirm(database.db, c.tenant, c.caseUrn, c.reservationUrn);
    const [ride] = await ridesOf(database.db, c.caseUrn);
    const body = usageBody(ride, 42.5);

    const forged = await call(usage, "/ride-vouchers/usage", { rawBody: body, headers: { "content-type": "application/json", "x-ride-signature": hmacHex("not-the-secret", body) } });
    expect(forged.status).toBe(401);
    const unsigned = await call(usage, "/ride-vouchers/usage", { rawBody: body, headers: { "content-type": "application/json" } });
    expect(unsigned.status).toBe(401);
    expect((await ridesOf(database.db, c.caseUrn))[0].status).toBe("ISSUED");

    const good = await call(usage, "/ride-vouchers/usage", { rawBody: body, headers: { "content-type": "application/json", "x-ride-signature": hmacHex(sandboxRidesSecret(), body) } });
    expect(good.status).toBe(200);
    expect(good.json).toEqual({ urn: ride.urn, status: "USED", usedAmount: 42.5 });
    const again = await call(usage, "/ride-vouchers/usage", { rawBody: body, headers: { "x-ride-signature": hmacHex(sandboxRidesSecret(), body) } });
    expect(again.json).toEqual(good.json);
    const [after] = await ridesOf(database.db, c.caseUrn);
    expect(after).toMatchObject({ status: "USED", usedAmount: 42.5 });

    const badFields = JSON.stringify({ id: ride.providerRef, reference: ride.urn, amount: -1, currency: "EUR", usedAt: "x" });
    const invalid = await call(usage, "/ride-vouchers/usage", { rawBody: badFields, headers: { "x-ride-signature": hmacHex(sandboxRidesSecret(), badFields) } });
    expect(invalid.status).toBe(422);
  }, 60_000);

  it("no ride provider configured: the vouchers wait PENDING and say which setting is missing", async () => {
    const c = await nightCase();
    const url = process.env.RIDES_URL;
    delete process.env.RIDES_URL;
    try {
      await confirm(database.db, c.tenant, c.caseUrn, c.reservationUrn);
    } finally {
      process.env.RIDES_URL = url;
    }
    const rides = await ridesOf(database.db, c.caseUrn);
    expect(rides.map((r) => [r.status, r.lastError])).toEqual([
      ["PENDING", "no ride provider is configured (RIDES_URL)"],
      ["PENDING", "no ride provider is configured (RIDES_URL)"],
    ]);
  }, 60_000);

  it("a DRILL case's vouchers are issued at the drills' sandbox: the configured provider hears nothing", async () => {
    const c = await nightCase({ mode: "DRILL" });
    const before = provider().vouchers().length;
    await confirm(database.db, c.tenant, c.caseUrn, c.reservationUrn);
    const rides = await ridesOf(database.db, c.caseUrn);
    expect(rides.map((r) => r.status)).toEqual(["ISSUED", "ISSUED"]);
    expect(provider().vouchers().length).toBe(before);
  }, 60_000);
});

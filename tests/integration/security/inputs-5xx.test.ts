import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as cancelHandler } from "@/app/api/v1/booking/reservations/[reservationUrn]/cancel/route";
import { GET as mealVouchersHandler } from "@/app/api/v1/cases/[caseUrn]/meal-vouchers/route";
import { GET as arrivalsHandler } from "@/app/api/v1/hotels/[hotelUrn]/arrivals/route";
import { POST as redemptionHandler } from "@/app/api/v1/meal-vouchers/redemptions/route";
import { GET as choicesHandler } from "@/app/api/v1/passenger/[token]/choices/route";
import { POST as declineHandler } from "@/app/api/v1/passenger/[token]/decline/route";
import { GET as passengerHandler } from "@/app/api/v1/passenger/[token]/route";
import { GET as reportsHandler } from "@/app/api/v1/reports/route";
import { POST as rideUsageHandler } from "@/app/api/v1/ride-vouchers/usage/route";
import { POST as smsStatusHandler } from "@/app/api/v1/sms/status/route";
import { GET as voucherPageHandler } from "@/app/v/[token]/voucher/route";
import { directBookings, reservations } from "@/db/schema";
import { listArrivals } from "@/lib/extranet/arrivals";
import { DomainError } from "@/lib/errors";
import { hmacHex } from "@/lib/http/body-signature";
import { smsSignature } from "@/lib/sms/signature";
import { linkExpiry, signPassengerToken } from "@/lib/vouchers/link";
import { apiTestDatabase, call } from "../../helpers/api";
import { roleToken } from "../../helpers/cases";
import { ctxFor, principal, uniqueTenant } from "../../helpers/factories";
import { confirmedReservation, type ReservationFixture } from "../../helpers/reservations";
import { contractAt, hotelPath, hotelToken } from "../extranet/helpers";

/**
 * Issue 29, section 2: eleven inputs that answered a 500. Each must be a 4xx problem+json (or the
 * page's own answer) that changes nothing. The console's server actions and pages (items 2–4) are
 * in tests/integration/security/actions-5xx.test.ts.
 */
const database = apiTestDatabase({ airports: true });
const tenant = uniqueTenant();
let admin: string;
let fx: ReservationFixture;
/** two stays whose cancellation goes through (a DIRECT booking releases nothing at a provider): one declined by its passenger, one cancelled */
let declined: ReservationFixture;
let declinedToken: string;
let cancelled: ReservationFixture;

const ENV = ["MEALS_URL", "MEALS_SECRET", "SMS_URL", "SMS_KEY", "PUBLIC_URL"] as const;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  for (const k of ENV) saved[k] = process.env[k];
  admin = await roleToken(tenant, "ADMIN");
  fx = await confirmedReservation(database.db, { token: admin, tenant });
  declined = await confirmedReservation(database.db, { token: admin, tenant });
  cancelled = await confirmedReservation(database.db, { token: admin, tenant });
  for (const r of [declined, cancelled]) {
    const reference = `D-${r.reservationUrn.slice(-12)}`;
    await database.db.insert(directBookings).values({ reference, tenant, clientReference: r.reservationUrn, hotelUrn: r.hotelUrn, checkIn: "2026-11-21", checkOut: "2026-11-22", rooms: 2, nightlyRate: 119, currency: "EUR", status: "CONFIRMED", paymentMethod: "GUARANTEE" });
    await database.db.update(reservations).set({ provider: "DIRECT", providerRef: reference }).where(eq(reservations.urn, r.reservationUrn));
  }
  declinedToken = signPassengerToken(declined.reservationUrn, linkExpiry(new Date("2026-11-22T09:30:00Z")));
});
afterAll(() => {
  for (const k of ENV) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

/** Every row of every table, to show a refused request changed nothing. */
async function snapshot(): Promise<string> {
  const r = (await database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '__drizzle%' order by 1`,
  )) as { rows: { table_name: string }[] };
  const counts = await database.db.execute(sql.raw(`select ${r.rows.map((t) => `(select count(*)::int from "${t.table_name}") as "${t.table_name}"`).join(", ")}`));
  return JSON.stringify((counts as { rows: unknown[] }).rows[0]);
}

function expectProblem(res: { status: number; headers: Headers; text: string }, status: number | number[]) {
  expect([status].flat(), res.text).toContain(res.status);
  expect(res.headers.get("content-type")).toBe("application/problem+json");
}

describe("issue 29 §2: inputs that answered 5xx", () => {
  it("1. a ride usage callback whose reference holds a NUL, unsigned: 401, the reference never looked up", async () => {
    for (const reference of ["\u0000", "urn:svc:ride:\u0000", "x".repeat(10_000)]) {
      const res = await call(rideUsageHandler, "/ride-vouchers/usage", { rawBody: JSON.stringify({ reference }), headers: { "content-type": "application/json" } });
      expectProblem(res, 401);
    }
  });

  it("5. a passenger's decline with a lone surrogate in its reason: 422 REASON_REQUIRED, the stay kept", async () => {
    const before = await snapshot();
    for (const raw of ['{"reason":"\\ud800"}', '{"reason":"ok \\udfff"}', '{"reason":"nul \\u0000"}']) {
      const res = await call(declineHandler, `/passenger/${declinedToken}/decline`, { rawBody: raw, headers: { "content-type": "application/json" }, params: { token: declinedToken } });
      expectProblem(res, 422);
      expect(res.json.code).toBe("REASON_REQUIRED");
    }
    expect(await snapshot()).toBe(before);
  });

  it("6. a reservation's cancellation with a lone surrogate in its reason (or any field, or a key): 422, nothing written", async () => {
    const before = await snapshot();
    const { reservationUrn } = cancelled;
    const path = `/booking/reservations/${reservationUrn}/cancel`;
    for (const raw of ['{"reason":"\\ud800"}', '{"reason":"ok","x\\ud800":1}', '{"reason":"ok","extra":["\\udc00"]}']) {
      const res = await call(cancelHandler, path, { token: admin, rawBody: raw, headers: { "content-type": "application/json" }, params: { reservationUrn } });
      expectProblem(res, 422);
    }
    const reasonOnly = await call(cancelHandler, path, { token: admin, rawBody: '{"reason":"\\ud800"}', headers: { "content-type": "application/json" }, params: { reservationUrn } });
    expect(reasonOnly.json).toMatchObject({ code: "REASON_REQUIRED", errors: [{ path: "reason" }] });
    expect(await snapshot()).toBe(before);
  });

  it("7. a hotel's arrivals for a date out of any sane window: 422 on the API and a message on the extranet page's verb", async () => {
    await contractAt(database.db, tenant, fx.hotelUrn);
    const hotel = await hotelToken(tenant, fx.hotelUrn);
    for (const date of ["9999-12-31", "0001-01-01", "0000-01-01", "1970-01-01", "2026-02-30"]) {
      const res = await call(arrivalsHandler, hotelPath(fx.hotelUrn, "arrivals"), { token: hotel, params: { hotelUrn: fx.hotelUrn }, query: { date } });
      expectProblem(res, 422);
      expect(res.json.errors, date).toEqual([expect.objectContaining({ path: "date" })]);
    }
    // the extranet page calls the verb with ?date= as given and shows a DomainError's message
    const ctx = ctxFor(database.db, principal({ tenant, roles: ["HOTEL"], airports: ["CDG"], hotels: [fx.hotelUrn] } as never));
    const err = await listArrivals({ ctx, input: { hotelUrn: fx.hotelUrn, date: "9999-12-31" } }).catch((e) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err.status).toBe(422);
    expect((await call(arrivalsHandler, hotelPath(fx.hotelUrn, "arrivals"), { token: hotel, params: { hotelUrn: fx.hotelUrn }, query: { date: "2026-11-21" } })).status).toBe(200);
  });

  it("8. a list's cursor that decodes to keys of the wrong kind: 422 on reports (and every list)", async () => {
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
    for (const cursor of ["WyJ4Il0", b64([1]), b64([null]), b64([]), b64(["0000-01-01T00:00:00Z"]), b64(["-271821-04-20T00:00:00Z"]), b64([{}])]) {
      const res = await call(reportsHandler, "/reports", { token: admin, query: { cursor } });
      expectProblem(res, 422);
      expect(res.json.errors, cursor).toEqual([expect.objectContaining({ path: "cursor" })]);
    }
  });

  it("9. a query parameter holding a NUL: 422 naming it", async () => {
    const res = await call(mealVouchersHandler, `/cases/${fx.caseUrn}/meal-vouchers`, { token: admin, params: { caseUrn: fx.caseUrn }, query: { passengerId: "\u0000" } });
    expectProblem(res, 422);
    expect(res.json.errors).toEqual([expect.objectContaining({ path: "passengerId" })]);
  });

  it("10. signed gateway callbacks with a NUL in the URL or a field: 4xx, nothing written", async () => {
    Object.assign(process.env, { SMS_URL: "http://127.0.0.1:9/2010-04-01/Accounts/ACtest", SMS_KEY: "sms-key", PUBLIC_URL: "http://localhost", MEALS_URL: "http://127.0.0.1:9", MEALS_SECRET: "meal-secret" });
    const before = await snapshot();
    const sms = async (query: string, fields: Record<string, string>) => {
      const url = `http://localhost/api/v1/sms/status${query}`;
      const body = new URLSearchParams(fields).toString();
      const req = new Request(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": smsSignature("sms-key", url, fields) },
        body,
      });
      const res = await smsStatusHandler(req, { params: Promise.resolve({}) });
      return { status: res.status, headers: res.headers, text: await res.text() };
    };
    // the signature itself is right: an ordinary receipt for no known message is taken (200) and ignored
    expect((await sms("?message=urn:svc:sms:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d10", { MessageSid: "SM1", MessageStatus: "delivered" })).status).toBe(200);
    expectProblem(await sms("?message=%00", { MessageSid: "SM1", MessageStatus: "delivered" }), 422);
    expectProblem(await sms("", { MessageSid: "SM\u0000", MessageStatus: "delivered" }), 422);
    const redemption = JSON.stringify({ id: "x\u0000", amount: 1, redeemedAt: "2026-11-21T20:00:00Z" });
    const res = await call(redemptionHandler, "/meal-vouchers/redemptions", { rawBody: redemption, headers: { "content-type": "application/json", "x-meal-signature": hmacHex("meal-secret", redemption) } });
    expectProblem(res, 422);
    expect(await snapshot()).toBe(before);
  });

  it("11. a validly signed passenger token whose URN holds a NUL: 404 on the passenger API and the voucher page", async () => {
    const future = Math.floor(Date.now() / 1000) + 3600;
    for (const urn of ["urn:svc:reservation:\u0000", "\u0000", "x\ud800"]) {
      const forged = signPassengerToken(urn, future);
      expectProblem(await call(passengerHandler, `/passenger/${forged}`, { params: { token: forged } }), 404);
      expectProblem(await call(choicesHandler, `/passenger/${forged}/choices`, { params: { token: forged } }), 404);
      const page = await voucherPageHandler(new Request(`http://localhost/v/${forged}/voucher`), { params: Promise.resolve({ token: forged }) });
      expect(page.status, urn).toBe(404);
    }
  });
});

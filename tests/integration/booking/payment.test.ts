import { and, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { GET as getHandler } from "@/app/api/v1/booking/reservations/[reservationUrn]/route";
import { cases, passengers, reservations, reviewItems } from "@/db/schema";
import { closePool } from "@/lib/pool";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { sandboxPayments } from "@/tests/helpers/payments";
import { sandboxProviders } from "@/tests/helpers/providers";
import { approvedCase, bookingRunner, bookingTenant, reservationsOf } from "./helpers";

const database = apiTestDatabase({ airports: true });
const sandboxes = sandboxProviders();
const psp = sandboxPayments();
afterAll(() => closePool());
beforeEach(async () => {
  await sandboxes.reset();
  await psp.admin("/__sandbox/reset");
});

describe("payment by card (spec 4.8 payment)", () => {
  it("a policy that accepts CARD with a token: authorized at the PSP first, booked as CARD; the token is never shown", async () => {
    const { token } = await bookingTenant(database.db, { acceptedPayments: ["CARD"], cardToken: "tok_visa_airline_1" });
    const { caseUrn } = await approvedCase(token);
    await bookingRunner(database.db).tick();
    const rows = await reservationsOf(database.db, caseUrn);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r).toMatchObject({ status: "CONFIRMED", payment: { method: "CARD" } });
      expect(r.paymentAuthorization).toMatch(/^auth_/);
    }
    expect(psp.authorizations()).toHaveLength(rows.length);
    const res = await call(getHandler, `/booking/reservations/${rows[0].urn}`, { token, params: { reservationUrn: rows[0].urn } });
    expect(res.json.payment).toEqual({ method: "CARD" });
    expect(res.text).not.toContain("tok_visa_airline_1");
  });

  it("a refused token: PAYMENT_FAILED (MEDIUM) per group, reservation FAILED, no provider booking, passengers HELD, case MANUAL_REVIEW", async () => {
    const { token } = await bookingTenant(database.db, { acceptedPayments: ["CARD"], cardToken: "tok_refuse_airline_2" });
    const { caseUrn } = await approvedCase(token);
    await bookingRunner(database.db).tick();
    const rows = await database.db.select().from(reservations).where(eq(reservations.caseUrn, caseUrn));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.status === "FAILED" && r.providerRef === null)).toBe(true);
    const items = await database.db.select().from(reviewItems).where(and(eq(reviewItems.caseUrn, caseUrn), eq(reviewItems.category, "PAYMENT_FAILED")));
    expect(items).toHaveLength(rows.length);
    expect(items.every((i) => i.priority === "MEDIUM")).toBe(true);
    expect(JSON.stringify(items)).not.toContain("tok_refuse_airline_2");
    const pax = await database.db.select({ s: passengers.operationalStatus }).from(passengers).where(eq(passengers.caseUrn, caseUrn));
    expect(new Set(pax.map((p) => p.s))).toEqual(new Set(["HELD"]));
    expect((await database.db.select().from(cases).where(eq(cases.urn, caseUrn)))[0].status).toBe("MANUAL_REVIEW");
  });
});

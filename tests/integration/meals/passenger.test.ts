import { renderToStaticMarkup } from "react-dom/server";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as statusHandler } from "@/app/api/v1/passenger/[token]/route";
import { PassengerMealVouchers } from "@/components/passenger/meal-vouchers";
import { messages, reservations } from "@/db/schema";
import { assessCare } from "@/lib/care/assess";
import { queueMealVoucherMessages } from "@/lib/messages/meal-voucher";
import { linkExpiry, signPassengerToken } from "@/lib/vouchers/link";
import { call } from "@/tests/helpers/api";
import { casePayload, createCase, pax, roleToken } from "@/tests/helpers/cases";
import { uniqueTenant } from "@/tests/helpers/factories";
import { activePolicy } from "@/tests/helpers/policies";
import { confirmedReservation } from "@/tests/helpers/reservations";
import { mealsTestbed } from "./helpers";

const bed = mealsTestbed();

describe("meal vouchers for the passenger", () => {
  it("the passenger page's answer lists the party's codes whole, with amount and validity; their messages carry the page's link", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "OPS_SUPERVISOR");
    const group = { pnr: "MEALPX", passengers: [pax("MP-1", "ECONOMY", { firstName: "Amélie", lastName: "Dupont", phone: "+33612340000", language: "fr" } as never), pax("MP-2", "ECONOMY", { firstName: "Jean", lastName: "Dupont" })] };
    const fx = await confirmedReservation(bed.database.db, { token, tenant, group });
    const ctx = bed.ctxOf(tenant);
    await assessCare(ctx, fx.caseUrn, "CASE_CREATED");
    await bed.runPlan(ctx, fx.caseUrn);
    const rows = await bed.vouchersOf(fx.caseUrn);
    expect(rows.length).toBeGreaterThan(0);

    const [r] = await bed.database.db.select().from(reservations).where(eq(reservations.urn, fx.reservationUrn));
    const link = signPassengerToken(r.urn, linkExpiry(r.checkOut));
    const res = await call(statusHandler, `/passenger/${link}`, { params: { token: link } });
    expect(res.status).toBe(200);
    const first = rows.find((v) => v.passengerId === "MP-1" && v.seq === 1)!;
    expect(res.json.mealVouchers).toHaveLength(rows.length);
    expect(res.json.mealVouchers[0]).toEqual({ guest: "Amélie D.", seq: 1, status: "ISSUED", code: first.code, amount: 15, currency: "EUR", validFrom: first.owedFrom.toISOString(), validUntil: first.validUntil!.toISOString() });
    // what the group is owed rides in the same answer, so the page's poll refreshes it with the vouchers
    expect(res.json.care.map((l: { kind: string; basis: string }) => [l.kind, l.basis])).toEqual([
      ["MEAL", "EU261 Art. 5(1)(b), 9(1)(a)"],
      ["HOTEL", "EU261 Art. 5(1)(b), 9(1)(b),(c)"],
      ["COMMUNICATION", "EU261 Art. 5(1)(b), 9(2)"],
    ]);

    // the section, in French
    const html = renderToStaticMarkup(PassengerMealVouchers({ status: { ...res.json, locale: "fr" } }));
    expect(html).toContain("Bons repas");
    expect(html).toContain(first.code!);
    expect(html).toMatch(/15,00\s€/);

    await queueMealVoucherMessages(ctx, first.urn);
    const sms = await bed.database.db.select().from(messages).where(and(eq(messages.relatedUrn, first.urn), eq(messages.channel, "SMS")));
    expect(sms).toHaveLength(1);
    expect(sms[0].text.endsWith(`/v/${link}`)).toBe(true);
    expect(sms[0].passengerLink).toContain(link);
  });

  it("the amount is the matched policy's care.mealAmount in its currency, every care.mealEveryMinutes", async () => {
    const tenant = uniqueTenant();
    await activePolicy(bed.database.db, tenant, { name: "CDG care", tiers: ["ECONOMY"], context: { airport: "CDG" }, care: { mealAmount: 12.5, mealEveryMinutes: 240 } } as never);
    const token = await roleToken(tenant, "OPS_SUPERVISOR");
    const c = await createCase(token, casePayload({ passengerGroups: [{ pnr: "MEALPY", passengers: [pax("PY-1")] }] }));
    const ctx = bed.ctxOf(tenant);
    await assessCare(ctx, c.urn, "CASE_CREATED");
    await bed.runPlan(ctx, c.urn);
    const rows = await bed.vouchersOf(c.urn);
    // 18:05, 22:05, 02:05, 06:05 before the 09:30 flight
    expect(rows.map((v) => [v.seq, v.owedFrom.toISOString(), v.amount, v.currency])).toEqual([
      [1, "2026-11-21T18:05:00.000Z", 12.5, "EUR"],
      [2, "2026-11-21T22:05:00.000Z", 12.5, "EUR"],
      [3, "2026-11-22T02:05:00.000Z", 12.5, "EUR"],
      [4, "2026-11-22T06:05:00.000Z", 12.5, "EUR"],
    ]);
  });
});

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as generateH } from "@/app/api/v1/reports/route";
import { auditEntries, cases, messages, passengerGroups, passengers, reservations, vouchers } from "@/db/schema";
import { newUrn } from "@/lib/ids";
import { reportCsv } from "@/lib/reports";
import { apiTestDatabase, call } from "../../helpers/api";
import { pax, roleToken } from "../../helpers/cases";
import { uniqueTenant } from "../../helpers/factories";
import { confirmedReservation, type ReservationFixture } from "../../helpers/reservations";

const database = apiTestDatabase({ airports: true });
const tenant = uniqueTenant();
let fx: ReservationFixture;
const VOUCHER_AT = Date.parse("2026-11-17T12:00:00Z");
const after = (min: number) => new Date(VOUCHER_AT + min * 60_000);

/** Ten vouchered passengers; the comment says how each counts for email / SMS within 10 minutes. */
const group = {
  pnr: "WEEK01",
  passengers: [
    pax("A1", "ECONOMY", { email: "a1@example.com", phone: "+33600000001" }), // email at +5: within; phone without SMS: not
    pax("A2", "ECONOMY", { email: "a2@example.com" }), // email at +11: late
    pax("A3", "ECONOMY", { email: "a3@example.com" }), // only a CANCELLATION at +9: not a reach message
    pax("A4", "ECONOMY", { email: null, phone: "+33600000004" }), // SMS delivered at +3: within
    pax("A5", "ECONOMY", { email: null, phone: "+33600000005" }), // SMS sent at +1, delivered at +12: late (delivery counts)
    pax("A6", "ECONOMY", { email: "a6@example.com", phone: "+33 6 00 00 00 06" }), // SMS delivered at +10 exactly: within; no email
    pax("A7", "ECONOMY", { email: null, phone: null }), // nothing to reach
    pax("A8", "ECONOMY", { email: "a8@example.com" }), // email still QUEUED
    pax("A9", "ECONOMY", { email: null, phone: "0033 6 00 00 00 09" }), // SMS to +33600000009 delivered at +4: within (00 is +)
    pax("A10", "ECONOMY", { email: null, phone: "06 00 00 00 10" }), // no country code: never texted, not counted as SMS-reachable
  ],
};

async function message(channel: "EMAIL" | "SMS", recipient: string, at: { sentAt?: Date; deliveredAt?: Date }, status: "SENT" | "DELIVERED" | "QUEUED", kind: "VOUCHER" | "CANCELLATION" = "VOUCHER") {
  await database.db.insert(messages).values({ urn: newUrn("email"), tenant, channel, kind, recipient, caseUrn: fx.caseUrn, relatedUrn: fx.reservationUrn, text: "t", status, ...at });
}

async function addGroup(groupId: string, people: { id: string; status?: "LOCAL_RESIDENT" }[]) {
  await database.db.insert(passengerGroups).values({ caseUrn: fx.caseUrn, groupId, tenant, pnr: groupId, tier: "ECONOMY", rooms: 1, position: 5 });
  await database.db.insert(passengers).values(
    people.map((p, i) => ({ caseUrn: fx.caseUrn, passengerId: p.id, tenant, groupId, firstName: p.id, lastName: "X", tier: "ECONOMY" as const, position: i, operationalStatus: p.status ?? ("AWAITING_ALLOCATION" as const) })),
  );
}

beforeAll(async () => {
  const admin = await roleToken(tenant, "ADMIN");
  fx = await confirmedReservation(database.db, { token: admin, tenant, group });
  await database.db.update(cases).set({ createdAt: new Date("2026-11-17T10:00:00Z") }).where(eq(cases.urn, fx.caseUrn));
  await database.db.insert(vouchers).values({ urn: newUrn("voucher"), tenant, reservationUrn: fx.reservationUrn, confirmationCode: "HB-1", html: "", text: "", createdAt: new Date(VOUCHER_AT) });
  await message("EMAIL", "a1@example.com", { sentAt: after(5) }, "SENT");
  await message("EMAIL", "a2@example.com", { sentAt: after(11) }, "SENT");
  await message("EMAIL", "a3@example.com", { sentAt: after(9) }, "SENT", "CANCELLATION");
  await message("SMS", "+33600000004", { sentAt: after(1), deliveredAt: after(3) }, "DELIVERED");
  await message("SMS", "+33600000005", { sentAt: after(1), deliveredAt: after(12) }, "DELIVERED");
  await message("SMS", "+33600000006", { sentAt: after(2), deliveredAt: after(10) }, "DELIVERED");
  await message("EMAIL", "a8@example.com", {}, "QUEUED");
  await message("SMS", "+33600000009", { sentAt: after(1), deliveredAt: after(4) }, "DELIVERED");

  // two passengers who chose another hotel on their page
  await addGroup("CHOSE", [{ id: "C1" }, { id: "C2" }]);
  await database.db.insert(reservations).values({
    urn: newUrn("reservation"), tenant, caseUrn: fx.caseUrn, waveUrn: fx.waveUrn, groupId: "CHOSE", hotelUrn: fx.hotelUrn, provider: "DIRECT", status: "CONFIRMED", rooms: 1,
    checkIn: new Date("2026-11-17T18:00:00Z"), checkOut: new Date("2026-11-18T09:00:00Z"), total: { amount: 90, currency: "EUR" }, payment: { method: "GUARANTEE" }, requestedBy: "PASSENGER",
  });
  // one passenger who declined on their page (their stay cancelled, audited on it), one local resident who declined nothing
  await addGroup("HOME", [{ id: "D1", status: "LOCAL_RESIDENT" }]);
  await addGroup("LOCAL", [{ id: "D2", status: "LOCAL_RESIDENT" }]);
  const declined = newUrn("reservation");
  await database.db.insert(reservations).values({
    urn: declined, tenant, caseUrn: fx.caseUrn, waveUrn: fx.waveUrn, groupId: "HOME", hotelUrn: fx.hotelUrn, provider: "DIRECT", status: "CANCELLED", rooms: 1,
    checkIn: new Date("2026-11-17T18:00:00Z"), checkOut: new Date("2026-11-18T09:00:00Z"), total: { amount: 90, currency: "EUR" }, payment: { method: "GUARANTEE" },
  });
  await database.db.insert(auditEntries).values({
    urn: newUrn("audit"), tenant, entity: "reservation", entityUrn: declined, action: "passenger.decline", actor: `passenger-link:${declined}`, actorRoles: [], airport: "CDG",
    changes: [{ field: "status", before: "CONFIRMED", after: "CANCELLED" }],
  });
});

describe("weekly report: passengers reached and their choices", () => {
  it("gives the share reached within 10 minutes of the voucher per channel, and the shares who chose another hotel or declined", async () => {
    const res = await call(generateH, "/reports", { token: await roleToken(tenant, "OPS_SUPERVISOR"), body: { weekOf: "2026-11-18" } });
    expect(res.status).toBe(201);
    const [all, cdg] = res.json.airports;
    const expected = {
      passengers: 14,
      passengersWithVoucher: 10,
      // email: A1 of A1, A2, A3, A6, A8
      emailReachedWithin10MinShare: 0.2,
      // SMS: A4, A6 and A9 of A1, A4, A5, A6, A9 (A10's number cannot be texted)
      smsReachedWithin10MinShare: 0.6,
      // C1, C2 of 14; D1 of 14
      choseOtherHotelShare: 0.143,
      declinedShare: 0.071,
    };
    expect(all).toMatchObject({ airport: "ALL", ...expected });
    expect(cdg).toMatchObject({ airport: "CDG", ...expected });
    const csv = reportCsv(res.json).split("\r\n");
    expect(csv[0]).toContain(",passengersWithVoucher,emailReachedWithin10MinShare,smsReachedWithin10MinShare,choseOtherHotelShare,declinedShare");
    expect(csv[1]).toContain(",10,0.2,0.6,0.143,0.071");
  });

  it("counts nothing of a voucher made in another week", async () => {
    const res = await call(generateH, "/reports", { token: await roleToken(tenant, "OPS_SUPERVISOR"), body: { weekOf: "2026-11-25" } });
    expect(res.json.airports[0]).toMatchObject({ passengersWithVoucher: 0, emailReachedWithin10MinShare: null, smsReachedWithin10MinShare: null, choseOtherHotelShare: null });
  });
});

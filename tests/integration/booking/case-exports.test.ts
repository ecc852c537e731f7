import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { reservations, vouchers } from "@/db/schema";
import { systemPrincipal } from "@/lib/auth/principal";
import { bookingsCsv } from "@/lib/booking/bookings-csv";
import { caseBookings } from "@/lib/booking/case-bookings";
import { transaction, type Ctx } from "@/lib/context";
import { erasePassenger } from "@/lib/privacy/erase-passenger";
import { caseVouchers } from "@/lib/vouchers/case-vouchers";
import { createVoucher } from "@/lib/vouchers/create";
import { issueVoucher } from "@/lib/vouchers/issue";
import { apiTestDatabase } from "../../helpers/api";
import { pax, roleToken } from "../../helpers/cases";
import { ctxFor, principal, uniqueTenant } from "../../helpers/factories";
import { confirmedReservation, type ReservationFixture } from "../../helpers/reservations";

const database = apiTestDatabase({ airports: true });
const tenant = uniqueTenant();
let fx: ReservationFixture;

beforeAll(async () => {
  const admin = await roleToken(tenant, "ADMIN");
  fx = await confirmedReservation(database.db, {
    token: admin,
    tenant,
    group: {
      pnr: "CSV001",
      passengers: [pax("CS-1", "ECONOMY", { firstName: "Amélie", lastName: "=Dupont" }), pax("CS-2", "ECONOMY", { firstName: "Jean", lastName: "Dupont" })],
    },
  });
  const sys: Ctx = { db: database.db, principal: systemPrincipal(tenant, "test") };
  await transaction(sys, (tx) => createVoucher(tx, fx.reservationUrn));
});

describe("a case's bookings export and its vouchers printed at once", () => {
  it("lists each guest with hotel, rooms, local dates, status and confirmation number; formula-safe", async () => {
    const supervisor = ctxFor(database.db, principal({ tenant, roles: ["OPS_SUPERVISOR"], airports: ["CDG"] }));
    const b = await caseBookings({ ctx: supervisor, input: { caseUrn: fx.caseUrn } });
    expect(b.lines).toEqual([
      expect.objectContaining({ passengerId: "CS-1", passengerName: "=DUPONT Amélie", pnr: "CSV001", hotel: "Hôtel du Terminal", rooms: 2, checkIn: "2026-11-21", checkOut: "2026-11-22", status: "CONFIRMED", confirmationCode: "HB-778812" }),
      expect.objectContaining({ passengerId: "CS-2", passengerName: "DUPONT Jean" }),
    ]);
    // 09:30Z on the 22nd is 10:30 in Paris: the local calendar, as on the voucher
    const csv = bookingsCsv(b);
    expect(csv).toContain("'=DUPONT Amélie,CS-1,");
    expect(csv).not.toMatch(/(^|,)=/m);
  });

  it("reads with the case's scope and masks what erasure removed", async () => {
    const ory = ctxFor(database.db, principal({ tenant, roles: ["AIRPORT_OPERATOR"], airports: ["ORY"] }));
    await expect(caseBookings({ ctx: ory, input: { caseUrn: fx.caseUrn } })).rejects.toMatchObject({ status: 403 });
    await expect(caseVouchers({ ctx: ory, input: { caseUrn: fx.caseUrn } })).rejects.toMatchObject({ status: 403 });
    const stranger = ctxFor(database.db, principal({ tenant: uniqueTenant(), roles: ["ADMIN"], airports: ["*"] }));
    await expect(caseBookings({ ctx: stranger, input: { caseUrn: fx.caseUrn } })).rejects.toMatchObject({ status: 404 });

    const admin = ctxFor(database.db, principal({ tenant, roles: ["ADMIN"], airports: ["*"] }));
    await erasePassenger({ ctx: admin, input: { caseUrn: fx.caseUrn, passengerId: "CS-2", reason: "request #7" } });
    const b = await caseBookings({ ctx: admin, input: { caseUrn: fx.caseUrn } });
    expect(b.lines.find((l) => l.passengerId === "CS-2")?.passengerName).toBe("(personal data erased)");
  });

  it("gathers the stored vouchers of the confirmed and checked-out reservations only", async () => {
    const admin = ctxFor(database.db, principal({ tenant, roles: ["ADMIN"], airports: ["*"] }));
    const found = await caseVouchers({ ctx: admin, input: { caseUrn: fx.caseUrn } });
    expect(found.vouchers.map((v) => v.reservationUrn)).toEqual([fx.reservationUrn]);
    expect(found.vouchers[0].html).toContain("HB-778812");
    await database.db.update(reservations).set({ status: "CHECKED_OUT" }).where(eq(reservations.urn, fx.reservationUrn));
    expect((await caseVouchers({ ctx: admin, input: { caseUrn: fx.caseUrn } })).vouchers).toHaveLength(1);
    await database.db.update(reservations).set({ status: "CANCELLED" }).where(eq(reservations.urn, fx.reservationUrn));
    expect((await caseVouchers({ ctx: admin, input: { caseUrn: fx.caseUrn } })).vouchers).toEqual([]);
  });

  it("prints a CONFIRMED reservation whose voucher job has not run as that job then stores it; a CHECKED_OUT one without a voucher is left out", async () => {
    const bare = await confirmedReservation(database.db, { token: await roleToken(tenant, "ADMIN"), tenant, group: { pnr: "CSV002", passengers: [pax("CS-9", "ECONOMY", { firstName: "Zoé", lastName: "Martin" })] } });
    const admin = ctxFor(database.db, principal({ tenant, roles: ["ADMIN"], airports: ["*"] }));
    const found = await caseVouchers({ ctx: admin, input: { caseUrn: bare.caseUrn } });
    expect(found.vouchers.map((v) => v.reservationUrn)).toEqual([bare.reservationUrn]);
    const sys: Ctx = { db: database.db, principal: systemPrincipal(tenant, "test") };
    await issueVoucher(sys, bare.reservationUrn);
    const [stored] = await database.db.select().from(vouchers).where(eq(vouchers.reservationUrn, bare.reservationUrn));
    expect(found.vouchers[0].html).toBe(stored.html);
    await database.db.delete(vouchers).where(eq(vouchers.reservationUrn, bare.reservationUrn));
    await database.db.update(reservations).set({ status: "CHECKED_OUT" }).where(eq(reservations.urn, bare.reservationUrn));
    expect((await caseVouchers({ ctx: admin, input: { caseUrn: bare.caseUrn } })).vouchers).toEqual([]);
  });
});

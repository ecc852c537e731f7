import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/v/[token]/voucher/route";
import { reservations, vouchers } from "@/db/schema";
import { systemPrincipal } from "@/lib/auth/principal";
import { transaction } from "@/lib/context";
import { createVoucher } from "@/lib/vouchers/create";
import { issueVoucher } from "@/lib/vouchers/issue";
import { linkExpiry, signPassengerToken } from "@/lib/vouchers/link";
import { apiTestDatabase } from "../../helpers/api";
import { roleToken } from "../../helpers/cases";
import { uniqueTenant } from "../../helpers/factories";
import { confirmedReservation, type ReservationFixture } from "../../helpers/reservations";

const database = apiTestDatabase({ airports: true });
const tenant = uniqueTenant();
let fx: ReservationFixture;
let other: ReservationFixture;
let admin: string;

const open = async (token: string) => {
  const res = await GET(new Request(`http://localhost/v/${token}/voucher`), { params: Promise.resolve({ token }) });
  return { status: res.status, type: res.headers.get("content-type"), body: await res.text() };
};
const voucher = (urn: string) => transaction({ db: database.db, principal: systemPrincipal(tenant, "test") }, (tx) => createVoucher(tx, urn));

beforeAll(async () => {
  admin = await roleToken(tenant, "ADMIN");
  fx = await confirmedReservation(database.db, { token: admin, tenant });
  other = await confirmedReservation(database.db, {
    token: admin,
    tenant,
    group: { pnr: "OTHER1", passengers: [{ id: "O-1", firstName: "Zoé", lastName: "Autre", tier: "ECONOMY", email: "zoe@example.com" }] },
  });
  await voucher(fx.reservationUrn);
  await voucher(other.reservationUrn);
});

describe("GET /v/{token}: the passenger's voucher without signing in", () => {
  it("a valid link shows that reservation's voucher, readable on a phone, and no other", async () => {
    const [reservation] = await database.db.select().from(reservations).where(eq(reservations.urn, fx.reservationUrn));
    const page = await open(signPassengerToken(fx.reservationUrn, linkExpiry(reservation.checkOut)));
    expect(page.status).toBe(200);
    expect(page.type).toBe("text/html; charset=utf-8");
    expect(page.body).toContain("HB-778812");
    expect(page.body).toContain("Amélie Dupont");
    expect(page.body).toContain('name="viewport"');
    expect(page.body).not.toContain("Zoé");
    expect(page.body).not.toContain(fx.caseUrn);
  });

  it("a tampered link is a 404 that reveals nothing", async () => {
    const future = Math.floor(Date.now() / 1000) + 3600;
    const [payload, exp, sig] = signPassengerToken(fx.reservationUrn, future).split(".");
    const swapped = `${Buffer.from(other.reservationUrn).toString("base64url")}.${exp}.${sig}`;
    for (const token of [swapped, `${payload}.${future + 1}.${sig}`, "garbage", `${payload}.${exp}.${"A".repeat(43)}`]) {
      const page = await open(token);
      expect(page.status, token).toBe(404);
      expect(page.body).not.toContain("HB-778812");
      expect(page.body).not.toContain("Dupont");
    }
  });

  it("an expired link is refused with 410", async () => {
    const page = await open(signPassengerToken(fx.reservationUrn, Math.floor(Date.now() / 1000) - 1));
    expect(page.status).toBe(410);
    expect(page.body).toContain("expired");
    expect(page.body).not.toContain("HB-778812");
  });

  it("a cancelled reservation's link says so instead of showing a void voucher", async () => {
    await database.db.update(reservations).set({ status: "CANCELLED", cancellationReason: "test" }).where(eq(reservations.urn, other.reservationUrn));
    const page = await open(signPassengerToken(other.reservationUrn, Math.floor(Date.now() / 1000) + 3600));
    expect(page.status).toBe(410);
    expect(page.body).toContain("cancelled");
    expect(page.body).not.toContain("Zoé");
  });

  it("a CONFIRMED stay whose voucher job has not run shows the voucher that job then stores, byte for byte, and stores nothing", async () => {
    const bare = await confirmedReservation(database.db, { token: admin, tenant });
    const page = await open(signPassengerToken(bare.reservationUrn, Math.floor(Date.now() / 1000) + 3600));
    expect(page.status).toBe(200);
    expect(page.body).toContain("HB-778812");
    expect(await database.db.select().from(vouchers).where(eq(vouchers.reservationUrn, bare.reservationUrn))).toHaveLength(0);
    await issueVoucher({ db: database.db, principal: systemPrincipal(tenant, "test") }, bare.reservationUrn);
    const [stored] = await database.db.select().from(vouchers).where(eq(vouchers.reservationUrn, bare.reservationUrn));
    expect(page.body).toBe(stored.html);
  });

  it("a stay neither CONFIRMED nor vouchered is still not found", async () => {
    const pending = await confirmedReservation(database.db, { token: admin, tenant });
    await database.db.update(reservations).set({ status: "PENDING" }).where(eq(reservations.urn, pending.reservationUrn));
    const page = await open(signPassengerToken(pending.reservationUrn, Math.floor(Date.now() / 1000) + 3600));
    expect(page.status).toBe(404);
    expect(page.body).not.toContain("HB-778812");
  });
});

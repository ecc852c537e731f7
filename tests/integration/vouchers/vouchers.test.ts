import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as htmlHandler } from "@/app/api/v1/booking/reservations/[reservationUrn]/voucher/html/route";
import { GET as textHandler } from "@/app/api/v1/booking/reservations/[reservationUrn]/voucher/text/route";
import { reservations, transportSegments, vouchers } from "@/db/schema";
import { systemPrincipal } from "@/lib/auth/principal";
import { transaction, type Ctx } from "@/lib/context";
import { newUrn } from "@/lib/ids";
import { createVoucher } from "@/lib/vouchers/create";
import { issueVoucher } from "@/lib/vouchers/issue";
import { voucherProps } from "@/lib/vouchers/model";
import { renderVoucher } from "@/lib/vouchers/render";
import { apiTestDatabase, call } from "../../helpers/api";
import { roleToken } from "../../helpers/cases";
import { uniqueTenant } from "../../helpers/factories";
import { confirmedReservation, type ReservationFixture } from "../../helpers/reservations";

const database = apiTestDatabase({ airports: true });
const tenant = uniqueTenant();
let admin: string;
let fx: ReservationFixture;

const sys = (): Ctx => ({ db: database.db, principal: systemPrincipal(tenant, "test") });
const voucherFor = (urn: string) => transaction(sys(), (tx) => createVoucher(tx, urn));
const path_ = (urn: string, f: "html" | "text") => `/booking/reservations/${urn}/voucher/${f}`;

beforeAll(async () => {
  admin = await roleToken(tenant, "ADMIN");
  fx = await confirmedReservation(database.db, { token: admin, tenant });
});

describe("createVoucher", () => {
  it("stores one voucher per reservation; a second call answers the same row", async () => {
    const first = await voucherFor(fx.reservationUrn);
    const again = await voucherFor(fx.reservationUrn);
    expect(again.urn).toBe(first.urn);
    expect(again.html).toBe(first.html);
    const rows = await database.db.select().from(vouchers).where(eq(vouchers.reservationUrn, fx.reservationUrn));
    expect(rows).toHaveLength(1);
    expect(first.confirmationCode).toBe("HB-778812");
  });

  it("refuses a reservation that is not CONFIRMED", async () => {
    const other = await confirmedReservation(database.db, { token: admin, tenant });
    await database.db.update(reservations).set({ status: "CANCELLED" }).where(eq(reservations.urn, other.reservationUrn));
    await expect(voucherFor(other.reservationUrn)).rejects.toMatchObject({ status: 409 });
  });

  it("carries every item of spec 2.6, in both renditions", async () => {
    const v = await voucherFor(fx.reservationUrn);
    for (const body of [v.text, v.html]) {
      expect(body).toContain("HB-778812"); // confirmation code
      expect(body).toContain("Hôtel du Terminal");
      expect(body).toContain("3 Rue de la Haye, 95700 Roissy-en-France");
      expect(body).toContain("+33 1 49 19 70 70");
      // 18:05Z is 19:05 in Paris; 2 h early check-in → from 17:05; 09:30Z is 10:30, +90 min late check-out → by 12:00
      expect(body).toContain("Sat 21 Nov 2026 (2026-11-21) from 17:05");
      expect(body).toContain("Sun 22 Nov 2026 (2026-11-22) by 12:00");
      expect(body).toContain("Europe/Paris");
      expect(body).toContain("Includes early check-in of 2 h");
      expect(body).toContain("Includes late check-out of 90 min");
      expect(body).toContain("1 night, 2 rooms");
      for (const name of ["Amélie Dupont", "Jean Dupont", "Lou Dupont"]) expect(body).toContain(name);
      expect(body).toContain("EUR 238.00");
      expect(body).toContain("Corporate guarantee");
      expect(body).toContain("wheelchair user");
      expect(body).toContain("Connecting rooms");
      expect(body).toContain("Early check-in: the party arrives");
      expect(body).toContain("No ride is included with this stay");
    }
    // names in manifest order
    expect(v.text.indexOf("Amélie Dupont")).toBeLessThan(v.text.indexOf("Jean Dupont"));
    expect(v.text.indexOf("Jean Dupont")).toBeLessThan(v.text.indexOf("Lou Dupont"));
  });

  it("shows nothing sensitive: no passenger id, document, email or card data", async () => {
    const card = await confirmedReservation(database.db, {
      token: admin,
      tenant,
      payment: { method: "CARD", cardToken: "tok_visa_4242secret" },
      paymentAuthorization: "auth_0195abc",
      group: {
        pnr: "CARD01",
        passengers: [{ id: "DOC-X99887766", firstName: "Ana", lastName: "Lima", tier: "ECONOMY", email: "ana@example.com", phone: "+351911111111" }],
      },
    });
    const v = await voucherFor(card.reservationUrn);
    for (const body of [v.html, v.text]) {
      expect(body).toContain("auth_0195abc"); // the card reference is the PSP authorization
      expect(body).not.toContain("tok_visa_4242secret");
      expect(body).not.toContain("DOC-X99887766");
      expect(body).not.toContain("ana@example.com");
      expect(body).not.toContain("+351911111111");
      expect(body).not.toMatch(/\d{13,}/);
      expect(body).not.toContain("Corporate guarantee");
    }
    for (const id of ["VP-1", "VP-2", "VP-3"]) expect((await voucherFor(fx.reservationUrn)).text).not.toContain(id);
  });

  it("marks a DRILL case's voucher as a draft", async () => {
    const drill = await confirmedReservation(database.db, { token: admin, tenant, mode: "DRILL" });
    expect((await voucherFor(drill.reservationUrn)).text).toContain("DRAFT");
    expect((await voucherFor(fx.reservationUrn)).text).not.toContain("DRAFT");
  });

  it("shows the pickup once a transport segment exists", async () => {
    const withCar = await confirmedReservation(database.db, { token: admin, tenant });
    await database.db.insert(transportSegments).values({
      urn: newUrn("segment"),
      tenant,
      caseUrn: withCar.caseUrn,
      reservationUrns: [withCar.reservationUrn],
      direction: "AIRPORT_TO_HOTEL",
      scheduledAt: new Date("2026-11-21T19:00:00Z"),
      vehicleType: "WHEELCHAIR_VAN",
      status: "ASSIGNED",
      vehicle: { plate: "GH-123-JK", driver: "Marc", dispatcherPhone: "+33 1 00 00 00 00", pickupLocation: "Terminal 2E, door 10" },
    });
    const v = await voucherFor(withCar.reservationUrn);
    expect(v.text).toContain("Pickup at Terminal 2E, door 10");
    expect(v.text).toContain("(2026-11-21) at 20:00");
    expect(v.text).toContain("GH-123-JK");
    expect(v.text).toContain("+33 1 00 00 00 00");
  });
});

describe("deterministic rendering", () => {
  it("renders byte-identical HTML and text for the same reservation, again and again", async () => {
    const stored = await voucherFor(fx.reservationUrn);
    const [reservation] = await database.db.select().from(reservations).where(eq(reservations.urn, fx.reservationUrn));
    for (let i = 0; i < 3; i++) {
      const again = await renderVoucher({ ...(await voucherProps(sys(), reservation)), passengerLink: null });
      expect(again.html).toBe(stored.html);
      expect(again.text).toBe(stored.text);
    }
  });

  it("renders the same bytes in another process", async () => {
    const stored = await voucherFor(fx.reservationUrn);
    const [reservation] = await database.db.select().from(reservations).where(eq(reservations.urn, fx.reservationUrn));
    const props = { ...(await voucherProps(sys(), reservation)), passengerLink: null };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "voucher-"));
    const propsFile = path.join(dir, "props.json");
    fs.writeFileSync(propsFile, JSON.stringify(props));
    const script = path.join(dir, "render.ts");
    fs.writeFileSync(
      script,
      `import fs from "node:fs";\nimport { renderVoucher } from "${path.resolve("lib/vouchers/render.ts")}";\n` +
        `renderVoucher(JSON.parse(fs.readFileSync(process.argv[2], "utf8"))).then((r) => process.stdout.write(JSON.stringify(r)));\n`,
    );
    const { stdout } = await promisify(execFile)(path.resolve("node_modules/.bin/tsx"), ["--tsconfig", path.resolve("tsconfig.json"), script, propsFile], {
      cwd: process.cwd(),
      env: { ...process.env, TZ: "Pacific/Auckland", LANG: "de_DE.UTF-8" },
      maxBuffer: 10_000_000,
    });
    const child = JSON.parse(stdout) as { html: string; text: string };
    expect(child.html).toBe(stored.html);
    expect(child.text).toBe(stored.text);
  }, 60_000);
});

describe("GET /booking/reservations/{urn}/voucher/{html,text}", () => {
  it("answers the stored renditions with their content types", async () => {
    const stored = await voucherFor(fx.reservationUrn);
    const html = await call(htmlHandler, path_(fx.reservationUrn, "html"), { token: admin, params: { reservationUrn: fx.reservationUrn } });
    expect(html.status).toBe(200);
    expect(html.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(html.text).toBe(stored.html);
    const text = await call(textHandler, path_(fx.reservationUrn, "text"), { token: admin, params: { reservationUrn: encodeURIComponent(fx.reservationUrn) } });
    expect(text.status).toBe(200);
    expect(text.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(text.text).toBe(stored.text);
  });

  it("lets every reading role in scope read it", async () => {
    await voucherFor(fx.reservationUrn);
    for (const role of ["AIRPORT_OPERATOR", "OPS_SUPERVISOR", "ADMIN"] as const) {
      const token = await roleToken(tenant, role, ["CDG"]);
      const res = await call(textHandler, path_(fx.reservationUrn, "text"), { token, params: { reservationUrn: fx.reservationUrn } });
      expect(res.status, role).toBe(200);
    }
  });

  it("401 without a token, 404 in another tenant, 403 outside the airports, 403 for a FEED client", async () => {
    await voucherFor(fx.reservationUrn);
    const params = { reservationUrn: fx.reservationUrn };
    expect((await call(htmlHandler, path_(fx.reservationUrn, "html"), { params })).status).toBe(401);
    const other = await roleToken(uniqueTenant(), "ADMIN");
    const foreign = await call(htmlHandler, path_(fx.reservationUrn, "html"), { token: other, params });
    expect(foreign.status).toBe(404);
    expect(foreign.headers.get("content-type")).toContain("application/problem+json");
    const outside = await call(textHandler, path_(fx.reservationUrn, "text"), { token: await roleToken(tenant, "AIRPORT_OPERATOR", ["JFK"]), params });
    expect(outside.status).toBe(403);
    expect(outside.json.code).toBe("OUT_OF_SCOPE");
    const feed = await call(textHandler, path_(fx.reservationUrn, "text"), { token: await roleToken(tenant, "FEED"), params });
    // vouchers are read with "read", which FEED clients (case intake) do not have
    expect(feed.status).toBe(403);
    expect(feed.json.code).toBe("FORBIDDEN");
  });

  it("404 for an unknown or malformed reservation, and for a reservation neither CONFIRMED nor vouchered", async () => {
    const unknown = newUrn("reservation");
    expect((await call(htmlHandler, path_(unknown, "html"), { token: admin, params: { reservationUrn: unknown } })).status).toBe(404);
    expect((await call(htmlHandler, "/booking/reservations/nope/voucher/html", { token: admin, params: { reservationUrn: "nope" } })).status).toBe(404);
    for (const status of ["PENDING", "CANCELLED", "FAILED"] as const) {
      const bare = await confirmedReservation(database.db, { token: admin, tenant });
      await database.db.update(reservations).set({ status }).where(eq(reservations.urn, bare.reservationUrn));
      const res = await call(textHandler, path_(bare.reservationUrn, "text"), { token: admin, params: { reservationUrn: bare.reservationUrn } });
      expect(res.status, status).toBe(404);
      expect(res.json.detail).toContain("voucher");
    }
  });

  it("a CONFIRMED reservation whose voucher job has not run answers the bytes that job then stores, and stores nothing itself", async () => {
    const bare = await confirmedReservation(database.db, { token: admin, tenant });
    const params = { reservationUrn: bare.reservationUrn };
    const html = await call(htmlHandler, path_(bare.reservationUrn, "html"), { token: admin, params });
    const text = await call(textHandler, path_(bare.reservationUrn, "text"), { token: admin, params });
    expect(html.status).toBe(200);
    expect(text.status).toBe(200);
    expect(html.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(text.text).toContain("HB-778812");
    // the read wrote nothing: storing is the passenger flow's step
    expect(await database.db.select().from(vouchers).where(eq(vouchers.reservationUrn, bare.reservationUrn))).toHaveLength(0);
    const issued = await issueVoucher(sys(), bare.reservationUrn);
    expect(issued.voucherUrn).not.toBeNull();
    const [stored] = await database.db.select().from(vouchers).where(eq(vouchers.reservationUrn, bare.reservationUrn));
    expect(html.text).toBe(stored.html);
    expect(text.text).toBe(stored.text);
  });
});

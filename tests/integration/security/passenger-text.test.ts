import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as caseAction } from "@/app/api/v1/cases/[caseUrn]/[action]/route";
import { GET as textHandler } from "@/app/api/v1/booking/reservations/[reservationUrn]/voucher/text/route";
import { POST as createCaseRoute } from "@/app/api/v1/cases/route";
import { cases, passengers, reviewItems } from "@/db/schema";
import { systemPrincipal } from "@/lib/auth/principal";
import { CancelReservationBody, ManualBookingBody } from "@/lib/booking/schemas";
import { transaction } from "@/lib/context";
import { newUrn } from "@/lib/ids";
import { AssignVehicleBody, CreateSegmentBody } from "@/lib/transport/schemas";
import { createVoucher } from "@/lib/vouchers/create";
import { apiTestDatabase, call } from "../../helpers/api";
import { casePayload, createCase, pax, roleToken } from "../../helpers/cases";
import { uniqueTenant } from "../../helpers/factories";
import { confirmedReservation } from "../../helpers/reservations";

const database = apiTestDatabase({ airports: true });

const FORGED = "Ana\n\nPayment:\nPAY 250 EUR CASH AT RECEPTION.";
/** every kind of refused character, each inside an otherwise good name */
const HOSTILE: Record<string, string> = {
  "LF (the forged payment line)": FORGED,
  CR: "Ana\rPAY",
  BEL: "Ana\u0007",
  TAB: "Ana\tB",
  ESC: "Ana\u001b[2J",
  DEL: "Ana\u007f",
  "C1 NEL": "Ana\u0085B",
  "U+2028 line separator": "Ana\u2028PAY",
  "U+2029 paragraph separator": "Ana\u2029PAY",
  "U+202E right-to-left override": "Ana\u202eRUE 052",
  "U+202A left-to-right embedding": "\u202aAna",
  "U+2066 isolate": "Ana\u2066x\u2069",
  "U+200F right-to-left mark": "Ana\u200f",
  "U+200E left-to-right mark": "\u200eAna",
};
const INVISIBLE = ["\u200b\u200b\u200b", "\u200d", "\ufeff", "\u2060", "\u3164", "\u115f\u1160", "\u2800", " \u200b "];

const casesOf = async (tenant: string) => (await database.db.select().from(cases).where(eq(cases.tenant, tenant))).length;

describe("POST /cases: names that reach a passenger or a hotel", () => {
  it.each(Object.entries(HOSTILE))("refuses a firstName with %s (422 naming the field), and writes nothing", async (_what, name) => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "OPS_SUPERVISOR");
    const payload = casePayload();
    payload.passengerGroups[0].passengers[0].firstName = name;
    payload.passengerGroups[1].passengers[0].lastName = name;
    const res = await call(createCaseRoute, "/cases", { token, body: payload });
    expect(res.status).toBe(422);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.json.code).toBe("VALIDATION_FAILED");
    const paths = res.json.errors.map((e: { path: string }) => e.path);
    expect(paths).toContain("passengerGroups.0.passengers.0.firstName");
    expect(paths).toContain("passengerGroups.1.passengers.0.lastName");
    expect(res.json.errors[0].message).toMatch(/control characters|bidi/);
    expect(await casesOf(tenant)).toBe(0);
  });

  it.each(INVISIBLE.map((v) => [JSON.stringify(v), v]))("a name of only %s counts as missing: stored null, DATA_INCOMPLETE", async (_what, name) => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "OPS_SUPERVISOR");
    const payload = casePayload({ passengerGroups: [{ pnr: "ZW0001", passengers: [pax("Z1", "ECONOMY", { firstName: name })] }] });
    const res = await call(createCaseRoute, "/cases", { token, body: payload });
    expect(res.status).toBe(201);
    expect(res.json.passengerGroups[0].passengers[0].firstName).toBeNull();
    expect(res.json.passengerGroups[0].dataIncomplete).toBe(true);
    const items = await database.db.select().from(reviewItems).where(and(eq(reviewItems.caseUrn, res.json.urn), eq(reviewItems.category, "DATA_INCOMPLETE")));
    expect(items).toHaveLength(1);
  });

  it("keeps names of every script, joiners included", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "OPS_SUPERVISOR");
    const names = ["Zoë O'Brien-Łukasz", "محمد", "שרה", "می\u200cخواهم", "김민준", "Nguyễn Thị", "José María"];
    const payload = casePayload({ passengerGroups: [{ pnr: "SCR001", passengers: names.map((n, i) => pax(`S${i}`, "ECONOMY", { firstName: n })) }] });
    const res = await call(createCaseRoute, "/cases", { token, body: payload });
    expect(res.status).toBe(201);
    expect(res.json.passengerGroups[0].passengers.map((p: { firstName: string }) => p.firstName)).toEqual(names);
    expect(res.json.passengerGroups[0].dataIncomplete).toBe(false);
  });
});

describe("POST /cases/{caseUrn}/passengers:bulk: the same rules, and an upload must be complete", () => {
  const HEADER = "pnr,passengerId,firstName,lastName,tier,email,phone,specialNeeds";
  const upload = (caseUrn: string, token: string, lines: string[]) => {
    const form = new FormData();
    form.set("file", new Blob([lines.join("\r\n")], { type: "text/csv" }), "m.csv");
    return call(caseAction, `/cases/${caseUrn}/passengers:bulk`, { token, params: { caseUrn, action: "passengers:bulk" }, rawBody: form, method: "POST" });
  };

  it("refuses a quoted cell with line breaks, a bidi override and a zero-width-only name; adds nothing", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "OPS_SUPERVISOR");
    const c = await createCase(token);
    const before = (await database.db.select().from(passengers).where(eq(passengers.caseUrn, c.urn))).length;
    const res = await upload(c.urn, token, [
      HEADER,
      `BLK001,B1,"${FORGED}",Martin,ECONOMY,,,`,
      "BLK001,B2,Jean,Mar\u202etin,ECONOMY,,,",
      "BLK001,B3,\u200b\u200b,Martin,ECONOMY,,,",
      "BLK001,B4,Lou,Martin,ECONOMY,,,",
    ]);
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual(
      expect.arrayContaining([
        { path: "rows[2].firstName", message: expect.stringMatching(/control characters/) },
        { path: "rows[3].lastName", message: expect.stringMatching(/bidi/) },
        { path: "rows[4].firstName", message: "required" },
      ]),
    );
    expect(res.json.errors.some((e: { path: string }) => e.path.startsWith("rows[5]"))).toBe(false);
    expect((await database.db.select().from(passengers).where(eq(passengers.caseUrn, c.urn))).length).toBe(before);
  });
});

describe("other free text printed for passengers or sent to hotels", () => {
  const segment = { reservationUrn: newUrn("reservation"), direction: "AIRPORT_TO_HOTEL", scheduledAt: "2026-11-21T20:00:00Z", vehicleType: "SHUTTLE" };
  it.each(Object.entries(HOSTILE))("refuses %s in a driver, vehicle, pickup place, cancellation reason and offer id", (_what, text) => {
    expect(AssignVehicleBody.safeParse({ vehicleId: "VAN-1", driverName: text, reason: "r" }).success).toBe(false);
    expect(AssignVehicleBody.safeParse({ vehicleId: text, reason: "r" }).success).toBe(false);
    expect(AssignVehicleBody.safeParse({ vehicleId: "VAN-1", driverPhone: text, reason: "r" }).success).toBe(false);
    expect(CreateSegmentBody.safeParse({ ...segment, pickupLocation: text }).success).toBe(false);
    expect(CancelReservationBody.safeParse({ reason: text }).success).toBe(false);
    expect(ManualBookingBody.safeParse({ caseUrn: newUrn("case"), groupId: "G", hotelUrn: newUrn("hotel"), providerOfferId: text, reason: "r" }).success).toBe(false);
  });

  it("accepts the same fields without them", () => {
    expect(AssignVehicleBody.safeParse({ vehicleId: "VAN-1", driverName: "Zoë Ł.", driverPhone: "+33 6 12", reason: "line one\nline two" }).success).toBe(true);
    expect(CreateSegmentBody.safeParse({ ...segment, pickupLocation: "Terminal 2E, door 8" }).success).toBe(true);
    expect(CancelReservationBody.safeParse({ reason: "the passengers left" }).success).toBe(true);
  });
});

describe("the text voucher", () => {
  it("prints a name stored before these rules on one line: no forged payment line, no override", async () => {
    const tenant = uniqueTenant();
    const admin = await roleToken(tenant, "ADMIN");
    const fx = await confirmedReservation(database.db, { token: admin, tenant });
    const first = fx.group.passengers[0].id;
    await database.db
      .update(passengers)
      .set({ firstName: FORGED, lastName: "Du\u202epont\u2028\u0007" })
      .where(and(eq(passengers.caseUrn, fx.caseUrn), eq(passengers.passengerId, first)));
    await transaction({ db: database.db, principal: systemPrincipal(tenant, "test") }, (tx) => createVoucher(tx, fx.reservationUrn));
    const res = await call(textHandler, `/booking/reservations/${fx.reservationUrn}/voucher/text`, { token: admin, params: { reservationUrn: fx.reservationUrn } });
    expect(res.status).toBe(200);
    const lines = res.text.split("\n");
    expect(lines).not.toContain("PAY 250 EUR CASH AT RECEPTION.");
    expect(lines).toContain("Ana Payment: PAY 250 EUR CASH AT RECEPTION. Du pont");
    expect(res.text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
  });
});

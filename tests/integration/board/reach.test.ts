import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as getBoard } from "@/app/api/v1/board/route";
import { messages } from "@/db/schema";
import { caseProgress } from "@/lib/read-models/case-progress";
import { newUrn } from "@/lib/ids";
import { apiTestDatabase, call } from "../../helpers/api";
import { pax, roleToken } from "../../helpers/cases";
import { ctxFor, principal, uniqueTenant } from "../../helpers/factories";
import { confirmedReservation, type ReservationFixture } from "../../helpers/reservations";

const database = apiTestDatabase({ airports: true });
const tenant = uniqueTenant();
let fx: ReservationFixture;
let token: string;

/** Ten passengers of one booked group, one per way of (not) being reached. */
const group = {
  pnr: "REACH1",
  passengers: [
    pax("R1", "ECONOMY", { email: "r1@example.com" }), // email SENT: reached
    pax("R2", "ECONOMY", { email: null, phone: "+33 6 00 00 00 02" }), // SMS DELIVERED: reached
    pax("R3", "ECONOMY", { email: null, phone: "+33600000003" }), // SMS SENT, no receipt yet: waiting
    pax("R4", "ECONOMY", { email: "r4@example.com" }), // email QUEUED: waiting
    pax("R5", "ECONOMY", { email: "r5@example.com", phone: "+33600000005" }), // email KEPT, SMS FAILED: kept
    pax("R6", "ECONOMY", { email: "r6@example.com", phone: "+33600000006" }), // both FAILED: failed
    pax("R7", "ECONOMY", { email: null, phone: null }), // nothing to write to: no contact
    pax("R8", "ECONOMY", { email: "r8@example.com" }), // only a CANCELLATION sent: not reached, waiting
    pax("R9", "ECONOMY", { email: null, phone: "0033 6 00 00 00 09" }), // SMS to +33600000009 DELIVERED: reached (00 is +)
    pax("R10", "ECONOMY", { email: null, phone: "06 00 00 00 10" }), // a number we cannot text and no email: no contact
  ],
};

async function message(channel: "EMAIL" | "SMS", recipient: string, status: "SENT" | "DELIVERED" | "QUEUED" | "KEPT" | "FAILED", kind: "VOUCHER" | "CANCELLATION" | "STAY_CHANGED" = "VOUCHER") {
  await database.db.insert(messages).values({ urn: newUrn("email"), tenant, channel, kind, recipient, caseUrn: fx.caseUrn, relatedUrn: fx.reservationUrn, text: "t", status });
}

beforeAll(async () => {
  token = await roleToken(tenant, "ADMIN");
  fx = await confirmedReservation(database.db, { token, tenant, group });
  await message("EMAIL", "r1@example.com", "SENT");
  await message("SMS", "+33600000002", "DELIVERED", "STAY_CHANGED");
  await message("SMS", "+33600000003", "SENT");
  await message("EMAIL", "r4@example.com", "QUEUED");
  await message("EMAIL", "r5@example.com", "KEPT");
  await message("SMS", "+33600000005", "FAILED");
  await message("EMAIL", "r6@example.com", "FAILED");
  await message("SMS", "+33600000006", "FAILED");
  await message("EMAIL", "r8@example.com", "SENT", "CANCELLATION");
  await message("SMS", "+33600000009", "DELIVERED");
});
afterEach(() => vi.unstubAllEnvs());

describe("passengers reached (board and case progress)", () => {
  it("the board counts each booked passenger once: reached, waiting, kept, failed, no contact", async () => {
    vi.stubEnv("SMTP_URL", "");
    vi.stubEnv("SMS_URL", "");
    const res = await call(getBoard, "/board", { token, query: { airport: "CDG" } });
    expect(res.status).toBe(200);
    expect(res.json.reach).toEqual({ passengers: 10, reached: 3, waiting: 3, kept: 1, failed: 1, noContact: 2, mailServer: false, smsProvider: false });
  });

  it("the case's step 'Passengers reached' says the same in words and names the failures", async () => {
    vi.stubEnv("SMTP_URL", "");
    vi.stubEnv("SMS_URL", "");
    const progress = await caseProgress({ ctx: ctxFor(database.db, principal({ tenant })), input: { caseUrn: fx.caseUrn } });
    const step = progress.steps.find((s) => s.key === "reach")!;
    expect(step).toMatchObject({ label: "Passengers reached", state: "active" });
    expect(step.detail).toBe(
      "3 of 10 reached, 3 waiting for delivery, 1 failed, 1 kept — no mail server or SMS provider configured: set SMTP_URL and SMS_URL (docs/configuration.md), 2 with no email or usable phone — hand a printed voucher",
    );
    expect(step.problems).toHaveLength(3);
  });

  it("a passenger whose number was confirmed later moves from waiting to reached", async () => {
    await message("SMS", "+33600000003", "DELIVERED", "STAY_CHANGED");
    const res = await call(getBoard, "/board", { token, query: { airport: "CDG" } });
    expect(res.json.reach).toMatchObject({ passengers: 10, reached: 4, waiting: 2 });
  });
});

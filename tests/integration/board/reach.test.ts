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
let token: string;
/** each group is booked in a case of its own, as the booking job leaves it */
const fx: Record<string, ReservationFixture> = {};

/**
 * Thirteen passengers in ten booked groups, one group per way of (not) being reached. A message
 * about a group goes to every address of the group, so a passenger is reached when their group's
 * contact was: the FAMILY's two children, with no address of their own, are reached through their
 * mother's email.
 */
const groups = {
  FAMILY: [
    pax("F1", "ECONOMY", { email: "f1@example.com" }), // email SENT: the group is reached
    pax("F2", "ECONOMY", { email: null, phone: null }), // a child: reached through F1
    pax("F3", "ECONOMY", { email: null, phone: null }), // a child: reached through F1
  ],
  SMSDLV: [pax("R2", "ECONOMY", { email: null, phone: "+33 6 00 00 00 02" })], // SMS DELIVERED: reached
  SMSSNT: [pax("R3", "ECONOMY", { email: null, phone: "+33600000003" })], // SMS SENT, no receipt yet: waiting
  QUEUED: [pax("R4", "ECONOMY", { email: "r4@example.com" })], // email QUEUED: waiting
  KEPTGR: [pax("R5", "ECONOMY", { email: "r5@example.com", phone: "+33600000005" })], // email KEPT, SMS FAILED: kept
  FAILED: [pax("R6", "ECONOMY", { email: "r6@example.com", phone: "+33600000006" })], // both FAILED: failed
  NOBODY: [pax("R7", "ECONOMY", { email: null, phone: null }), pax("R7B", "ECONOMY", { email: null, phone: null })], // nothing to write to: no contact
  CANCEL: [pax("R8", "ECONOMY", { email: "r8@example.com" })], // only a CANCELLATION sent: not reached, waiting
  ZEROZE: [pax("R9", "ECONOMY", { email: null, phone: "0033 6 00 00 00 09" })], // SMS to +33600000009 DELIVERED: reached (00 is +)
  NOTEXT: [pax("R10", "ECONOMY", { email: null, phone: "06 00 00 00 10" })], // a number we cannot text and no email: no contact
};

async function message(pnr: keyof typeof groups, channel: "EMAIL" | "SMS", recipient: string, status: "SENT" | "DELIVERED" | "QUEUED" | "KEPT" | "FAILED", kind: "VOUCHER" | "CANCELLATION" | "STAY_CHANGED" = "VOUCHER") {
  const f = fx[pnr];
  await database.db.insert(messages).values({ urn: newUrn("email"), tenant, channel, kind, recipient, caseUrn: f.caseUrn, relatedUrn: f.reservationUrn, text: "t", status });
}

const progressOf = async (pnr: keyof typeof groups) =>
  (await caseProgress({ ctx: ctxFor(database.db, principal({ tenant })), input: { caseUrn: fx[pnr].caseUrn } })).steps.find((s) => s.key === "reach")!;

beforeAll(async () => {
  token = await roleToken(tenant, "ADMIN");
  for (const [pnr, passengers] of Object.entries(groups)) fx[pnr] = await confirmedReservation(database.db, { token, tenant, group: { pnr, passengers } });
  await message("FAMILY", "EMAIL", "f1@example.com", "SENT");
  await message("SMSDLV", "SMS", "+33600000002", "DELIVERED", "STAY_CHANGED");
  await message("SMSSNT", "SMS", "+33600000003", "SENT");
  await message("QUEUED", "EMAIL", "r4@example.com", "QUEUED");
  await message("KEPTGR", "EMAIL", "r5@example.com", "KEPT");
  await message("KEPTGR", "SMS", "+33600000005", "FAILED");
  await message("FAILED", "EMAIL", "r6@example.com", "FAILED");
  await message("FAILED", "SMS", "+33600000006", "FAILED");
  await message("CANCEL", "EMAIL", "r8@example.com", "SENT", "CANCELLATION");
  await message("ZEROZE", "SMS", "+33600000009", "DELIVERED");
}, 60_000);
afterEach(() => vi.unstubAllEnvs());

describe("passengers reached (board and case progress)", () => {
  it("the board counts each booked passenger once, reached when their group's contact was", async () => {
    vi.stubEnv("SMTP_URL", "");
    vi.stubEnv("SMS_URL", "");
    const res = await call(getBoard, "/board", { token, query: { airport: "CDG" } });
    expect(res.status).toBe(200);
    expect(res.json.reach).toEqual({ passengers: 13, reached: 5, waiting: 3, kept: 1, failed: 1, noContact: 3, mailServer: false, smsProvider: false });
  });

  it("the family's step 'Passengers reached' counts the children reached through their mother", async () => {
    const step = await progressOf("FAMILY");
    expect(step).toMatchObject({ label: "Passengers reached", state: "done", detail: "3 of 3 reached" });
  });

  it("a group nobody can be written to is named as such, with what to do", async () => {
    const step = await progressOf("NOBODY");
    expect(step).toMatchObject({ state: "attention", detail: "0 of 2 reached, 2 whose group has no email or usable phone — hand them a printed voucher" });
  });

  it("a kept message says what to configure and a failed one names the failures", async () => {
    vi.stubEnv("SMTP_URL", "");
    vi.stubEnv("SMS_URL", "");
    expect((await progressOf("KEPTGR")).detail).toBe("0 of 1 reached, 1 kept — no mail server or SMS provider configured: set SMTP_URL and SMS_URL (docs/configuration.md)");
    const asSupervisor = ctxFor(database.db, principal({ tenant, roles: ["OPS_SUPERVISOR"] }));
    const supervisors = (await caseProgress({ ctx: asSupervisor, input: { caseUrn: fx.KEPTGR.caseUrn } })).steps.find((s) => s.key === "reach")!;
    expect(supervisors.detail).toBe("0 of 1 reached, 1 kept — mail and SMS are not being sent: tell your administrator");
    const failed = await progressOf("FAILED");
    expect(failed).toMatchObject({ state: "failed", detail: "0 of 1 reached, 1 failed" });
    expect(failed.problems).toHaveLength(2);
  });

  it("a passenger whose number was confirmed later moves from waiting to reached", async () => {
    await message("SMSSNT", "SMS", "+33600000003", "DELIVERED", "STAY_CHANGED");
    const res = await call(getBoard, "/board", { token, query: { airport: "CDG" } });
    expect(res.json.reach).toMatchObject({ passengers: 13, reached: 6, waiting: 2 });
  });
});

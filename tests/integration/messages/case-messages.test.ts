import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as listHandler } from "@/app/api/v1/cases/[caseUrn]/messages/route";
import { POST as resendHandler } from "@/app/api/v1/messages/[messageUrn]/resend/route";
import { auditEntries, cases, jobEvents, messages, passengers, smsOptOuts } from "@/db/schema";
import { newUrn } from "@/lib/ids";
import { maskPhone } from "@/lib/messages/mask";
import { failureInWords } from "@/lib/messages/failure";
import { apiTestDatabase, call } from "../../helpers/api";
import { roleToken } from "../../helpers/cases";
import { uniqueTenant } from "../../helpers/factories";
import { confirmedReservation, type ReservationFixture } from "../../helpers/reservations";

const database = apiTestDatabase({ airports: true });
const tenant = uniqueTenant();
let fx: ReservationFixture;
let admin: string;
const urns: Record<string, string> = {};
const savedSmtp = process.env.SMTP_URL;

/** A message row in a given state, as the writers and the delivery job leave it. */
async function message(key: string, over: Partial<typeof messages.$inferInsert>) {
  const urn = newUrn("email");
  urns[key] = urn;
  await database.db.insert(messages).values({
    urn,
    tenant,
    kind: "VOUCHER",
    recipient: "amelie@example.com",
    caseUrn: fx.caseUrn,
    relatedUrn: fx.reservationUrn,
    text: "Your hotel voucher",
    passengerLink: "https://desk.example/p/abc",
    ...over,
  });
  return urn;
}

beforeAll(async () => {
  admin = await roleToken(tenant, "ADMIN");
  fx = await confirmedReservation(database.db, { token: admin, tenant });
  await database.db.update(passengers).set({ phone: "0033 6 12 34 56 78" }).where(and(eq(passengers.caseUrn, fx.caseUrn), eq(passengers.passengerId, "VP-3")));
  const t0 = Date.parse("2026-11-21T19:00:00Z");
  const at = (min: number) => new Date(t0 + min * 60_000);
  await message("sent", { status: "SENT", attempts: 1, sentAt: at(1), createdAt: at(0), receipts: [{ status: "accepted", at: at(1).toISOString() }] });
  await message("bounced", { recipient: "jean@example.com", status: "FAILED", attempts: 1, lastError: "550 5.1.1 mailbox unavailable", createdAt: at(1) });
  await message("sms", { channel: "SMS", recipient: "+33612345678", status: "DELIVERED", attempts: 1, sentAt: at(2), deliveredAt: at(3), createdAt: at(2), receipts: [{ status: "sent", at: at(2).toISOString() }, { status: "delivered", at: at(3).toISOString() }] });
  await message("undeliverable", { channel: "SMS", kind: "STAY_CHANGED", recipient: "+33612345678", status: "FAILED", attempts: 3, lastError: "undelivered", createdAt: at(3), receipts: [{ status: "undelivered", at: at(4).toISOString(), code: "30003" }] });
  await message("queued", { recipient: "jean@example.com", kind: "STAY_CHANGED", status: "QUEUED", createdAt: at(4) });
  await message("kept", { channel: "SMS", kind: "CHOICE_CONFIRMED", recipient: "+33612345678", status: "KEPT", createdAt: at(5) });
  // another case's message is not listed
  await database.db.insert(messages).values({ urn: newUrn("email"), tenant, kind: "VOUCHER", recipient: "x@example.com", caseUrn: newUrn("case"), text: "other" });
});

afterAll(() => {
  if (savedSmtp === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = savedSmtp;
});

const list = (token: string, query: Record<string, string> = {}, caseUrn = fx.caseUrn) => call(listHandler, `/cases/${caseUrn}/messages`, { token, params: { caseUrn }, query });

describe("GET /cases/{caseUrn}/messages", () => {
  it("lists both channels newest first with status, attempts, receipts, reservation, link and the passenger; ADMIN reads recipients whole", async () => {
    const res = await list(admin);
    expect(res.status).toBe(200);
    expect(res.json.items.map((m: { urn: string }) => m.urn)).toEqual([urns.kept, urns.queued, urns.undeliverable, urns.sms, urns.bounced, urns.sent]);
    const sms = res.json.items.find((m: { urn: string }) => m.urn === urns.sms);
    expect(sms).toMatchObject({
      channel: "SMS",
      kind: "VOUCHER",
      status: "DELIVERED",
      recipient: "+33612345678",
      attempts: 1,
      reservationUrn: fx.reservationUrn,
      passengerLink: "https://desk.example/p/abc",
      resend: 0,
      failure: null,
      deliveredAt: "2026-11-21T19:03:00.000Z",
      passenger: { passengerId: "VP-3", name: "Lou Dupont" },
    });
    expect(sms.receipts.map((r: { status: string }) => r.status)).toEqual(["sent", "delivered"]);
    expect(res.json.items.find((m: { urn: string }) => m.urn === urns.bounced)).toMatchObject({ recipient: "jean@example.com", failure: "mailbox unavailable (550)", passenger: { name: "Jean Dupont" } });
    expect(res.json.items.find((m: { urn: string }) => m.urn === urns.undeliverable).failure).toBe("undeliverable (30003)");
  });

  it("masks recipients for every role but ADMIN", async () => {
    for (const role of ["OPS_SUPERVISOR", "AIRPORT_OPERATOR", "FEED"] as const) {
      const res = await list(await roleToken(tenant, role));
      if (role === "FEED") {
        // a FEED client reads only the cases it created: this one was created by the ADMIN token
        expect(res.status).toBe(404);
        continue;
      }
      expect(res.status).toBe(200);
      const recipients = res.json.items.map((m: { recipient: string }) => m.recipient);
      expect(recipients).toContain("a…e@example.com");
      expect(recipients).toContain("+33 •• •• •• •• 78");
      expect(res.text).not.toContain("amelie@");
      expect(res.text).not.toContain("612345678");
      // the passenger link acts as the passenger (choose a hotel, decline): ADMIN only
      expect(res.json.items.map((m: { passengerLink: string | null }) => m.passengerLink)).toEqual(res.json.items.map(() => null));
      expect(res.text).not.toContain("desk.example/p/abc");
    }
  });

  it("filters by channel, status and kind (case-insensitive values) and pages with a cursor", async () => {
    const sms = await list(admin, { channel: "sms" });
    expect(sms.json.items.map((m: { urn: string }) => m.urn)).toEqual([urns.kept, urns.undeliverable, urns.sms]);
    const failed = await list(admin, { status: "FAILED" });
    expect(failed.json.items.map((m: { urn: string }) => m.urn)).toEqual([urns.undeliverable, urns.bounced]);
    const stay = await list(admin, { kind: "STAY_CHANGED", channel: "EMAIL" });
    expect(stay.json.items.map((m: { urn: string }) => m.urn)).toEqual([urns.queued]);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof list>> = await list(admin, { limit: "4", ...(cursor ? { cursor } : {}) });
      expect(page.status).toBe(200);
      seen.push(...page.json.items.map((m: { urn: string }) => m.urn));
      cursor = page.json.nextCursor;
    } while (cursor);
    expect(seen).toEqual([urns.kept, urns.queued, urns.undeliverable, urns.sms, urns.bounced, urns.sent]);

    expect((await list(admin, { channel: "FAX" })).status).toBe(422);
    expect((await list(admin, { cursor: "bm90LWpzb24" })).status).toBe(422);
  });

  it("follows the case's scope: another tenant's case is 404, an airport outside the claims 403", async () => {
    expect((await list(await roleToken(uniqueTenant(), "ADMIN"))).status).toBe(404);
    expect((await list(await roleToken(tenant, "AIRPORT_OPERATOR", ["JFK"]))).status).toBe(403);
    expect((await list(admin, {}, newUrn("case"))).status).toBe(404);
  });
});

const resend = (token: string, messageUrn: string, body: unknown = { reason: "passenger at the desk says nothing came" }) =>
  call(resendHandler, `/messages/${messageUrn}/resend`, { token, params: { messageUrn }, body });

describe("POST /messages/{messageUrn}/resend", () => {
  it("needs a reason", async () => {
    const res = await resend(admin, urns.bounced, {});
    expect(res.status).toBe(422);
    expect(res.json.code).toBe("REASON_REQUIRED");
  });

  it("writes a new QUEUED row with the next resend number and the reason, emits message/queued and audits it", async () => {
    process.env.SMTP_URL = "smtp://127.0.0.1:2525";
    const operator = await roleToken(tenant, "AIRPORT_OPERATOR", ["CDG"]);
    const first = await resend(operator, urns.bounced);
    expect(first.status).toBe(201);
    expect(first.headers.get("location")).toBe(`/api/v1/cases/${encodeURIComponent(fx.caseUrn)}/messages`);
    expect(first.json).toMatchObject({ channel: "EMAIL", kind: "VOUCHER", status: "QUEUED", resend: 1, resendReason: "passenger at the desk says nothing came", attempts: 0, failure: null, recipient: "j…n@example.com" });
    expect(first.json.urn).not.toBe(urns.bounced);
    const second = await resend(admin, urns.bounced, { reason: "again" });
    expect(second.json.resend).toBe(2);

    const [row] = await database.db.select().from(messages).where(eq(messages.urn, first.json.urn));
    expect(row).toMatchObject({ recipient: "jean@example.com", text: "Your hotel voucher", relatedUrn: fx.reservationUrn, status: "QUEUED" });
    const [original] = await database.db.select().from(messages).where(eq(messages.urn, urns.bounced));
    expect(original.status).toBe("FAILED");
    const events = await database.db.select().from(jobEvents).where(and(eq(jobEvents.name, "message/queued"), sql`${jobEvents.data}->>'messageUrn' = ${first.json.urn}`));
    expect(events).toHaveLength(1);
    const [audit] = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, first.json.urn), eq(auditEntries.action, "message.resend")));
    expect(audit).toMatchObject({ reason: "passenger at the desk says nothing came", airport: "CDG" });
    expect(audit.changes).toEqual(expect.arrayContaining([expect.objectContaining({ field: "resend", before: 0, after: 1 })]));
  });

  it("is KEPT, with no event, when the channel has no server", async () => {
    delete process.env.SMS_URL;
    const res = await resend(admin, urns.sms);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ channel: "SMS", status: "KEPT", resend: 1 });
    expect(await database.db.select().from(jobEvents).where(sql`${jobEvents.data}->>'messageUrn' = ${res.json.urn}`)).toHaveLength(0);
  });

  it("refuses a QUEUED original, an opted-out number, a closed case, another tenant and a role that may not", async () => {
    expect((await resend(admin, urns.queued)).json.code).toBe("INVALID_TRANSITION");
    await database.db.insert(smsOptOuts).values({ tenant, phone: "+33612345678" });
    const stop = await resend(admin, urns.undeliverable);
    expect(stop.status).toBe(409);
    expect(stop.json.code).toBe("INVALID_TRANSITION");
    expect(stop.json.detail).toContain("STOP");
    await database.db.delete(smsOptOuts).where(eq(smsOptOuts.tenant, tenant));

    expect((await resend(await roleToken(uniqueTenant(), "ADMIN"), urns.sent)).status).toBe(404);
    expect((await resend(admin, newUrn("email"))).status).toBe(404);
    expect((await resend(await roleToken(tenant, "FEED"), urns.sent)).status).toBe(403);
    expect((await resend(await roleToken(tenant, "AIRPORT_OPERATOR", ["JFK"]), urns.sent)).status).toBe(403);

    await database.db.update(cases).set({ status: "CLOSED", closedAt: new Date() }).where(eq(cases.urn, fx.caseUrn));
    const closed = await resend(admin, urns.sent);
    expect(closed.status).toBe(409);
    expect(closed.json.code).toBe("CASE_CLOSED");
    await database.db.update(cases).set({ status: "ACCOMMODATED", closedAt: null }).where(eq(cases.urn, fx.caseUrn));
  });
});

describe("recipients and failures in words", () => {
  it("masks a phone keeping the country code and the last two digits", () => {
    expect(maskPhone("+33612345678")).toBe("+33 •• •• •• •• 78");
    expect(maskPhone("+1 415 555 0112")).toBe("+1 •• •• •• •• 12");
    expect(maskPhone("0612345678")).toBe("•• •• •• •• 78");
  });

  it("names opt-outs and SMTP codes", () => {
    expect(failureInWords({ channel: "SMS", status: "FAILED", lastError: "x", receipts: [{ status: "failed", at: "t", code: "21610" }] })).toBe("opted out (STOP)");
    expect(failureInWords({ channel: "EMAIL", status: "FAILED", lastError: "552 mailbox full", receipts: [] })).toBe("mailbox full (552)");
    expect(failureInWords({ channel: "EMAIL", status: "SENT", lastError: null, receipts: [] })).toBeNull();
  });
});

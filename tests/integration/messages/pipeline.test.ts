import type { Locale } from "@/lib/i18n";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as inboundHandler } from "@/app/api/v1/sms/inbound/route";
import { POST as statusHandler } from "@/app/api/v1/sms/status/route";
import { messages, passengers, smsOptOuts, vouchers } from "@/db/schema";
import { deliverMessageJob } from "@/inngest/functions/deliver-message";
import { passengerFlow } from "@/inngest/functions/passenger-flow";
import { messageSubscribers } from "@/inngest/functions/messages";
import { systemPrincipal } from "@/lib/auth/principal";
import { transaction, type Ctx } from "@/lib/context";
import { emit } from "@/lib/events";
import { type ManualClock, manualClock } from "@/lib/jobs/clock";
import { createRunner } from "@/lib/jobs/runner";
import { SMS_MAX_CHARS } from "@/lib/messages/texts";
import { type SmsSandbox, startSmsSandbox } from "@/lib/sms/sandbox";
import { smsSignature } from "@/lib/sms/signature";
import { apiTestDatabase, call } from "../../helpers/api";
import { pax, roleToken } from "../../helpers/cases";
import { uniqueTenant } from "../../helpers/factories";
import { confirmedReservation } from "../../helpers/reservations";
import { startSmtpServer } from "../../helpers/smtp";

/**
 * The message pipeline end to end, on a real database, a real SMTP server and our SMS sandbox
 * gateway over HTTP: domain events → subscribers → outbox → delivery job → gateway, and the
 * gateway's signed receipts and replies back through our routes, served on a real port that
 * PUBLIC_URL names (the signature covers that URL).
 */
const database = apiTestDatabase({ airports: true });
const tenant = uniqueTenant();
let admin: string;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let sms: SmsSandbox;
let site: http.Server;
const saved = { ...process.env };

const sys = (): Ctx => ({ db: database.db, principal: systemPrincipal(tenant, "test") });

/** Our two SMS routes on a real port, as `next start` would serve them. */
async function serveRoutes(): Promise<string> {
  site = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const url = `${process.env.PUBLIC_URL}${req.url}`;
      const handler = req.url?.startsWith("/api/v1/sms/status") ? statusHandler : req.url?.startsWith("/api/v1/sms/inbound") ? inboundHandler : null;
      if (!handler) return void res.writeHead(404).end();
      const headers = new Headers(Object.entries(req.headers).flatMap(([k, v]) => (typeof v === "string" ? [[k, v] as [string, string]] : [])));
      const answer = await handler(new Request(url, { method: "POST", headers, body: Buffer.concat(chunks) }), { params: Promise.resolve({}) });
      res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(await answer.text());
    });
  });
  await new Promise<void>((r) => site.listen(0, "127.0.0.1", () => r()));
  return `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  admin = await roleToken(tenant, "ADMIN");
  smtp = await startSmtpServer();
  process.env.PUBLIC_URL = await serveRoutes();
  sms = await startSmsSandbox({ inboundUrl: `${process.env.PUBLIC_URL}/api/v1/sms/inbound`, stepMs: 10, trustedOrigins: [process.env.PUBLIC_URL!] });
});
afterAll(async () => {
  for (const k of ["PUBLIC_URL", "SMTP_URL", "SMS_URL", "SMS_KEY", "SMS_FROM", "SMS_TIMEOUT_MS"]) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  await sms?.stop();
  await smtp?.stop();
  await new Promise<void>((r) => site.close(() => r()));
});
beforeEach(async () => {
  Object.assign(process.env, { SMTP_URL: smtp.url, SMS_URL: sms.accountUrl, SMS_KEY: sms.authToken, SMS_FROM: "+15005550006", SMS_TIMEOUT_MS: "500" });
  smtp.reset();
  await sandbox("/__sandbox/reset");
  await sandbox("/__sandbox/faults/reset");
});

async function sandbox(path: string, body: unknown = {}) {
  const res = await fetch(`${sms.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return res.json().catch(() => null) as Promise<unknown>;
}

const jobs = () => [passengerFlow, ...messageSubscribers, deliverMessageJob(async () => database.db)];
/** Runs the subscribers and the delivery until nothing is due (retries are due a few ms apart). */
const runJobs = (clock?: ManualClock) => createRunner({ db: database.db, jobs: jobs(), retryBaseMs: 1, clock }).tick();
const outboxOf = (reservationUrn: string) => database.db.select().from(messages).where(eq(messages.relatedUrn, reservationUrn)).orderBy(messages.kind, messages.channel, messages.recipient);
const until = async (done: () => Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
};
const sentTo = (phone: string) => sms.messages().filter((m) => m.to === phone);
let phoneSeq = 0;
/** a number no other test of this run texts */
const freshPhone = () => `+336${String(Date.now() % 1e6).padStart(6, "0")}${String(phoneSeq++ % 100).padStart(2, "0")}`;

/**
 * A CONFIRMED reservation of one group: A has an email and a phone, B a phone only, C an email only
 * (the phones written as a manifest might: spaces, 00 prefix), with languages as given.
 */
async function housed(opts: { languages?: Partial<Record<"A" | "B" | "C", Locale>> } = {}) {
  const ids = { A: `A${phoneSeq}-${Date.now()}`, B: `B${phoneSeq}-${Date.now()}`, C: `C${phoneSeq}-${Date.now()}` };
  const phones = { A: freshPhone(), B: freshPhone() };
  const fx = await confirmedReservation(database.db, {
    token: admin,
    tenant,
    group: { pnr: "SMS001", passengers: [pax(ids.A, "ECONOMY", { email: "Anna@Example.com" }), pax(ids.B, "ECONOMY", { email: null }), pax(ids.C, "ECONOMY", { email: "carl@example.com" })] },
  });
  const set = async (id: string, values: Partial<typeof passengers.$inferInsert>) =>
    database.db.update(passengers).set(values).where(and(eq(passengers.caseUrn, fx.caseUrn), eq(passengers.passengerId, id)));
  await set(ids.A, { phone: `00${phones.A.slice(1, 3)} ${phones.A.slice(3)}`, language: opts.languages?.A ?? null });
  await set(ids.B, { phone: `${phones.B.slice(0, 3)} ${phones.B.slice(3, 4)} ${phones.B.slice(4)}`, language: opts.languages?.B ?? null });
  await set(ids.C, { language: opts.languages?.C ?? null });
  return { ...fx, phones, ids };
}
const confirm = (fx: { caseUrn: string; reservationUrn: string }) => transaction(sys(), (tx) => emit(tx, "stays/confirmed", { tenant, caseUrn: fx.caseUrn, reservationUrns: [fx.reservationUrn] }));
const delivered = (urn: string) => async () => (await outboxOf(urn)).filter((m) => m.channel === "SMS").every((m) => m.status === "DELIVERED" || m.status === "FAILED");

describe("subscribers, not transactions", () => {
  it("a booking transaction that fails sends nothing: its events roll back with it", async () => {
    const fx = await housed();
    await expect(
      transaction(sys(), async (tx) => {
        await emit(tx, "stays/confirmed", { tenant, caseUrn: fx.caseUrn, reservationUrns: [fx.reservationUrn] });
        throw new Error("the provider's answer could not be recorded");
      }),
    ).rejects.toThrow();
    await runJobs();
    expect(await outboxOf(fx.reservationUrn)).toEqual([]);
    expect(sentTo(fx.phones.A)).toEqual([]);
    expect(smtp.received).toEqual([]);
  });

  it("a confirmed reservation: exactly one message per recipient and channel even when the event is delivered 20 times; email+phone gets both, phone only SMS only", async () => {
    const fx = await housed();
    for (let i = 0; i < 20; i++) await confirm(fx);
    await runJobs();
    const [voucher] = await database.db.select().from(vouchers).where(eq(vouchers.reservationUrn, fx.reservationUrn));
    for (let i = 0; i < 20; i++) await transaction(sys(), (tx) => emit(tx, "voucher/issued", { tenant, caseUrn: fx.caseUrn, reservationUrn: fx.reservationUrn, voucherUrn: voucher.urn }));
    await runJobs();
    const rows = await outboxOf(fx.reservationUrn);
    expect(rows.map((m) => [m.kind, m.channel, m.recipient])).toEqual([
      ["VOUCHER", "EMAIL", "anna@example.com"],
      ["VOUCHER", "EMAIL", "carl@example.com"],
      ["VOUCHER", "SMS", fx.phones.A],
      ["VOUCHER", "SMS", fx.phones.B],
    ]);
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(["anna@example.com", "carl@example.com"]);
    expect(sentTo(fx.phones.A)).toHaveLength(1);
    expect(sentTo(fx.phones.B)).toHaveLength(1);
    const text = sentTo(fx.phones.B)[0].body;
    expect(text.length).toBeLessThanOrEqual(SMS_MAX_CHARS);
    expect(text).toContain("HB-778812");
    expect(text).toMatch(new RegExp(`${process.env.PUBLIC_URL}/v/[A-Za-z0-9_.-]+$`));
    const sms = rows.filter((m) => m.channel === "SMS");
    expect(sms.every((m) => m.providerMessageId?.startsWith("SM") && m.passengerLink && text.endsWith(m.passengerLink))).toBe(true);
  });

  it("receipts: the gateway's signed callbacks move an SMS to DELIVERED with its receipts, and mark the voucher delivered", async () => {
    const fx = await housed();
    delete process.env.SMTP_URL; // only the SMS can deliver the voucher here
    await confirm(fx);
    await runJobs();
    await until(delivered(fx.reservationUrn));
    const rows = (await outboxOf(fx.reservationUrn)).filter((m) => m.channel === "SMS");
    expect(rows.map((m) => m.status)).toEqual(["DELIVERED", "DELIVERED"]);
    expect(rows[0].receipts.map((r) => r.status)).toEqual(expect.arrayContaining(["queued", "sent", "delivered"]));
    expect(rows[0].deliveredAt).toBeInstanceOf(Date);
    const [voucher] = await database.db.select().from(vouchers).where(eq(vouchers.reservationUrn, fx.reservationUrn));
    expect(voucher.deliveredAt).toBeInstanceOf(Date);
    // every callback was answered 200 by our route (the gateway records the answer once it has read it)
    const ours = () => sms.callbacks().filter((c) => c.url.includes("/api/v1/sms/status"));
    await until(async () => ours().every((c) => c.answered !== null));
    expect(ours().map((c) => c.answered)).toEqual([200, 200, 200, 200]);
  });

  it("a number the network cannot reach: FAILED with the gateway's error code named", async () => {
    const fx = await housed();
    await sandbox("/__sandbox/undeliverable", { numbers: [fx.phones.B] });
    await confirm(fx);
    await runJobs();
    await until(delivered(fx.reservationUrn));
    const b = (await outboxOf(fx.reservationUrn)).find((m) => m.recipient === fx.phones.B)!;
    expect([b.status, b.lastError]).toEqual(["FAILED", "undelivered (error 30003)"]);
    expect(b.receipts.at(-1)).toMatchObject({ status: "undelivered", code: "30003" });
  });
});

describe("SMS faults, retried without duplicates", () => {
  it("a timeout, a 503 and a lost answer are retried with the same idempotency key: each passenger texted once", async () => {
    const fx = await housed();
    delete process.env.SMTP_URL;
    await sandbox("/__sandbox/faults", { next: ["timeout", "503", "lose-confirmation"], timeoutMs: 2000 });
    await confirm(fx);
    await runJobs();
    const rows = (await outboxOf(fx.reservationUrn)).filter((m) => m.channel === "SMS");
    expect(rows.map((m) => m.status).every((s) => s === "SENT" || s === "DELIVERED")).toBe(true);
    // all three faults were met; each failed try was retried (the lost answer's retry may find the
    // message SENT already, its receipt having arrived first: then it is not tried again at all)
    expect(sms.faults.pending()).toEqual([]);
    expect(rows.map((m) => m.attempts).reduce((a, b) => a + b)).toBeGreaterThanOrEqual(4);
    expect(rows.every((m) => m.providerMessageId?.startsWith("SM"))).toBe(true);
    expect(sentTo(fx.phones.A)).toHaveLength(1);
    expect(sentTo(fx.phones.B)).toHaveLength(1);
    expect(sms.messages().filter((m) => rows.some((r) => r.urn === m.idempotencyKey))).toHaveLength(2);
  });

  it("a 429 waits for the gateway's Retry-After before the retry", async () => {
    const fx = await housed();
    delete process.env.SMTP_URL;
    await database.db.update(passengers).set({ phone: null }).where(and(eq(passengers.caseUrn, fx.caseUrn), eq(passengers.passengerId, fx.ids.A)));
    await sandbox("/__sandbox/faults", { next: ["429"], retryAfterSeconds: 30 });
    await confirm(fx);
    const clock = manualClock();
    await runJobs(clock);
    const [first] = (await outboxOf(fx.reservationUrn)).filter((m) => m.channel === "SMS");
    expect([first.status, first.attempts]).toEqual(["QUEUED", 1]);
    expect(first.lastError).toContain("429");
    clock.advance(10_000); // the runner's own backoff is long past; the gateway asked for 30 s
    await runJobs(clock);
    expect(sentTo(fx.phones.B)).toHaveLength(0);
    clock.advance(21_000);
    await runJobs(clock);
    expect(sentTo(fx.phones.B)).toHaveLength(1);
    expect((await outboxOf(fx.reservationUrn)).find((m) => m.channel === "SMS")!.attempts).toBe(2);
  });

  it("without SMS_URL an SMS is KEPT and says why", async () => {
    delete process.env.SMS_URL;
    const fx = await housed();
    await confirm(fx);
    await runJobs();
    const rows = (await outboxOf(fx.reservationUrn)).filter((m) => m.channel === "SMS");
    expect(rows.map((m) => [m.status, m.lastError])).toEqual([
      ["KEPT", "no SMS provider configured: set SMS_URL"],
      ["KEPT", "no SMS provider configured: set SMS_URL"],
    ]);
    expect(sentTo(fx.phones.A)).toEqual([]);
  });
});

describe("routes", () => {
  const form = (params: Record<string, string>) => new URLSearchParams(params).toString();
  it("a status callback with a bad or missing signature is 401 and changes nothing", async () => {
    const params = { MessageSid: "SM0123", MessageStatus: "delivered" };
    const url = `${process.env.PUBLIC_URL}/api/v1/sms/status`;
    const forged = smsSignature("not-the-key", url, params);
    for (const signature of [forged, null]) {
      const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", ...(signature ? { "x-twilio-signature": signature } : {}) };
      const res = await fetch(url, { method: "POST", headers, body: form(params) });
      expect(res.status).toBe(401);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
    }
    const res = await call(inboundHandler, "/sms/inbound", { rawBody: form({ From: "+33600000000", Body: "STOP" }), headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": "x" } });
    expect(res.status).toBe(401);
  });

  it("a signed receipt for a message we do not know is answered 200 and ignored", async () => {
    const params = { MessageSid: "SMunknown", MessageStatus: "delivered" };
    const url = `${process.env.PUBLIC_URL}/api/v1/sms/status`;
    const res = await fetch(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": smsSignature(sms.authToken, url, params) }, body: form(params) });
    expect(res.status).toBe(200);
  });
});

describe("STOP, cancellations, locales", () => {
  it("STOP through the gateway: the next message to that number is FAILED 'opted out (STOP)' and the gateway gets nothing; START opts back in", async () => {
    const fx = await housed();
    await confirm(fx);
    await runJobs();
    await until(delivered(fx.reservationUrn));
    await sandbox("/__sandbox/reply", { from: fx.phones.B, body: "stop" });
    await until(async () => (await database.db.select().from(smsOptOuts).where(and(eq(smsOptOuts.tenant, tenant), eq(smsOptOuts.phone, fx.phones.B)))).length === 1);
    const before = sentTo(fx.phones.B).length;
    await transaction(sys(), (tx) => emit(tx, "reservation/cancelled", { tenant, caseUrn: fx.caseUrn, reservationUrn: fx.reservationUrn, reason: "the flight left after all" }));
    await runJobs();
    const cancellation = (await outboxOf(fx.reservationUrn)).filter((m) => m.kind === "CANCELLATION");
    expect(cancellation.find((m) => m.recipient === fx.phones.B)).toMatchObject({ status: "FAILED", lastError: "opted out (STOP)", attempts: 0 });
    expect(cancellation.find((m) => m.recipient === fx.phones.A)?.status).toMatch(/SENT|DELIVERED/);
    expect(sentTo(fx.phones.B)).toHaveLength(before);
    await sandbox("/__sandbox/reply", { from: fx.phones.B, body: "START" });
    await until(async () => (await database.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, fx.phones.B))).length === 0);
  });

  it("a cancellation after a delivered voucher goes on both channels, once; none for a stay replaced by another", async () => {
    const fx = await housed();
    await confirm(fx);
    await runJobs();
    await until(delivered(fx.reservationUrn));
    for (let i = 0; i < 3; i++) await transaction(sys(), (tx) => emit(tx, "reservation/cancelled", { tenant, caseUrn: fx.caseUrn, reservationUrn: fx.reservationUrn, reason: "the passengers left on an earlier flight" }));
    await runJobs();
    const cancellation = (await outboxOf(fx.reservationUrn)).filter((m) => m.kind === "CANCELLATION");
    expect(cancellation.map((m) => [m.channel, m.recipient])).toEqual([
      ["EMAIL", "anna@example.com"],
      ["EMAIL", "carl@example.com"],
      ["SMS", fx.phones.A],
      ["SMS", fx.phones.B],
    ]);
    expect(sentTo(fx.phones.A).at(-1)?.body).toContain("the passengers left on an earlier flight");

    const other = await housed();
    await confirm(other);
    await runJobs();
    await until(delivered(other.reservationUrn));
    await transaction(sys(), (tx) => emit(tx, "reservation/cancelled", { tenant, caseUrn: other.caseUrn, reservationUrn: other.reservationUrn, reason: "re-housed", replacedBy: fx.reservationUrn }));
    await transaction(sys(), (tx) => emit(tx, "reservation/cancelled", { tenant, caseUrn: other.caseUrn, reservationUrn: other.reservationUrn, reason: "declined", cause: "PASSENGER_DECLINED" }));
    await runJobs();
    expect((await outboxOf(other.reservationUrn)).filter((m) => m.kind === "CANCELLATION")).toEqual([]);
  });

  it("a French passenger's cancellation is in French, email body and SMS; an English one's stays English", async () => {
    const fx = await housed({ languages: { A: "fr" } });
    await confirm(fx);
    await runJobs();
    await until(delivered(fx.reservationUrn));
    await transaction(sys(), (tx) => emit(tx, "reservation/cancelled", { tenant, caseUrn: fx.caseUrn, reservationUrn: fx.reservationUrn, reason: "vol reprogrammé" }));
    await runJobs();
    const cancellation = (await outboxOf(fx.reservationUrn)).filter((m) => m.kind === "CANCELLATION");
    const anna = cancellation.find((m) => m.recipient === "anna@example.com")!;
    expect(anna.locale).toBe("fr");
    expect(anna.subject).toMatch(/^Annulée : réservation d'hôtel/);
    expect(anna.html).toContain('lang="fr"');
    expect(anna.html).toContain("Réservation d&#x27;hôtel annulée");
    expect(anna.text).toContain("a été annulée et son bon n'est plus valable");
    expect(anna.text).toContain("Motif : vol reprogrammé");
    expect(anna.text).not.toMatch(/was cancelled|Reason:/);
    expect(cancellation.find((m) => m.channel === "SMS" && m.recipient === fx.phones.A)!.text).toContain("est annulée (vol reprogrammé)");
    const carl = cancellation.find((m) => m.recipient === "carl@example.com")!;
    expect(carl.text).toContain("was cancelled and its voucher is no longer valid");
  });

  it("a passenger who declines on their page is told the room was released, on both channels, once", async () => {
    const fx = await housed({ languages: { B: "es" } });
    for (let i = 0; i < 3; i++) await transaction(sys(), (tx) => emit(tx, "passenger/declined", { tenant, caseUrn: fx.caseUrn, reservationUrn: fx.reservationUrn, groupId: fx.groupId, released: true }));
    await runJobs();
    const rows = (await outboxOf(fx.reservationUrn)).filter((m) => m.kind === "DECLINE_CONFIRMED");
    expect(rows.map((m) => [m.channel, m.recipient])).toEqual([
      ["EMAIL", "anna@example.com"],
      ["EMAIL", "carl@example.com"],
      ["SMS", fx.phones.A],
      ["SMS", fx.phones.B],
    ]);
    expect(sentTo(fx.phones.A)[0].body).toContain("We released your room at Hôtel du Terminal");
    expect(sentTo(fx.phones.B)[0].body).toContain("Hemos liberado su habitación en Hôtel du Terminal");
  });

  it("a passenger whose language is French gets the SMS and the email subject in French", async () => {
    const fx = await housed({ languages: { B: "fr", A: "de" } });
    await confirm(fx);
    await runJobs();
    expect(sentTo(fx.phones.B)[0].body).toMatch(/votre hôtel ce soir est Hôtel du Terminal.*confirmation HB-778812\. .*Votre bon : http/);
    expect(sentTo(fx.phones.A)[0].body).toContain("Ihr Hotel heute Nacht");
    const rows = await outboxOf(fx.reservationUrn);
    expect(rows.find((m) => m.recipient === fx.phones.B)?.locale).toBe("fr");
    expect(rows.find((m) => m.recipient === "anna@example.com")?.subject).toContain("Ihr Hotelgutschein");
    expect(rows.find((m) => m.recipient === "carl@example.com")?.subject).toContain("Your hotel voucher");
  });

  it("a Spanish passenger's SMS and email subject carry the check-in date in Spanish, not English", async () => {
    const fx = await housed({ languages: { B: "es" } });
    await confirm(fx);
    await runJobs();
    const body = sentTo(fx.phones.B)[0].body;
    // the stay's check-in: Saturday 21 November, 17:05 at the hotel (the policy's early check-in)
    expect(body).toContain("entrada sáb, 21 nov 2026 17:05");
    expect(body).not.toMatch(/\b(Sat|Nov)\b/);
    const rows = await outboxOf(fx.reservationUrn);
    expect(rows.find((m) => m.recipient === fx.phones.B)?.locale).toBe("es");
    // English stays as the voucher writes it
    expect(rows.find((m) => m.recipient === "carl@example.com")?.subject).toContain("Sat 21 Nov 2026 17:05");
  });
});

import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deliverMessageJob as deliverEmailJob, deliverMessageSweepJob as deliverEmailSweepJob } from "@/inngest/functions/deliver-message";
import { messages, jobEvents, jobRuns, vouchers } from "@/db/schema";
import { systemPrincipal } from "@/lib/auth/principal";
import { transaction, type Ctx } from "@/lib/context";
import { emit } from "@/lib/events";
import { manualClock } from "@/lib/jobs/clock";
import { createRunner } from "@/lib/jobs/runner";
import { queueCancellationMessages } from "@/lib/messages/cancellation";
import { deliverMessage as deliverEmail } from "@/lib/messages/deliver";
import { sendStayMessagesNow } from "@/lib/messages/send-now";
import { messageIdOf } from "@/lib/messages/smtp";
import { staleQueued } from "@/lib/messages/stale";
import { queueVoucherMessages } from "@/lib/messages/voucher";
import { issueVoucher } from "@/lib/vouchers/issue";
import { verifyPassengerToken } from "@/lib/vouchers/link";
import { apiTestDatabase } from "../../helpers/api";
import { roleToken } from "../../helpers/cases";
import { uniqueTenant } from "../../helpers/factories";
import { confirmedReservation } from "../../helpers/reservations";
import { startSmtpServer } from "../../helpers/smtp";

const database = apiTestDatabase({ airports: true });
const tenant = uniqueTenant();
let admin: string;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

const sys = (): Ctx => ({ db: database.db, principal: systemPrincipal(tenant, "test") });
/** the voucher stored (as issueVoucher does), then its messages written (as its subscriber does) */
const enqueue = async (urn: string) => {
  await issueVoucher(sys(), urn);
  return transaction(sys(), (tx) => queueVoucherMessages(tx, urn));
};
/** Runs the delivery job until no message of the test is QUEUED (retries are due a few ms apart). */
const runJobs = async () => {
  const runner = createRunner({ db: database.db, jobs: [deliverEmailJob(async () => database.db)], retryBaseMs: 1 });
  for (let i = 0; i < 50; i++) {
    await runner.tick();
    const waiting = await database.db.select({ urn: messages.urn }).from(messages).where(and(eq(messages.tenant, tenant), eq(messages.status, "QUEUED")));
    if (waiting.length === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
};
const outboxOf = (urn: string) => database.db.select().from(messages).where(eq(messages.relatedUrn, urn)).orderBy(messages.recipient);
const booked = () => confirmedReservation(database.db, { token: admin, tenant });

beforeAll(async () => {
  admin = await roleToken(tenant, "ADMIN");
  smtp = await startSmtpServer();
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp?.stop();
});
beforeEach(() => {
  process.env.SMTP_URL = smtp.url;
  smtp.reset();
});

describe("voucher emails through a real SMTP server", () => {
  it("queues one message per passenger with an email, once, and delivers each with the code and the passenger link", async () => {
    const fx = await booked();
    expect(await enqueue(fx.reservationUrn)).toBe(2); // the third passenger has no email
    expect(await enqueue(fx.reservationUrn)).toBe(0); // at most once per recipient and kind
    const queued = await outboxOf(fx.reservationUrn);
    expect(queued.map((m) => [m.recipient, m.kind, m.status])).toEqual([
      ["amelie@example.com", "VOUCHER", "QUEUED"],
      ["jean@example.com", "VOUCHER", "QUEUED"],
    ]);
    const events = await database.db.select().from(jobEvents).where(eq(jobEvents.name, "message/queued"));
    expect(events.filter((e) => queued.some((m) => (e.data as { messageUrn: string }).messageUrn === m.urn))).toHaveLength(2);

    await runJobs();
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(["amelie@example.com", "jean@example.com"]);
    for (const m of smtp.received) {
      expect(m.subject).toContain("HB-778812");
      expect(m.text).toContain("HB-778812");
      expect(m.html).toContain("HB-778812");
      const token = /\/v\/([A-Za-z0-9_.-]+)/.exec(m.text)?.[1];
      expect(token).toBeTruthy();
      expect(verifyPassengerToken(token!)).toMatchObject({ ok: true, reservationUrn: fx.reservationUrn });
      // nothing sensitive in the email either
      expect(m.raw).not.toContain("VP-1");
      expect(m.text).not.toContain("VP-2");
    }
    const sent = await outboxOf(fx.reservationUrn);
    expect(sent.map((m) => [m.status, m.attempts, m.lastError])).toEqual([
      ["SENT", 1, null],
      ["SENT", 1, null],
    ]);
    expect(smtp.received.map((m) => m.messageId).sort()).toEqual(sent.map((m) => messageIdOf(m.urn)).sort());
    const [voucher] = await database.db.select().from(vouchers).where(eq(vouchers.reservationUrn, fx.reservationUrn));
    expect(voucher.deliveredAt).toBeInstanceOf(Date);
  });

  it("a re-delivered message/queued event sends nothing again", async () => {
    const fx = await booked();
    await enqueue(fx.reservationUrn);
    await runJobs();
    expect(smtp.received).toHaveLength(2);
    const rows = await outboxOf(fx.reservationUrn);
    await transaction(sys(), async (tx) => {
      for (const m of rows) await emit(tx, "message/queued", { tenant, messageUrn: m.urn });
    });
    await runJobs();
    expect(smtp.received).toHaveLength(2);
  });

  it("retries a transient SMTP failure (4xx) and records the attempts", async () => {
    const fx = await booked();
    smtp.failNext(2, 451);
    await enqueue(fx.reservationUrn);
    await runJobs();
    expect(smtp.received).toHaveLength(2);
    const rows = await outboxOf(fx.reservationUrn);
    expect(rows.every((m) => m.status === "SENT" && m.lastError === null)).toBe(true);
    expect(rows.map((m) => m.attempts).reduce((a, b) => a + b)).toBe(4); // two failures, two successes
  });

  it("a permanent refusal (5xx) is FAILED at once with its error", async () => {
    const fx = await booked();
    smtp.failNext(1, 550);
    await enqueue(fx.reservationUrn);
    await runJobs();
    const rows = await outboxOf(fx.reservationUrn);
    const failed = rows.filter((m) => m.status === "FAILED");
    expect(failed).toHaveLength(1);
    expect(failed[0].attempts).toBe(1);
    expect(failed[0].lastError).toContain("550");
    expect(failed[0].lastError).toContain("mailbox unavailable");
    expect(failed[0].lastError).not.toContain("@"); // the server quoted the address; the outbox does not keep it
    expect(smtp.received).toHaveLength(1);
  });

  it("gives up after the last attempt and records FAILED", async () => {
    const fx = await booked();
    smtp.failNext(100, 421);
    await enqueue(fx.reservationUrn);
    await runJobs();
    const rows = await outboxOf(fx.reservationUrn);
    expect(rows.map((m) => [m.status, m.attempts])).toEqual([
      ["FAILED", 6],
      ["FAILED", 6],
    ]);
    expect(rows[0].lastError).toContain("421");
  });

  it("without SMTP_URL keeps mail in the outbox (KEPT); once SMTP is configured the sweep picks it up", async () => {
    delete process.env.SMTP_URL;
    const fx = await booked();
    expect(await enqueue(fx.reservationUrn)).toBe(2);
    expect((await outboxOf(fx.reservationUrn)).map((m) => m.status)).toEqual(["KEPT", "KEPT"]);
    await runJobs();
    expect((await outboxOf(fx.reservationUrn)).map((m) => m.status)).toEqual(["KEPT", "KEPT"]);
    expect(smtp.received).toHaveLength(0);
    // nothing to sweep while there is no SMTP
    const later = new Date(Date.now() + 10 * 60_000);
    expect((await staleQueued(sys(), { olderThanMs: 5 * 60_000, limit: 100, now: later })).map((m) => m.urn)).not.toContain((await outboxOf(fx.reservationUrn))[0].urn);
    process.env.SMTP_URL = smtp.url;
    const stale = await staleQueued(sys(), { olderThanMs: 5 * 60_000, limit: 100, now: later });
    const mine = (await outboxOf(fx.reservationUrn)).map((m) => m.urn);
    expect(stale.map((m) => m.urn)).toEqual(expect.arrayContaining(mine));
    for (const urn of mine) await deliverEmail(sys(), urn, { lastAttempt: false });
    expect((await outboxOf(fx.reservationUrn)).map((m) => m.status)).toEqual(["SENT", "SENT"]);
    expect(smtp.received).toHaveLength(2);
  });

  it("the sweep leaves alone mail whose delivery run is still waiting: a backlog is not lost mail", async () => {
    // bench:e2e --chaos: with 2,290 voucher emails behind the bookings, each 5-minute sweep re-queued
    // up to 500 messages that already had a run waiting, and the extra runs slowed the backlog down
    const fx = await booked();
    await enqueue(fx.reservationUrn);
    const mine = (await outboxOf(fx.reservationUrn)).map((m) => m.urn);
    const runner = createRunner({ db: database.db, jobs: [deliverEmailJob(async () => database.db)], retryBaseMs: 1 });
    await runner.dispatch(); // the runs exist, QUEUED, and have not run yet
    await database.db.update(messages).set({ updatedAt: new Date(Date.now() - 10 * 60_000) }).where(eq(messages.relatedUrn, fx.reservationUrn));
    const later = new Date(Date.now() + 60_000);
    expect((await staleQueued(sys(), { olderThanMs: 5 * 60_000, limit: 10_000, now: later })).map((m) => m.urn)).not.toEqual(expect.arrayContaining([mine[0]]));
    // once the runs are over and the mail is still QUEUED (they gave up, or were cancelled), it is stale again
    await database.db.update(jobRuns).set({ status: "CANCELLED" }).where(and(eq(jobRuns.functionId, "deliver-message"), sql`${jobRuns.event}->'data'->>'messageUrn' in (${sql.join(mine.map((u) => sql`${u}`), sql`, `)})`));
    expect((await staleQueued(sys(), { olderThanMs: 5 * 60_000, limit: 10_000, now: later })).map((m) => m.urn)).toEqual(expect.arrayContaining(mine));
    for (const urn of mine) await deliverEmail(sys(), urn, { lastAttempt: false }); // leave no QUEUED mail to the next test
  });

  it("the sweep re-queues mail whose message/queued event was lost, and it is delivered", async () => {
    const fx = await booked();
    await enqueue(fx.reservationUrn);
    const mine = await outboxOf(fx.reservationUrn);
    // the events never reached a runner; the rows sat QUEUED for ten minutes
    for (const m of mine) await database.db.delete(jobEvents).where(sql`${jobEvents.data}->>'messageUrn' = ${m.urn}`);
    await database.db.update(messages).set({ updatedAt: new Date(Date.now() - 10 * 60_000) }).where(eq(messages.relatedUrn, fx.reservationUrn));
    const clock = manualClock();
    const runner = createRunner({ db: database.db, jobs: [deliverEmailSweepJob(async () => database.db), deliverEmailJob(async () => database.db)], retryBaseMs: 1, clock });
    await runner.tick(); // schedules the sweep
    clock.advance(5 * 60_000 + 1000);
    await runner.tick();
    expect((await outboxOf(fx.reservationUrn)).map((m) => m.status)).toEqual(["SENT", "SENT"]);
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(mine.map((m) => m.recipient).sort());
  });

  it("a crash between sending and recording SENT sends again on the retry, with the same Message-ID (at-least-once edge)", async () => {
    const fx = await booked();
    await enqueue(fx.reservationUrn);
    const [first] = await outboxOf(fx.reservationUrn);
    await deliverEmail(sys(), first.urn, { lastAttempt: false });
    // as the crash leaves it: claimed (attempt counted, lease lapsed), sent, never marked SENT
    await database.db.update(messages).set({ status: "QUEUED", sendAfter: null, sentAt: null }).where(eq(messages.urn, first.urn));
    await deliverEmail(sys(), first.urn, { lastAttempt: false });
    const copies = smtp.received.filter((m) => m.to[0] === first.recipient);
    expect(copies).toHaveLength(2);
    expect(copies[0].messageId).toBe(copies[1].messageId);
    expect(copies[0].messageId).toBe(messageIdOf(first.urn));
  });

  it("a database away when SENT is recorded is waited out: the message is recorded SENT and sent once", async () => {
    const fx = await booked();
    await enqueue(fx.reservationUrn);
    const [first] = await outboxOf(fx.reservationUrn);
    // the connection cut as a PostgreSQL restart cuts it, on the first statement after the mail server took the message
    let cut = 0;
    const db = new Proxy(database.db, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target);
        if (prop !== "execute" || cut > 0) return typeof value === "function" ? value.bind(target) : value;
        return () => {
          cut += 1;
          return Promise.reject(Object.assign(new Error("Connection terminated unexpectedly"), { code: "ECONNRESET" }));
        };
      },
    });
    const d = await deliverEmail({ ...sys(), db }, first.urn, { lastAttempt: false });
    expect(cut).toBe(1);
    expect(d.status).toBe("SENT");
    expect((await outboxOf(fx.reservationUrn)).find((m) => m.urn === first.urn)?.status).toBe("SENT");
    expect(smtp.received.filter((m) => m.messageId === messageIdOf(first.urn))).toHaveLength(1);
  });

  it("a chunk's messages are claimed in one statement and each sent once; one another run holds is left to it, and a second call sends nothing", async () => {
    const [one, two] = [await booked(), await booked()];
    await enqueue(one.reservationUrn);
    await enqueue(two.reservationUrn);
    const [held] = await outboxOf(two.reservationUrn);
    await database.db.update(messages).set({ sendAfter: new Date(Date.now() + 60_000) }).where(eq(messages.urn, held.urn));
    const chunk = { reservationUrns: [one.reservationUrn, two.reservationUrn], version: 1 };

    expect(await sendStayMessagesNow(sys(), chunk)).toEqual({ sent: 3, handOff: [], waitMs: 0 });
    const all = [...(await outboxOf(one.reservationUrn)), ...(await outboxOf(two.reservationUrn))];
    expect(all.filter((m) => m.status === "SENT").map((m) => m.urn).sort()).toEqual(all.filter((m) => m.urn !== held.urn).map((m) => m.urn).sort());
    expect(all.find((m) => m.urn === held.urn)).toMatchObject({ status: "QUEUED", attempts: 0 });
    expect(await sendStayMessagesNow(sys(), chunk)).toEqual({ sent: 0, handOff: [], waitMs: 0 });
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(smtp.received.length);
    expect(smtp.received).toHaveLength(3);
  });

  it("a message leased by a running delivery is not sent by a concurrent one", async () => {
    const fx = await booked();
    await enqueue(fx.reservationUrn);
    const [m] = await outboxOf(fx.reservationUrn);
    const results = await Promise.all([deliverEmail(sys(), m.urn, { lastAttempt: false }), deliverEmail(sys(), m.urn, { lastAttempt: false })]);
    expect(results.map((r) => r.status).sort()).toEqual(["BUSY", "SENT"].sort());
    expect(smtp.received.filter((r) => r.to[0] === m.recipient)).toHaveLength(1);
  });
});

describe("cancellation emails", () => {
  it("none when the voucher was never delivered", async () => {
    const fx = await booked();
    delete process.env.SMTP_URL;
    await enqueue(fx.reservationUrn);
    await runJobs();
    expect(await transaction(sys(), (tx) => queueCancellationMessages(tx, { tenant, caseUrn: fx.caseUrn, reservationUrn: fx.reservationUrn, reason: "flight re-timed" }))).toBe(0);
  });

  it("one per recipient who received the voucher, once", async () => {
    const fx = await booked();
    await enqueue(fx.reservationUrn);
    await runJobs();
    smtp.received.length = 0;
    const cancel = () => transaction(sys(), (tx) => queueCancellationMessages(tx, { tenant, caseUrn: fx.caseUrn, reservationUrn: fx.reservationUrn, reason: "the passengers left on an earlier flight" }));
    expect(await cancel()).toBe(2);
    expect(await cancel()).toBe(0);
    await runJobs();
    expect(smtp.received).toHaveLength(2);
    expect(smtp.received[0].subject).toContain("Cancelled");
    expect(smtp.received[0].text).toContain("the passengers left on an earlier flight");
    const rows = await database.db
      .select()
      .from(messages)
      .where(and(eq(messages.relatedUrn, fx.reservationUrn), eq(messages.kind, "CANCELLATION")));
    expect(rows.every((r) => r.status === "SENT")).toBe(true);
  });
});

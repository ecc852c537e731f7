import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobEvents, jobRuns, messages, rideVouchers, transportSegments } from "@/db/schema";
import { deliverMessageJob } from "@/inngest/functions/deliver-message";
import { reconfirmationJobs } from "@/inngest/functions/reconfirm-reservation";
import { manualClock } from "@/lib/jobs/clock";
import { createRunner } from "@/lib/jobs/runner";
import { newUrn } from "@/lib/ids";
import { apiTestDatabase } from "@/tests/helpers/api";
import { roleToken } from "@/tests/helpers/cases";
import { uniqueTenant } from "@/tests/helpers/factories";
import { sandboxFleet } from "@/tests/helpers/fleet";
import { startSmtpServer, type SmtpServer } from "@/tests/helpers/smtp";
import { passengerFlow } from "@/inngest/functions/passenger-flow";
import { rideJobs } from "@/inngest/functions/rides";
import { enqueue } from "../jobs/helpers";
import { caseWithStay, configuredRides, confirm, settle } from "./helpers";

const database = apiTestDatabase({ airports: true });
const fleet = sandboxFleet();
const provider = configuredRides();

// 23:30 Paris: both rides at night (taxis); 13:00 Paris: both by shuttle
const NIGHT = { departure: "2027-01-10T22:30:00Z", next: "2027-01-11T05:00:00Z" };
const DAY = { departure: "2027-01-10T12:00:00Z", next: "2027-01-11T10:00:00Z" };

async function stay(times: { departure: string; next: string }, groups = 1) {
  const tenant = uniqueTenant();
  const token = await roleToken(tenant, "OPS_SUPERVISOR");
  return { tenant, ...(await caseWithStay(database.db, { token, tenant, ...times, groups })) };
}
const voucherMessages = (reservationUrn: string) =>
  database.db.select().from(messages).where(and(eq(messages.relatedUrn, reservationUrn), eq(messages.kind, "VOUCHER"))).orderBy(asc(messages.version), asc(messages.channel));

/** Legs (reservation, direction) that hold an issued taxi and a seat on a live shuttle at once: must be none. */
async function shuttleAndTaxiSameLeg(caseUrn: string): Promise<string[]> {
  const taxis = await database.db
    .select({ reservationUrn: rideVouchers.reservationUrn, direction: rideVouchers.direction })
    .from(rideVouchers)
    .where(and(eq(rideVouchers.caseUrn, caseUrn), inArray(rideVouchers.status, ["ISSUED", "USED"])));
  const live = await database.db.select().from(transportSegments).where(and(eq(transportSegments.caseUrn, caseUrn), inArray(transportSegments.status, ["PLANNED", "ASSIGNED"])));
  return taxis.filter((t) => live.some((s) => s.direction === t.direction && s.reservationUrns.includes(t.reservationUrn))).map((t) => `${t.reservationUrn} ${t.direction}`);
}

describe("the passenger's flow: room → ride → voucher → message", () => {
  it("by day the voucher email names the shuttle with its vehicle; the SMS names the pickup; nothing says 'make your own way'", async () => {
    const c = await stay(DAY);
    await confirm(database.db, c.tenant, c.caseUrn, c.reservationUrn);
    const sent = await voucherMessages(c.reservationUrn);
    const emails = sent.filter((m) => m.channel === "EMAIL");
    expect(emails.length).toBeGreaterThan(0);
    for (const m of emails) {
      expect(m.version).toBe(1);
      expect(m.text).toContain("Pickup at");
      expect(m.text).toMatch(/Vehicle: /);
      expect(m.text).not.toContain("make your own way");
      expect(m.payload).toMatchObject({ ride: "DECIDED" });
    }
  });

  it("at night the voucher email carries the taxi voucher codes, issued before it was rendered", async () => {
    const c = await stay(NIGHT);
    await confirm(database.db, c.tenant, c.caseUrn, c.reservationUrn);
    const taxis = await database.db.select().from(rideVouchers).where(and(eq(rideVouchers.reservationUrn, c.reservationUrn), isNotNull(rideVouchers.code)));
    expect(taxis.map((t) => t.status)).toEqual(["ISSUED", "ISSUED"]);
    const [email] = (await voucherMessages(c.reservationUrn)).filter((m) => m.channel === "EMAIL");
    for (const t of taxis) expect(email.text).toContain(`Taxi voucher ${t.code}`);
    expect(email.text).not.toContain("No transport arranged");
    expect(await shuttleAndTaxiSameLeg(c.caseUrn)).toEqual([]);
  });

  it("a leg is a shuttle seat or a taxi, never both: a group whose taxi is issued leaves the shuttle another group still rides", async () => {
    const c = await stay(DAY, 2);
    const [a, b] = c.reservationUrns;
    await fleet.admin("/__sandbox/fleet", { airport: "CDG", vehicles: { SHUTTLE: 0 } });
    try {
      // the first group's taxis are refused by the ride provider: it stays on the (vehicle-less) shuttle; the second's are issued
      provider().refuseNext(2);
      await enqueue(database.db, "stays/confirmed", { tenant: c.tenant, caseUrn: c.caseUrn, reservationUrns: [a] });
      await confirm(database.db, c.tenant, c.caseUrn, b);
    } finally {
      await fleet.admin("/__sandbox/reset");
    }
    // the two flows run side by side: which group's taxis were refused depends on their order, not the rule
    const taxis = await database.db.select().from(rideVouchers).where(eq(rideVouchers.caseUrn, c.caseUrn));
    expect(taxis.some((t) => t.status === "FAILED")).toBe(true);
    expect(taxis.some((t) => t.status === "ISSUED")).toBe(true);
    expect(await shuttleAndTaxiSameLeg(c.caseUrn)).toEqual([]);
    // a leg whose taxi was refused keeps its seat on the shuttle (the desk's item says it has no vehicle)
    const live = await database.db.select().from(transportSegments).where(and(eq(transportSegments.caseUrn, c.caseUrn), inArray(transportSegments.status, ["PLANNED", "ASSIGNED"])));
    for (const t of taxis.filter((x) => x.status === "FAILED")) expect(live.some((s) => s.direction === t.direction && s.reservationUrns.includes(t.reservationUrn))).toBe(true);
  });

  it("no vehicle and the ride provider down: the voucher waits its bound, then leaves saying the ride is being arranged; one follow-up carries the taxi once it is issued", async () => {
    const c = await stay(DAY);
    await fleet.admin("/__sandbox/fleet", { airport: "CDG", vehicles: { SHUTTLE: 0 } });
    provider().faults.configure({ retryAfterSeconds: 0, rate5xx: 1 });
    try {
      await confirm(database.db, c.tenant, c.caseUrn, c.reservationUrn);
    } finally {
      provider().faults.configure({ rate5xx: 0 });
    }
    const first = await voucherMessages(c.reservationUrn);
    expect(first.length).toBeGreaterThan(0);
    expect(first.every((m) => m.version === 1 && (m.payload as { ride: string }).ride === "PENDING")).toBe(true);
    // the email shows the shuttle planned (no vehicle yet) and no taxi: the ride is not decided
    expect(first.find((m) => m.channel === "EMAIL")!.text).not.toContain("Taxi voucher");
    try {
      await settle(database.db);
      await settle(database.db);
    } finally {
      await fleet.admin("/__sandbox/reset");
    }
    const all = await voucherMessages(c.reservationUrn);
    const followUps = all.filter((m) => m.version === 2);
    expect(followUps.length).toBeGreaterThan(0);
    const codes = (await database.db.select().from(rideVouchers).where(eq(rideVouchers.reservationUrn, c.reservationUrn))).map((t) => t.code);
    expect(followUps.find((m) => m.channel === "EMAIL")!.text).toContain(`Taxi voucher ${codes[0]}`);
    expect(followUps.find((m) => m.channel === "EMAIL")!.subject).toMatch(/^Your ride to the hotel/);
    await settle(database.db);
    expect((await voucherMessages(c.reservationUrn)).length).toBe(all.length);
  });

  it("the passenger's message is served before background work queued ahead of it", async () => {
    // 12 re-confirmation retimes (background) queued first, then one message to deliver (the passenger's lane)
    for (let i = 0; i < 12; i++) await enqueue(database.db, "transport/planned", { tenant: "ZZ", caseUrn: newUrn("case"), reservationUrn: newUrn("reservation") });
    await enqueue(database.db, "message/queued", { tenant: "ZZ", messageUrn: newUrn("email") });
    const runner = createRunner({ db: database.db, jobs: [...reconfirmationJobs, deliverMessageJob(async () => database.db)], retryBaseMs: 1, concurrency: 1 });
    await runner.tick();
    const runs = await database.db
      .select({ functionId: jobRuns.functionId })
      .from(jobRuns)
      .where(and(inArray(jobRuns.functionId, ["deliver-message", "reconfirm-retime"]), isNotNull(jobRuns.startedAt)))
      .orderBy(asc(jobRuns.startedAt), sql`${jobRuns.id}`);
    expect(runs[0]?.functionId).toBe("deliver-message");
  });
});

describe("the flow sends its messages itself, right after the voucher", () => {
  let smtp: SmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    process.env.SMTP_URL = smtp.url;
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    await smtp.stop();
  });
  const queuedEventsFor = async (urns: string[]) =>
    (await database.db.select({ data: jobEvents.data }).from(jobEvents).where(eq(jobEvents.name, "message/queued"))).filter((e) => urns.includes((e.data as { messageUrn: string }).messageUrn));

  it("the voucher email leaves in the flow's own run: no delivery run is queued for it", async () => {
    const c = await stay(DAY);
    smtp.reset();
    // the settle runner holds the flow and the ride jobs only: a message left to deliver-message would stay QUEUED
    await confirm(database.db, c.tenant, c.caseUrn, c.reservationUrn);
    const emails = (await voucherMessages(c.reservationUrn)).filter((m) => m.channel === "EMAIL");
    expect(emails.length).toBeGreaterThan(0);
    expect(emails.map((m) => m.status)).toEqual(emails.map(() => "SENT"));
    expect(smtp.received.filter((r) => emails.some((m) => r.to.includes(m.recipient))).length).toBe(emails.length);
    expect(await queuedEventsFor(emails.map((m) => m.urn))).toEqual([]);
  });

  it("a mail server that says 'not now' hands the message to the delivery job, which sends it once", async () => {
    const c = await stay(DAY);
    smtp.reset();
    // the flow's one try of each email is refused for now: the delivery job (in this runner) takes them over
    smtp.failNext(2, 451);
    const runner = createRunner({ db: database.db, jobs: [passengerFlow, ...rideJobs, deliverMessageJob(async () => database.db)], retryBaseMs: 1, clock: manualClock() });
    await enqueue(database.db, "stays/confirmed", { tenant: c.tenant, caseUrn: c.caseUrn, reservationUrns: [c.reservationUrn] });
    for (let i = 0; i < 8; i++) await runner.tick();
    const emails = (await voucherMessages(c.reservationUrn)).filter((m) => m.channel === "EMAIL");
    expect(emails.length).toBe(2);
    expect(emails.map((m) => [m.status, m.attempts])).toEqual([
      ["SENT", 2],
      ["SENT", 2],
    ]);
    expect((await queuedEventsFor(emails.map((m) => m.urn))).length).toBe(2);
    expect(smtp.received.length).toBe(2);
  });
});

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { auditEntries, cases, jobRuns, reviewItems, webhookDeliveries } from "@/db/schema";
import { reviewSlaJobs } from "@/inngest/functions/review-sla";
import { deliverWebhookJob } from "@/inngest/functions/webhooks";
import { manualClock } from "@/lib/jobs/clock";
import { createRunner } from "@/lib/jobs/runner";
import { claimReviewItem, releaseReviewItem } from "@/lib/review";
import { createReviewItem } from "@/lib/review/create-item";
import { recordBreach } from "@/lib/sla/breach";
import { updateSettings } from "@/lib/tenants/update-settings";
import type { ReviewCategory } from "@/lib/vocabulary";
import { insertCase } from "@/tests/helpers/case-rows";
import { testDatabase } from "@/tests/helpers/db";
import { ctxFor, principal, uniqueTenant } from "@/tests/helpers/factories";
import { RECEIVER_SECRET, receiverForTests } from "@/tests/helpers/receiver";

const MIN = 60_000;

describe("review SLA: sleep until the deadline, then escalate, audit and page once", () => {
  let database: Database;
  const receiver = receiverForTests();
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  /** A tenant with an alerting channel to the receiver, a runner with the SLA and delivery jobs on a manual clock. */
  async function setup(sla?: { HIGH?: number; MEDIUM?: number; LOW?: number }) {
    const db = database.db;
    const tenant = uniqueTenant();
    const admin = ctxFor(db, principal({ tenant, roles: ["ADMIN"] }));
    const operator = ctxFor(db, principal({ tenant, roles: ["AIRPORT_OPERATOR"], airports: ["CDG"] }));
    const kase = await insertCase(db, { tenant });
    await updateSettings({ ctx: admin, input: { alerting: { url: receiver.get().url, secret: RECEIVER_SECRET }, ...(sla ? { slaMinutes: sla } : {}) } });
    const clock = manualClock(Date.now());
    const sla_ = reviewSlaJobs(async () => db);
    const runner = createRunner({ db, clock, jobs: [sla_.onCreated, sla_.onRescheduled, sla_.onReleased, sla_.reschedule, deliverWebhookJob(async () => db)] });
    const open = async (category: ReviewCategory) =>
      createReviewItem(admin, { caseUrn: kase.urn, category, affectedGroups: ["PNR1"], detail: "test item", recommendations: [] });
    const item = async (urn: string) => (await db.select().from(reviewItems).where(eq(reviewItems.urn, urn)))[0];
    const pages = async (urn: string) =>
      db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.subjectUrn, urn), eq(webhookDeliveries.channel, "ALERTING"))).orderBy(webhookDeliveries.createdAt);
    const breachAudits = async (urn: string) =>
      db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, urn), eq(auditEntries.action, "sla-breach")));
    const received = (urn: string) => receiver.get().received.filter((r) => (r.json as { data?: { reviewUrn?: string } })?.data?.reviewUrn === urn);
    return { db, tenant, admin, operator, clock, runner, open, item, pages, breachAudits, received };
  }

  it("a claim before the deadline cancels the watch: no page, no escalation, no audit", async () => {
    const t = await setup();
    const created = await t.open("ALLOCATION_FAILED"); // HIGH: 15 minutes
    await t.runner.tick();
    const [run] = await t.db.select().from(jobRuns).where(eq(jobRuns.functionId, "review-sla"));
    expect(run.status).toBe("SLEEPING");
    t.clock.advance(10 * MIN);
    await claimReviewItem({ ctx: t.operator, input: { itemUrn: created.urn } });
    await t.runner.tick();
    t.clock.advance(30 * MIN);
    await t.runner.tick();
    const runs = await t.db.select().from(jobRuns).where(eq(jobRuns.functionId, "review-sla"));
    const mine = runs.filter((r) => (r.event as { data: { reviewUrn: string } }).data.reviewUrn === created.urn);
    expect(mine.map((r) => r.status)).toEqual(["CANCELLED"]);
    const after = await t.item(created.urn);
    expect(after).toMatchObject({ priority: "HIGH", escalations: 0, overdue: false, state: "CLAIMED" });
    expect(await t.pages(created.urn)).toHaveLength(0);
    expect(await t.breachAudits(created.urn)).toHaveLength(0);
    expect(t.received(created.urn)).toHaveLength(0);
  });

  it("a breach pages once, escalates once and audits once; the next deadline is the new priority's SLA; a HIGH breach pages again, overdue", async () => {
    const t = await setup();
    const created = await t.open("PAYMENT_FAILED"); // MEDIUM: 60 minutes
    const dueAt = created.slaDueAt!;
    await t.runner.tick();
    t.clock.advance(59 * MIN);
    await t.runner.tick();
    expect((await t.item(created.urn)).escalations).toBe(0);

    t.clock.set(dueAt.getTime() + 1_000);
    await t.runner.tick();
    await t.runner.tick(); // a second pass finds nothing new to do
    const once = await t.item(created.urn);
    expect(once).toMatchObject({ priority: "HIGH", escalations: 1, overdue: false, state: "OPEN" });
    expect(once.escalatedAt?.getTime()).toBe(dueAt.getTime());
    expect(once.slaDueAt?.getTime()).toBe(dueAt.getTime() + 15 * MIN);
    expect(await t.pages(created.urn)).toHaveLength(1);
    const audits = await t.breachAudits(created.urn);
    expect(audits).toHaveLength(1);
    expect(audits[0].changes).toEqual(expect.arrayContaining([expect.objectContaining({ field: "priority", before: "MEDIUM", after: "HIGH" })]));
    const got = t.received(created.urn);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ verified: true, event: "sla.breach", answered: 204 });
    expect(got[0].json).toMatchObject({ type: "sla.breach", tenant: t.tenant, data: { reviewUrn: created.urn, previousPriority: "MEDIUM", priority: "HIGH", breach: 1, overdue: false, slaMinutes: 60 } });

    // the same breach recorded again (a replayed step, a twin job): the deadline moved, nothing happens
    expect(await recordBreach({ db: t.db, principal: t.admin.principal }, { reviewUrn: created.urn, dueAt })).toMatchObject({ outcome: "moved" });
    expect(await t.pages(created.urn)).toHaveLength(1);

    // HIGH now: 15 minutes later it breaches again, stays HIGH, is overdue and pages a second time
    t.clock.set(dueAt.getTime() + 15 * MIN + 1_000);
    await t.runner.tick();
    expect(await t.item(created.urn)).toMatchObject({ priority: "HIGH", escalations: 2, overdue: true });
    expect(await t.pages(created.urn)).toHaveLength(2);
    expect(await t.breachAudits(created.urn)).toHaveLength(2);
    expect(t.received(created.urn).map((r) => (r.json as { data: { breach: number; overdue: boolean } }).data)).toEqual([
      expect.objectContaining({ breach: 1, overdue: false }),
      expect.objectContaining({ breach: 2, overdue: true }),
    ]);
  });

  it("a changed SLA setting reschedules open items: shorter breaches earlier, longer later", async () => {
    const t = await setup();
    const shorter = await t.open("ALLOCATION_FAILED"); // HIGH
    const longer = await t.open("DATA_INCOMPLETE"); // LOW: 240 minutes
    await t.runner.tick();
    await updateSettings({ ctx: t.admin, input: { slaMinutes: { HIGH: 5, LOW: 300 }, reason: "night shift is thin" } });
    const s = await t.item(shorter.urn);
    expect(s.slaDueAt!.getTime() - s.createdAt.getTime()).toBeLessThanOrEqual(5 * MIN);
    expect(s.slaDueAt!.getTime() - s.createdAt.getTime()).toBeGreaterThan(5 * MIN - 1_000);
    await t.runner.tick();
    t.clock.set(s.slaDueAt!.getTime() + 1_000);
    await t.runner.tick();
    expect(await t.item(shorter.urn)).toMatchObject({ escalations: 1, overdue: true });
    expect(await t.pages(shorter.urn)).toHaveLength(1);

    const l = await t.item(longer.urn);
    t.clock.set(l.createdAt.getTime() + 241 * MIN);
    await t.runner.tick();
    expect((await t.item(longer.urn)).escalations).toBe(0);
    t.clock.set(l.slaDueAt!.getTime() + 1_000);
    await t.runner.tick();
    expect(await t.item(longer.urn)).toMatchObject({ escalations: 1, priority: "MEDIUM" });
    expect(await t.pages(longer.urn)).toHaveLength(1);
  });

  it("a released item is watched again from its release", async () => {
    const t = await setup();
    const created = await t.open("ALLOCATION_FAILED");
    await t.runner.tick();
    await claimReviewItem({ ctx: t.operator, input: { itemUrn: created.urn } });
    await t.runner.tick();
    // the release's own time (the event's) restarts the clock: the job run on review/released waits for it
    await releaseReviewItem({ ctx: t.operator, input: { itemUrn: created.urn, reason: "end of shift" } });
    await t.runner.tick();
    const released = await t.item(created.urn);
    expect(released.slaDueAt!.getTime()).toBeGreaterThan(created.slaDueAt!.getTime());
    t.clock.set(released.slaDueAt!.getTime() - 1_000);
    await t.runner.tick();
    expect((await t.item(created.urn)).escalations).toBe(0);
    t.clock.set(released.slaDueAt!.getTime() + 1_000);
    await t.runner.tick();
    expect(await t.item(created.urn)).toMatchObject({ escalations: 1, overdue: true });
  });

  it("a drill's breach escalates and audits like any other, but its page stays in the log: nothing reaches on-call", async () => {
    const t = await setup();
    const drill = await insertCase(t.db, { tenant: t.tenant });
    await t.db.update(cases).set({ mode: "DRILL" }).where(eq(cases.urn, drill.urn));
    const created = await createReviewItem(t.admin, { caseUrn: drill.urn, category: "ALLOCATION_FAILED", affectedGroups: ["PNR1"], detail: "drill item", recommendations: [] });
    await t.runner.tick();
    t.clock.set(created.slaDueAt!.getTime() + 1_000);
    await t.runner.tick();
    expect(await t.item(created.urn)).toMatchObject({ escalations: 1, overdue: true });
    expect(await t.breachAudits(created.urn)).toHaveLength(1);
    const [page] = await t.pages(created.urn);
    expect(page).toMatchObject({ status: "NO_CHANNEL", url: null, attempts: 0 });
    expect(page.payload).toMatchObject({ data: { mode: "DRILL" } });
    expect(t.received(created.urn)).toHaveLength(0);
  });

  it("the page is signed and retried with backoff when the receiver fails; one delivery, the same id each time", async () => {
    const t = await setup();
    const created = await t.open("ALLOCATION_FAILED");
    await t.runner.tick();
    receiver.get().failNext(2, 500);
    t.clock.set(created.slaDueAt!.getTime() + 1_000);
    await t.runner.tick();
    let [page] = await t.pages(created.urn);
    expect(page).toMatchObject({ status: "PENDING", attempts: 1, lastStatusCode: 500 });
    expect(page.nextRetryAt).not.toBeNull();
    t.clock.advance(10_000);
    await t.runner.tick();
    [page] = await t.pages(created.urn);
    expect(page).toMatchObject({ status: "PENDING", attempts: 2, lastStatusCode: 500 });
    t.clock.advance(29_000);
    await t.runner.tick();
    expect((await t.pages(created.urn))[0].attempts).toBe(2); // 30 s backoff not over yet
    t.clock.advance(1_500);
    await t.runner.tick();
    [page] = await t.pages(created.urn);
    expect(page).toMatchObject({ status: "DELIVERED", attempts: 3, lastStatusCode: 204 });
    const calls = t.received(created.urn);
    expect(calls.map((c) => c.answered)).toEqual([500, 500, 204]);
    expect(new Set(calls.map((c) => c.deliveryUrn))).toEqual(new Set([page.urn]));
    expect(calls.every((c) => c.verified === true)).toBe(true);
  });
});

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { cases, reviewItems, webhookDeliveries } from "@/db/schema";
import { reviewSlaJobs } from "@/inngest/functions/review-sla";
import { deliverWebhookJob } from "@/inngest/functions/webhooks";
import { manualClock } from "@/lib/jobs/clock";
import { createRunner } from "@/lib/jobs/runner";
import { createReviewItem } from "@/lib/review/create-item";
import { updateSettings } from "@/lib/tenants/update-settings";
import { insertCase } from "@/tests/helpers/case-rows";
import { testDatabase } from "@/tests/helpers/db";
import { ctxFor, principal, uniqueTenant } from "@/tests/helpers/factories";
import { RECEIVER_SECRET, receiverForTests } from "@/tests/helpers/receiver";

describe("review SLA of a shadow case", () => {
  let database: Database;
  const receiver = receiverForTests();
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("a shadow item's breach pages no one (kept in the log, NO_CHANNEL), while a live item's page of the same tenant is sent", async () => {
    const db = database.db;
    const tenant = uniqueTenant();
    const admin = ctxFor(db, principal({ tenant, roles: ["ADMIN"] }));
    await updateSettings({ ctx: admin, input: { alerting: { url: receiver.get().url, secret: RECEIVER_SECRET } } });
    const shadow = await insertCase(db, { tenant });
    await db.update(cases).set({ mode: "SHADOW" }).where(eq(cases.urn, shadow.urn));
    const live = await insertCase(db, { tenant });
    const clock = manualClock(Date.now());
    const sla = reviewSlaJobs(async () => db);
    const runner = createRunner({ db, clock, jobs: [sla.onCreated, sla.onRescheduled, sla.onReleased, sla.reschedule, deliverWebhookJob(async () => db)] });
    const open = (caseUrn: string) => createReviewItem(admin, { caseUrn, category: "ALLOCATION_FAILED", affectedGroups: ["PNR1"], detail: "item", recommendations: [] });
    const shadowItem = await open(shadow.urn);
    const liveItem = await open(live.urn);
    await runner.tick();
    clock.set(Math.max(shadowItem.slaDueAt!.getTime(), liveItem.slaDueAt!.getTime()) + 1_000);
    await runner.tick();

    const pages = (urn: string) => db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.subjectUrn, urn), eq(webhookDeliveries.channel, "ALERTING")));
    const received = (urn: string) => receiver.get().received.filter((r) => (r.json as { data?: { reviewUrn?: string } })?.data?.reviewUrn === urn);
    const [kept] = await pages(shadowItem.urn);
    expect(kept).toMatchObject({ status: "NO_CHANNEL", url: null, attempts: 0 });
    expect(kept.payload).toMatchObject({ data: { mode: "SHADOW" } });
    expect(received(shadowItem.urn)).toHaveLength(0);
    expect((await db.select().from(reviewItems).where(eq(reviewItems.urn, shadowItem.urn)))[0].escalations).toBe(1);
    // the channel works: the live item's page arrived
    expect(received(liveItem.urn)).toHaveLength(1);
  });
});

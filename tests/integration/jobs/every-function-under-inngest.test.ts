import { InngestTestEngine, mockCtx } from "@inngest/test";
import { Inngest } from "inngest";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { installDatabase, type Database } from "@/db/client";
import { careAssessments, caseMilestones, mealVouchers } from "@/db/schema";
import { toInngestFunction } from "@/inngest/adapter";
import { jobs } from "@/inngest/functions";
import { CRON_EVENT, type AnyJob } from "@/lib/jobs/define";
import { eventCatalogue, isEventName } from "@/lib/events/catalogue";
import { seedTestAirports } from "@/tests/helpers/airports";
import { createCase, roleToken } from "@/tests/helpers/cases";
import { testDatabase } from "@/tests/helpers/db";

/**
 * Issue 30 part 4: every job definition of inngest/functions, once, through Inngest's own executor
 * (@inngest/test, via inngest/adapter.ts) against a real database: the code path Inngest Cloud
 * runs. Sleeps end at once, a waitForEvent times out (null) and sendEvent is recorded, as Inngest
 * would resume them; every step.run runs for real. Each function gets a representative event of
 * its trigger (a real case for the case's events; entities a function must look up and, absent,
 * skip, for the rest) and must complete; the table says what else each one's run must show.
 */

const TENANT = "IX";
let database: Database;
let caseUrn: string;

beforeAll(async () => {
  database = await testDatabase();
  installDatabase(database);
  await seedTestAirports(database.db);
  caseUrn = (await createCase(await roleToken(TENANT, "ADMIN"))).urn;
}, 60_000);
afterAll(async () => {
  await database?.close();
});

const missing = (kind: string) => `urn:svc:${kind}:00000000-0000-7000-8000-000000000000`;
const flight = (number: string, at: string) => ({ number, scheduledDeparture: at });

/** one event per name in the catalogue a job listens to; parsed by the catalogue below, so none is malformed */
function eventData(name: string): Record<string, unknown> {
  const c = { tenant: TENANT, caseUrn };
  const reservation = { ...c, reservationUrn: missing("reservation") };
  const review = { ...c, reviewUrn: missing("review") };
  const data: Record<string, Record<string, unknown>> = {
    "case/created": c,
    "case/reaccommodated": { ...c, previousNextFlight: flight("AF1236", "2026-11-22T09:30:00Z"), nextFlight: flight("AF1238", "2026-11-22T15:30:00Z"), nights: 1, overnight: true },
    "case/passengers-added": { ...c, passengerIds: [] },
    "case/accommodated": c,
    "demand/approved": { ...c, demandUrn: missing("demand"), policyUrn: null, policyVersion: null },
    "demand/partial": { ...c, demandUrn: missing("demand"), bookedGroups: [], unbookedGroups: [] },
    "allocation/requested": { ...c, demandUrn: null, reason: "operator rerun" },
    "allocation/wave.persisted": { ...c, waveUrn: missing("wave") },
    "booking/requested": { ...c, waveUrn: missing("wave"), groupId: "G-1" },
    "wave/settled": { ...c, waveUrn: missing("wave") },
    "review/created": review,
    "review/released": review,
    "review/sla.rescheduled": review,
    "review/escalated": { ...review, priority: "HIGH", escalations: 1, overdue: false },
    // a booking's request for a person, on the real case: its item made once (a URN of its own, not the review/* events')
    "review/needed": { ...c, reviewUrn: "urn:svc:review:00000000-0000-7000-8000-000000000001", category: "BOOKING_FAILED", affectedGroups: [], detail: "every hotel refused", recommend: false },
    "settings/sla.changed": { tenant: TENANT },
    "webhook/queued": { tenant: TENANT, deliveryUrn: missing("webhook-delivery") },
    "reservation/confirmed": reservation,
    "stays/confirmed": { ...c, reservationUrns: [missing("reservation")] },
    "reservation/cancelled": { ...reservation, reason: "operator" },
    "reservation/changed": { ...reservation, version: 2 },
    "reservation/reconfirmation.scheduled": reservation,
    "reservation/walked": { ...reservation, hotelUrn: missing("hotel"), reason: "overbooked" },
    "voucher/issued": { ...reservation, voucherUrn: missing("voucher") },
    "voucher/refreshed": reservation,
    "passenger/declined": { ...reservation, groupId: "G-1", released: true },
    "passenger/hotel-chosen": { ...reservation, previousUrn: missing("reservation") },
    "care/assessed": { ...c, version: 1, trigger: "case/created" },
    "meal/issued": { ...c, mealVoucherUrn: missing("meal-voucher") },
    "transport/planned": { ...c, reservationUrns: [missing("reservation")] },
    "transport/fleet-refused": { ...c, segmentUrn: missing("segment"), why: "no vehicle", withoutFleet: true },
    "transport/ride.changed": { ...c, segmentUrn: missing("segment"), changeUrn: missing("audit"), change: "RETIMED", direction: "AIRPORT_TO_HOTEL", scheduledAt: "2026-11-21T20:00:00.000Z", pickupLocation: null, reservationUrns: [] },
    "ride/issued": { ...c, rideVoucherUrn: missing("ride-voucher") },
    "capacity/called": { tenant: TENANT, callUrn: missing("capacity-call"), airport: "CDG" },
    "message/queued": { tenant: TENANT, messageUrn: missing("message") },
  };
  if (!(name in data)) throw new Error(`no representative event for ${name}: add one to the table`);
  if (isEventName(name)) eventCatalogue[name].parse(data[name]);
  return data[name];
}

type Ran = { result: unknown; steps: string[]; sent: unknown[]; sleeps: string[]; waits: string[] };

/** Runs `job` once through Inngest's executor with `event`; sleeps end at once, waits time out, sent events are recorded. */
async function runUnderInngest(job: AnyJob, event: { name: string; data: Record<string, unknown>; ts: number }): Promise<Ran> {
  const sent: unknown[] = [];
  const sleeps: string[] = [];
  const waits: string[] = [];
  const t = new InngestTestEngine({
    function: toInngestFunction(new Inngest({ id: "every-function-test" }), job),
    transformCtx: (ctx) => {
      const mocked = mockCtx(ctx) as typeof ctx;
      const step = mocked.step as unknown as Record<string, unknown>;
      step.sleep = vi.fn(async (id: string) => void sleeps.push(id));
      step.sleepUntil = vi.fn(async (id: string) => void sleeps.push(id));
      step.waitForEvent = vi.fn(async (id: string) => (waits.push(id), null));
      step.sendEvent = vi.fn(async (_id: string, payload: unknown) => {
        const list = Array.isArray(payload) ? payload : [payload];
        sent.push(...list);
        return { ids: list.map((_, i) => `sent-${sent.length}-${i}`) };
      });
      return mocked;
    },
  });
  const { result, error, ctx } = await t.execute({ events: [event] });
  if (error) throw error;
  const run = (ctx.step.run as unknown as { mock: { calls: unknown[][] } }).mock.calls.map((call) => String(call[0]));
  return { result, steps: run, sent, sleeps, waits };
}

type Expected = {
  /** the step.run ids the run went through, in order */
  steps: string[];
  /** what its result must contain */
  result: unknown;
  /** what its run changed in the database, checked after it */
  rows?: () => Promise<void>;
};

/**
 * What each function's run must show. The events name a real case; other entities are absent, and
 * a function must look them up and stop saying why (a missing wave, reservation, review item,
 * message, delivery), not fail. Functions with effects on the case are checked in their rows.
 */
const EXPECTED: Record<string, Expected> = {
  "case-created-log": { steps: ["note-case"], result: { caseUrn: expect.stringMatching(/^urn:svc:case:/) } },
  "case-intake-acknowledged": {
    steps: ["acknowledge"],
    result: { fresh: true },
    rows: async () => {
      const rows = await database.db.select().from(caseMilestones).where(eq(caseMilestones.caseUrn, caseUrn));
      expect(rows.map((r) => r.milestone)).toContain("INTAKE_ACKNOWLEDGED");
    },
  },
  // the case's demand approves no rooms yet: nothing is placeable, and it says so per group
  "allocate-on-approval": { steps: ["batch-window", "search"], result: { kind: "skipped", why: expect.stringContaining("nothing placeable"), waveUrn: null } },
  "allocate-on-request": { steps: ["search"], result: { kind: "skipped", why: expect.stringContaining("nothing placeable"), waveUrn: null } },
  "book-wave": { steps: ["case-mode", "groups-to-book"], result: { requested: 0 } },
  "book-group": { steps: ["claim"], result: { kind: "skipped", why: "the wave does not exist", reservationUrn: null } },
  "passenger-flow": { steps: ["ride"], result: { skipped: "reservation no longer confirmed" } },
  "messages-ride-follow-up": { steps: ["follow-up"], result: { queued: 0 } },
  "messages-ride-changed": { steps: ["queue"], result: { queued: 0 } },
  "check-out-stays": { steps: ["check-out"], result: { checkedOut: 0, closed: [] } },
  "deliver-message": { steps: ["send"], result: { status: "MISSING", attempts: 0 } },
  "deliver-message-sweep": { steps: ["find"], result: { requeued: 0 } },
  // nothing 14 days old in a new database: one pass finds nothing, no vacuum
  "job-retention": { steps: ["purge-0"], result: { retentionDays: 14, runs: 0, steps: 0, events: 0, effects: 0, vacuumed: [] } },
  "messages-voucher-issued": { steps: ["queue"], result: { queued: 0 } },
  "messages-reservation-changed": { steps: ["queue"], result: { queued: 0 } },
  "messages-reservation-cancelled": { steps: ["queue"], result: { queued: 0 } },
  "messages-passenger-declined": { steps: ["queue"], result: { queued: 0 } },
  "review-sla": { steps: ["read-0"], result: { breaches: 0, stopped: "missing" } },
  "review-sla-rescheduled": { steps: ["read-0"], result: { breaches: 0, stopped: "missing" } },
  "review-sla-released": { steps: ["restart", "read-0"], result: { breaches: 0, stopped: "missing" } },
  "review-sla-reschedule": { steps: ["open-items"], result: { watched: 0 } },
  "deliver-webhook": { steps: ["attempt-0"], result: { done: true, status: "FAILED", code: null } },
  "weekly-report": { steps: ["due-tenants"], result: { reported: [] } },
  "agent-recommend": { steps: ["recommend"], result: { ran: false } },
  "drop-transport": { steps: ["drop"], result: { cancelled: [], shrunk: [] } },
  "record-fleet-shortfall": { steps: ["record"], result: { recorded: false } },
  "complete-transport": { steps: ["complete"], result: [] },
  "transport-follow-next-flight": { steps: ["follow"], result: { retimed: [], cancelled: [] } },
  "reaccommodate-stays": { steps: ["reservations"], result: { changes: [] } },
  "release-chosen-stay": { steps: ["release"], result: { outcome: "SKIPPED", detail: expect.stringContaining("is missing") } },
  "return-leg-email": { steps: ["retime", "enqueue"], result: { queued: 0 } },
  // one step per tenant with data: the case's tenant has nothing past its retention yet
  "erase-personal-data": { steps: ["tenants", `erase-${TENANT}-0`], result: { erased: {} } },
  // the wave's settled reactions first (repaired after a crash), then the booked groups' items closed
  "review-close-booked": { steps: ["repair", "close"], result: { closed: [] } },
  "review-needed-repair": { steps: ["repair"], result: { reviewUrn: "urn:svc:review:00000000-0000-7000-8000-000000000001" } },
  // the first assessment of the case is version 1; the two after it find nothing changed
  "assess-care-created": {
    steps: ["assess"],
    result: { version: 1, fresh: true },
    rows: async () => {
      const rows = await database.db.select().from(careAssessments).where(eq(careAssessments.caseUrn, caseUrn));
      expect(rows.map((r) => r.version)).toEqual([1]);
    },
  },
  "assess-care-reaccommodated": { steps: ["assess"], result: { version: 1, fresh: false } },
  "assess-care-passengers-added": { steps: ["assess"], result: { version: 1, fresh: false } },
  "care-refresh-vouchers": { steps: ["find"], result: { reservations: 0 } },
  // the case's care (version 1) owes meals now: one voucher per passenger and meal due, each a row
  "meal-vouchers": {
    steps: ["plan", "issue-due"],
    result: { cancelled: 0, due: expect.any(Number), later: 0 },
    rows: async () => {
      const rows = await database.db.select().from(mealVouchers).where(and(eq(mealVouchers.caseUrn, caseUrn), eq(mealVouchers.tenant, TENANT)));
      expect(rows.length).toBeGreaterThan(0);
    },
  },
  "messages-meal-issued": { steps: ["queue"], result: { queued: 0 } },
  "cancel-ride-vouchers": { steps: ["cancel"], result: { cancelled: [] } },
  "rides-follow-next-flight": { steps: ["follow"], result: { cancelled: [], pending: [], reservations: [], issued: [] } },
  "messages-ride-issued": { steps: ["queue"], result: { queued: 0 } },
  "messages-capacity-called": { steps: ["queue"], result: { queued: 0 } },
  "capacity-call-on-wave": { steps: ["call"], result: { callUrn: null, roomsShort: 0 } },
  // no rows written (the reservation is missing): the rows of a stay planned again would follow the pickup
  "reconfirm-schedule": { steps: ["schedule", "retime"], result: { scheduled: {}, movedTo: { [missing("reservation")]: null } } },
  "reconfirm-reservation": { steps: ["next-0"], result: { outcomes: [] } },
  "rehouse-walked": { steps: ["plan"], result: { outcome: "SKIPPED", detail: "the reservation is missing" } },
};

describe("every job definition under Inngest's executor (@inngest/test)", () => {
  it("has an expectation for every job, and a job for every expectation", () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(jobs.map((j) => j.id).sort());
  });

  // in registry order: the care assessed by the case's first job is what the meal vouchers later plan from
  it.each(jobs.map((job) => [job.id, job] as const))("%s", async (id, job) => {
    const expected = EXPECTED[id];
    expect(expected, `an expectation for ${id}`).toBeDefined();
    const event = job.cron ? { name: CRON_EVENT, data: { cron: job.cron }, ts: Date.now() } : { name: job.event, data: eventData(job.event), ts: Date.now() };
    const ran = await runUnderInngest(job, event);
    expect(ran.steps).toEqual(expected.steps);
    expect(ran.result).toMatchObject(expected.result as object);
    await expected.rows?.();
  });
});

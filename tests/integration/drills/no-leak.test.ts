import type http from "node:http";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as createSubH } from "@/app/api/v1/webhooks/subscriptions/route";
import { allocationWaves, mealVouchers, messages, reservations, reviewItems, rideVouchers, tenants, transportSegments, webhookDeliveries } from "@/db/schema";
import { agentRecommendJob } from "@/inngest/functions/agent-recommend";
import { allocateOnApproval } from "@/inngest/functions/allocate";
import { careAssessors } from "@/inngest/functions/assess-care";
import { bookGroup, bookWave } from "@/inngest/functions/book";
import { deliverMessageJob } from "@/inngest/functions/deliver-message";
import { mealVoucherJobs } from "@/inngest/functions/meal-vouchers";
import { messageSubscribers } from "@/inngest/functions/messages";
import { passengerFlow } from "@/inngest/functions/passenger-flow";
import { dropTransportOnCancelled } from "@/inngest/functions/plan-transport";
import { rideJobs } from "@/inngest/functions/rides";
import { deliverWebhookJob } from "@/inngest/functions/webhooks";
import { modelSandboxServer, SANDBOX_MODEL_KEY } from "@/lib/peers/model/sandbox";
import { cancelReservation } from "@/lib/booking/cancel";
import { createCase } from "@/lib/cases/create";
import type { Ctx } from "@/lib/context";
import { approveDemand, createDemand } from "@/lib/demand";
import { generateManifest, launchDrill } from "@/lib/drills";
import { stopDrillSandboxes } from "@/lib/peers/drill-sources";
import { createRunner } from "@/lib/jobs/runner";
import { mealsSandboxServer } from "@/lib/peers/meals/sandbox";
import { paymentSandboxServer } from "@/lib/payments/sandbox";
import { closePool } from "@/lib/pool";
import { expediaSandbox } from "@/lib/providers/expedia-rapid/sandbox";
import { hotelbedsSandbox } from "@/lib/providers/hotelbeds/sandbox";
import { listen, type RunningServer } from "@/lib/providers/sandbox-kit";
import { ridesSandboxServer } from "@/lib/peers/rides/sandbox";
import { sandboxRidesKey, sandboxRidesSecret } from "@/lib/peers/rides/settings";
import { smsSandboxServer } from "@/lib/sms/sandbox";
import { fleetSandboxServer } from "@/lib/peers/fleet/sandbox";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { roleToken } from "@/tests/helpers/cases";
import { ctxFor, principal, uniqueTenant } from "@/tests/helpers/factories";
import { activePolicy } from "@/tests/helpers/policies";
import { RECEIVER_SECRET, receiverForTests } from "@/tests/helpers/receiver";
import { startSmtpServer } from "@/tests/helpers/smtp";

/**
 * Issue 20: a drill cannot leak. Separate instances of our sandboxes stand in for the configured
 * "real" peers (hotel providers, PSP, fleet, model, SMTP, SMS, the meal-voucher issuer, a webhook receiver), each counting
 * every request it receives. A DRILL case runs allocation, CARD booking, vouchers and their mail, meal vouchers,
 * transport with fleet assignment, the exception agent and a cancellation through the real job
 * runner, a SHADOW case is allocated beside it, and none of them hears a thing; a LIVE case of the same tenant then does reach them,
 * so the counting is shown to work.
 */
const database = apiTestDatabase({ airports: true });
const receiver = receiverForTests();

type Peer = "EXPEDIA_RAPID" | "HOTELBEDS" | "PSP" | "FLEET" | "MODEL" | "SMS" | "SMTP" | "MEALS" | "RIDES";
const heard: Record<Peer, string[]> = { EXPEDIA_RAPID: [], HOTELBEDS: [], PSP: [], FLEET: [], MODEL: [], SMS: [], SMTP: [], MEALS: [], RIDES: [] };
const counts = () => Object.fromEntries(Object.entries(heard).map(([k, v]) => [k, v.length])) as Record<Peer, number>;
const running: RunningServer[] = [];
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

/** A sandbox server of ours as a "real" peer: every request it receives is written down. */
async function real(peer: Peer, server: http.Server): Promise<string> {
  server.on("request", (req: http.IncomingMessage) => heard[peer].push(`${req.method} ${req.url}`));
  const r = await listen(server);
  running.push(r);
  return r.url;
}

const ENV = ["EXPEDIA_RAPID_URL", "HOTELBEDS_URL", "PSP_URL", "FLEET_URL", "MODEL_BASE_URL", "MODEL_API_KEY", "MODEL_NAME", "MODEL_MAX_RETRIES", "SMTP_URL", "SMS_URL", "SMS_KEY", "SMS_FROM", "MEALS_URL", "MEALS_KEY", "MEALS_SECRET", "RIDES_URL", "RIDES_KEY", "RIDES_SECRET", "OFFER_CACHE_TTL_SECONDS"] as const;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  for (const k of ENV) saved[k] = process.env[k];
  process.env.EXPEDIA_RAPID_URL = await real("EXPEDIA_RAPID", expediaSandbox().server);
  process.env.HOTELBEDS_URL = await real("HOTELBEDS", hotelbedsSandbox().server);
  process.env.PSP_URL = await real("PSP", paymentSandboxServer().server);
  process.env.FLEET_URL = await real("FLEET", fleetSandboxServer().server);
  process.env.RIDES_URL = await real("RIDES", ridesSandboxServer().server);
  process.env.RIDES_KEY = sandboxRidesKey();
  process.env.RIDES_SECRET = sandboxRidesSecret();
  process.env.MODEL_BASE_URL = `${await real("MODEL", modelSandboxServer().server)}/v1`;
  process.env.MODEL_API_KEY = SANDBOX_MODEL_KEY;
  process.env.MODEL_NAME = "sandbox-model";
  process.env.MODEL_MAX_RETRIES = "0";
  const sms = smsSandboxServer();
  process.env.SMS_URL = `${await real("SMS", sms.server)}/2010-04-01/Accounts/${sms.accountSid}`;
  process.env.SMS_KEY = sms.authToken;
  process.env.SMS_FROM = "+15005550006";
  const meals = mealsSandboxServer();
  process.env.MEALS_URL = await real("MEALS", meals.server);
  process.env.MEALS_KEY = meals.apiKey;
  process.env.MEALS_SECRET = meals.secret;
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  process.env.OFFER_CACHE_TTL_SECONDS = "300";
});
afterAll(async () => {
  for (const k of ENV) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  await Promise.all(running.map((r) => r.stop()));
  await smtp.stop();
  await stopDrillSandboxes();
  await closePool();
});

const SPEC = { passengers: 40, airport: "LHR", tierMix: { FIRST: 5, BUSINESS: 15, PREMIUM_ECONOMY: 10, ECONOMY: 65, CREW: 5 }, departure: "2026-11-21T15:00:00Z", nextFlight: "2026-11-22T09:30:00Z" };
const PAID = ["BUSINESS", "PREMIUM_ECONOMY", "ECONOMY", "CREW"] as const;

function runner() {
  const db = async () => database.db;
  return createRunner({
    db: database.db,
    jobs: [allocateOnApproval, bookWave, bookGroup, passengerFlow, deliverMessageJob(db), ...messageSubscribers, deliverWebhookJob(db), agentRecommendJob(db), dropTransportOnCancelled, ...careAssessors, ...mealVoucherJobs, ...rideJobs],
    retryBaseMs: 1,
  });
}

let tenant: string;
let admin: Ctx;
beforeAll(async () => {
  tenant = uniqueTenant();
  // every tier but FIRST pays by card; FIRST's policy finds nothing at 10 a night, so a review item asks the agent
  await activePolicy(database.db, tenant, {
    name: "LHR by card",
    context: { airport: "LHR" },
    tiers: [...PAID],
    constraints: { minStars: 3, maxDistanceKm: 40, maxNightlyRate: 400, requiredAmenities: [] },
    acceptedPayments: ["CARD"],
    cardToken: "tok_visa_airline_drill",
    maxAutomaticRoomsPerWave: 500,
  } as never);
  await activePolicy(database.db, tenant, { name: "LHR first, ten a night", context: { airport: "LHR" }, tiers: ["FIRST"], constraints: { minStars: 1, maxDistanceKm: 40, maxNightlyRate: 10, requiredAmenities: [] }, maxAutomaticRoomsPerWave: 500 });
  const token = await roleToken(tenant, "ADMIN");
  const sub = await call(createSubH, "/webhooks/subscriptions", { token, body: { url: receiver.get().url, events: ["reservation.confirmed", "reservation.cancelled", "review.created"], secret: RECEIVER_SECRET } });
  expect(sub.status).toBe(201);
  // the tenant's row exists once its first request was served
  await database.db.update(tenants).set({ settings: { agentEnabled: true } }).where(eq(tenants.code, tenant));
  admin = ctxFor(database.db, principal({ tenant, roles: ["ADMIN"] }));
});

/** A case of the generated manifest in this mode, its INITIAL demand approved (as launchDrill does for a drill). */
async function approvedCaseOf(mode: "LIVE" | "SHADOW", seed: number): Promise<string> {
  const { record } = await createCase({ ctx: admin, input: { ...generateManifest({ ...SPEC, seed }), mode } });
  const demand = await createDemand({ ctx: admin, input: { caseUrn: record.urn, type: "INITIAL", roomsRequested: Math.max(1, record.roomsNeeded) } });
  if (demand.status === "REQUESTED") await approveDemand({ ctx: admin, input: { demandUrn: demand.urn, reason: mode.toLowerCase() } });
  return record.urn;
}

/** Cancels one cancellable (HOTELBEDS) confirmed reservation of the case, then lets the jobs drop its rides. */
async function cancelOne(caseUrn: string) {
  const [row] = await database.db
    .select()
    .from(reservations)
    .where(and(eq(reservations.caseUrn, caseUrn), eq(reservations.status, "CONFIRMED"), eq(reservations.provider, "HOTELBEDS")))
    .limit(1);
  expect(row, "a HOTELBEDS reservation to cancel").toBeDefined();
  await cancelReservation({ ctx: admin, input: { reservationUrn: row.urn, reason: "no longer needed", rehouse: false } });
  await runner().tick();
  return row.urn;
}

async function outcomeOf(caseUrn: string) {
  const booked = await database.db.select().from(reservations).where(eq(reservations.caseUrn, caseUrn));
  const rides = await database.db.select().from(transportSegments).where(eq(transportSegments.caseUrn, caseUrn));
  const items = await database.db.select().from(reviewItems).where(eq(reviewItems.caseUrn, caseUrn));
  const mail = booked.length ? await database.db.select().from(messages).where(inArray(messages.relatedUrn, booked.map((r) => r.urn))) : [];
  const taxis = await database.db.select().from(rideVouchers).where(eq(rideVouchers.caseUrn, caseUrn));
  return { booked, confirmed: booked.filter((r) => r.status === "CONFIRMED"), rides, items, mail, taxis };
}

// three cases through every job: more than the default 30 s on a busy machine
describe("a drill cannot leak", () => {
  it("a DRILL case is allocated, paid by card, booked, mailed, driven, advised and cancelled, and a SHADOW case allocated, without one request to a configured peer", async () => {
    const launched = await launchDrill({ ctx: admin, input: { ...SPEC, seed: 11 } });
    const shadowUrn = await approvedCaseOf("SHADOW", 13);
    // the service's own log lines say which model calls were made and answered
    const lines: string[] = [];
    process.env.LOG_LEVEL = "info";
    for (const m of ["log", "info", "warn", "error"] as const) vi.spyOn(console, m).mockImplementation((...a: unknown[]) => void lines.push(a.map(String).join(" ")));
    try {
      await runner().tick();
    } finally {
      process.env.LOG_LEVEL = "silent";
      vi.restoreAllMocks();
    }
    const o = await outcomeOf(launched.caseUrn);

    // the drill did its work, at the drills' own sandboxes
    expect(o.confirmed.length).toBeGreaterThan(1);
    for (const r of o.confirmed) {
      expect(["EXPEDIA_RAPID", "HOTELBEDS"]).toContain(r.provider);
      expect(r.payment).toEqual({ method: "CARD" });
      expect(r.paymentAuthorization).toMatch(/^auth_/);
    }
    expect(o.rides.length).toBeGreaterThan(0);
    expect(o.rides.some((s) => s.status === "ASSIGNED" && s.vehicle?.source === "FLEET")).toBe(true);
    // the business cabin's private cars are taxi vouchers too, issued at the drills' ride sandbox
    expect(o.taxis.some((t) => t.status === "ISSUED" || t.status === "CANCELLED")).toBe(true);
    const advised = o.items.find((i) => i.category === "ALLOCATION_FAILED" || i.category === "PARTIAL_FULFILLMENT");
    expect(advised, "FIRST's groups held for the agent").toBeDefined();
    // the agent asked a model, and it answered (the configured one heard nothing: the drills' sandbox did)
    expect(lines.some((l) => l.includes('"msg":"model call"') && l.includes('"purpose":"exception-agent"') && l.includes('"ok":true'))).toBe(true);
    expect(o.mail.length).toBeGreaterThan(0);
    expect(o.mail.every((m) => m.status === "KEPT")).toBe(true);
    // its meal vouchers were issued, at the drills' own issuer
    const meals = await database.db.select().from(mealVouchers).where(eq(mealVouchers.caseUrn, launched.caseUrn));
    expect(meals.length).toBeGreaterThan(0);
    expect(meals.every((m) => m.status === "ISSUED")).toBe(true);

    // the shadow case was allocated (at the drills' sandboxes) and, as ever, not booked
    const [shadowWave] = await database.db.select().from(allocationWaves).where(eq(allocationWaves.caseUrn, shadowUrn));
    expect((shadowWave.allocations as unknown[]).length).toBeGreaterThan(0);
    expect((await outcomeOf(shadowUrn)).booked).toHaveLength(0);

    const cancelled = await cancelOne(launched.caseUrn);
    expect((await database.db.select().from(reservations).where(eq(reservations.urn, cancelled)))[0].status).toBe("CANCELLED");

    // not one request reached a configured peer, nor a webhook or a mail server
    expect(counts()).toEqual({ EXPEDIA_RAPID: 0, HOTELBEDS: 0, PSP: 0, FLEET: 0, MODEL: 0, SMS: 0, SMTP: 0, MEALS: 0, RIDES: 0 });
    expect(smtp.connections).toBe(0);
    expect(receiver.get().received).toHaveLength(0);
    expect(await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.tenant, tenant))).toHaveLength(0);
  }, 120_000);

  it("a LIVE case of the same tenant and setup reaches the configured peers (so the counting above can fail)", async () => {
    const caseUrn = await approvedCaseOf("LIVE", 12);
    await runner().tick();
    const o = await outcomeOf(caseUrn);
    expect(o.confirmed.length).toBeGreaterThan(1);
    await cancelOne(caseUrn);

    const c = counts();
    expect(c.EXPEDIA_RAPID + c.HOTELBEDS).toBeGreaterThan(0);
    expect(heard.HOTELBEDS.some((r) => r.startsWith("DELETE") || r.includes("cancel"))).toBe(true);
    expect(c.PSP).toBeGreaterThan(0);
    expect(c.FLEET).toBeGreaterThan(0);
    expect(c.RIDES).toBeGreaterThan(0);
    expect(c.MODEL).toBeGreaterThan(0);
    expect(c.MEALS).toBeGreaterThan(0);
    expect(smtp.connections).toBeGreaterThan(0);
    expect(smtp.received.length).toBeGreaterThan(0);
    expect(receiver.get().received.length).toBeGreaterThan(0);
    // SMS: no step of this branch sends one yet (delivery is being built beside it); the drill's zero above stands
  }, 120_000);
});

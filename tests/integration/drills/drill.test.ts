import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as createSubH } from "@/app/api/v1/webhooks/subscriptions/route";
import { cases, demands, messages, reservations, webhookDeliveries } from "@/db/schema";
import { allocateOnApproval } from "@/inngest/functions/allocate";
import { bookGroup, bookWave } from "@/inngest/functions/book";
import { passengerFlow } from "@/inngest/functions/passenger-flow";
import { deliverMessageJob as deliverEmailJob } from "@/inngest/functions/deliver-message";
import { messagesOnVoucherIssued } from "@/inngest/functions/messages";
import { deliverWebhookJob } from "@/inngest/functions/webhooks";
import { deliverMessage as deliverEmail } from "@/lib/messages/deliver";
import { staleQueued } from "@/lib/messages/stale";
import { launchDrill, listDrills } from "@/lib/drills";
import { stopDrillSandboxes } from "@/lib/peers/drill-sources";
import { newUrn } from "@/lib/ids";
import { createRunner } from "@/lib/jobs/runner";
import { closePool } from "@/lib/pool";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { roleToken } from "@/tests/helpers/cases";
import { ctxFor, principal, uniqueTenant } from "@/tests/helpers/factories";
import { activePolicy } from "@/tests/helpers/policies";
import { RECEIVER_SECRET, receiverForTests } from "@/tests/helpers/receiver";
import { startSmtpServer } from "@/tests/helpers/smtp";

const database = apiTestDatabase({ airports: true });
const receiver = receiverForTests();

/** "Real" providers: a server that records every call (and answers none usefully). */
const realCalls: string[] = [];
let real: http.Server;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const saved: Record<string, string | undefined> = {};
const ENV = ["EXPEDIA_RAPID_URL", "HOTELBEDS_URL", "SMTP_URL", "OFFER_CACHE_TTL_SECONDS"] as const;

beforeAll(async () => {
  real = http.createServer((req, res) => {
    realCalls.push(`${req.method} ${req.url}`);
    res.writeHead(503, { "content-type": "application/json" }).end("{}");
  });
  await new Promise<void>((resolve) => real.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(real.address() as AddressInfo).port}`;
  smtp = await startSmtpServer();
  for (const k of ENV) saved[k] = process.env[k];
  process.env.EXPEDIA_RAPID_URL = `${url}/expedia`;
  process.env.HOTELBEDS_URL = `${url}/hotelbeds`;
  process.env.SMTP_URL = smtp.url;
  process.env.OFFER_CACHE_TTL_SECONDS = "300";
});
afterAll(async () => {
  for (const k of ENV) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  await new Promise<void>((resolve) => real.close(() => resolve()));
  await smtp.stop();
  await stopDrillSandboxes();
  await closePool();
});

const ALL_TIERS = ["FIRST", "BUSINESS", "PREMIUM_ECONOMY", "ECONOMY", "CREW"] as const;
const SPEC = {
  passengers: 40,
  airport: "LHR",
  tierMix: { FIRST: 5, BUSINESS: 15, PREMIUM_ECONOMY: 10, ECONOMY: 65, CREW: 5 },
  departure: "2026-11-21T15:00:00Z",
  nextFlight: "2026-11-22T09:30:00Z",
  seed: 7,
};

function runner() {
  const db = async () => database.db;
  return createRunner({ db: database.db, jobs: [allocateOnApproval, bookWave, bookGroup, passengerFlow, messagesOnVoucherIssued, deliverEmailJob(db), deliverWebhookJob(db)], retryBaseMs: 1 });
}

describe("a drill", () => {
  it("runs the whole flow against its own sandboxes: no call to a configured provider, no mail sent, no webhook, vouchers marked", async () => {
    const tenant = uniqueTenant();
    await activePolicy(database.db, tenant, {
      name: "LHR all",
      context: { airport: "LHR" },
      tiers: [...ALL_TIERS],
      constraints: { minStars: 3, maxDistanceKm: 40, maxNightlyRate: 400, requiredAmenities: [] },
      maxAutomaticRoomsPerWave: 500,
    });
    const adminToken = await roleToken(tenant, "ADMIN");
    const sub = await call(createSubH, "/webhooks/subscriptions", { token: adminToken, body: { url: receiver.get().url, events: ["reservation.confirmed", "case.accommodated", "review.created"], secret: RECEIVER_SECRET } });
    expect(sub.status).toBe(201);
    const ctx = ctxFor(database.db, principal({ tenant, roles: ["ADMIN"] }));

    const launched = await launchDrill({ ctx, input: SPEC });
    expect(launched).toMatchObject({ passengers: 40, seed: 7 });
    const [row] = await database.db.select().from(cases).where(eq(cases.urn, launched.caseUrn));
    expect(row).toMatchObject({ mode: "DRILL", airport: "LHR" });
    const [demand] = await database.db.select().from(demands).where(eq(demands.urn, launched.demandUrn));
    expect(demand).toMatchObject({ type: "INITIAL", status: "APPROVED" });

    await runner().tick();

    const booked = await database.db.select().from(reservations).where(eq(reservations.caseUrn, launched.caseUrn));
    const confirmed = booked.filter((r) => r.status === "CONFIRMED");
    expect(confirmed.length).toBeGreaterThan(0);
    // sandboxes only: never a direct contract (real rooms), never the configured providers
    expect(new Set(booked.map((r) => r.provider))).not.toContain("DIRECT");
    expect(realCalls).toEqual([]);

    const mail = await database.db.select().from(messages).where(inArray(messages.relatedUrn, confirmed.map((r) => r.urn)));
    expect(mail.length).toBeGreaterThan(0);
    for (const m of mail) {
      expect(m.status).toBe("KEPT");
      expect(m.subject.startsWith("[DRILL] ")).toBe(true);
      expect(m.text).toContain("DRAFT: drill exercise");
    }
    // neither the sweep nor a delivery run sends it, though SMTP_URL is set
    const later = new Date(Date.now() + 3600_000);
    const stale = await staleQueued({ db: database.db, principal: principal({ tenant }) }, { olderThanMs: 0, limit: 10_000, now: later });
    expect(stale.map((s) => s.urn)).not.toContain(mail[0].urn);
    await database.db.update(messages).set({ status: "QUEUED" }).where(eq(messages.urn, mail[0].urn));
    const forced = await deliverEmail({ db: database.db, principal: principal({ tenant }) }, mail[0].urn, { lastAttempt: false });
    expect(forced.status).toBe("KEPT");
    // mail about a drill's stay under a derived URN (the return-leg notice) is kept the same way
    const [derived] = await database.db
      .insert(messages)
      .values({ urn: newUrn("email"), tenant, kind: "RETURN_LEG", recipient: "x@drill.example", relatedUrn: `${confirmed[0].urn}#return-leg:DR1@2026-11-22T09:30:00.000Z`, status: "QUEUED", subject: "s", html: "h", text: "t" })
      .returning();
    const staleNow = await staleQueued({ db: database.db, principal: principal({ tenant }) }, { olderThanMs: 0, limit: 10_000, now: later });
    expect(staleNow.map((s) => s.urn)).not.toContain(derived.urn);
    expect((await deliverEmail({ db: database.db, principal: principal({ tenant }) }, derived.urn, { lastAttempt: false })).status).toBe("KEPT");
    expect(smtp.received).toHaveLength(0);

    expect(await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.tenant, tenant))).toHaveLength(0);

    const [listed] = await listDrills({ ctx });
    expect(listed).toMatchObject({ caseUrn: launched.caseUrn, airport: "LHR", passengers: 40 });
    expect(listed.timings.toFirstWave).not.toBeNull();
    expect(listed.timings.toFirstVoucher).not.toBeNull();
    expect(listed.groupsHoused).toBe(new Set(confirmed.map((r) => r.groupId)).size);
  });

  it("only an ADMIN launches or lists drills; a bad spec is refused and creates nothing", async () => {
    const tenant = uniqueTenant();
    for (const role of ["OPS_SUPERVISOR", "AIRPORT_OPERATOR", "FEED"] as const) {
      const ctx = ctxFor(database.db, principal({ tenant, roles: [role] }));
      await expect(launchDrill({ ctx, input: SPEC })).rejects.toMatchObject({ status: 403, code: "FORBIDDEN" });
      await expect(listDrills({ ctx })).rejects.toMatchObject({ status: 403 });
    }
    const admin = ctxFor(database.db, principal({ tenant, roles: ["ADMIN"] }));
    await expect(launchDrill({ ctx: admin, input: { ...SPEC, tierMix: { ...SPEC.tierMix, ECONOMY: 10 } } })).rejects.toMatchObject({ status: 422 });
    await expect(launchDrill({ ctx: admin, input: { ...SPEC, airport: "ZZZ" } })).rejects.toMatchObject({ status: 422 });
    const scoped = ctxFor(database.db, principal({ tenant, roles: ["ADMIN"], airports: ["CDG"] }));
    await expect(launchDrill({ ctx: scoped, input: SPEC })).rejects.toMatchObject({ status: 403 });
    expect(await database.db.select().from(cases).where(eq(cases.tenant, tenant))).toHaveLength(0);
  });
});

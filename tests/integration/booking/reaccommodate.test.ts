import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { PATCH as reaccommodateHandler } from "@/app/api/v1/cases/[caseUrn]/reaccommodate/route";
import { auditEntries, directBookings, jobRuns, jobSteps, passengers, reservations, reviewItems } from "@/db/schema";
import { seedDirectContracts } from "@/db/seed/direct-contracts";
import { reaccommodateStays } from "@/inngest/functions/reaccommodate-stays";
import { systemPrincipal } from "@/lib/auth/principal";
import { manualClock } from "@/lib/jobs/clock";
import { createRunner } from "@/lib/jobs/runner";
import { closePool } from "@/lib/pool";
import { hotelSources } from "@/lib/providers/sources";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { sandboxProviders } from "@/tests/helpers/providers";
import { allocate, approvedCase, bookingRunner, bookingTenant, reservationsOf, steerAll } from "./helpers";

const database = apiTestDatabase({ airports: true });
const sandboxes = sandboxProviders();
afterAll(() => closePool());
beforeEach(() => sandboxes.reset());

// the case's disrupted flight leaves CDG 2026-11-21T18:05Z (19:05 Paris); its stay was booked 21 → 22 Nov
async function bookedAt(provider: "EXPEDIA_RAPID" | "HOTELBEDS" | "DIRECT") {
  const { tenant, token } = await bookingTenant(database.db);
  if (provider === "DIRECT") await seedDirectContracts(database.db, tenant);
  const { caseUrn } = await approvedCase(token);
  await allocate(database.db);
  await steerAll(database.db, tenant, caseUrn, provider);
  await bookingRunner(database.db).tick();
  const rows = await reservationsOf(database.db, caseUrn, "CONFIRMED");
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.every((r) => r.provider === provider && r.checkOut.toISOString() === "2026-11-22T10:00:00.000Z")).toBe(true);
  return { tenant, token, caseUrn, rows };
}

/**
 * PATCH the next flight through the API, then run the stays job until it is done. A retry falls
 * due after its backoff: the clock is moved past it rather than hoping tick() comes round late enough.
 */
async function patchNextFlight(token: string, caseUrn: string, scheduledDeparture: string) {
  const res = await call(reaccommodateHandler, `/cases/${caseUrn}/reaccommodate`, { token, params: { caseUrn }, body: { nextFlight: { number: "AF1238", scheduledDeparture }, reason: "flight moved" } });
  expect(res.status, res.text).toBe(200);
  const clock = manualClock();
  const runner = createRunner({ db: database.db, jobs: [reaccommodateStays], clock });
  for (let round = 0; round < 10; round++) {
    await runner.tick();
    const pending = await database.db.select().from(jobRuns).where(and(eq(jobRuns.functionId, "reaccommodate-stays"), eq(jobRuns.status, "RETRYING")));
    if (pending.length === 0) return;
    clock.set(Math.max(...pending.map((r) => r.nextRunAt.getTime())) + 1);
  }
  throw new Error("the stays job still retrying after 10 rounds");
}

const stays = async (caseUrn: string) =>
  (await database.db.select().from(reservations).where(eq(reservations.caseUrn, caseUrn)).orderBy(reservations.urn)).map((r) => ({
    urn: r.urn,
    status: r.status,
    checkIn: r.checkIn.toISOString(),
    checkOut: r.checkOut.toISOString(),
    total: r.total,
    updatedAt: r.updatedAt.toISOString(),
  }));

const audits = (tenant: string) =>
  database.db.select().from(auditEntries).where(and(eq(auditEntries.tenant, tenant), eq(auditEntries.entity, "reservation"), eq(auditEntries.action, "reaccommodate")));

const openItems = (caseUrn: string) => database.db.select().from(reviewItems).where(and(eq(reviewItems.caseUrn, caseUrn), eq(reviewItems.category, "BOOKING_FAILED")));

describe("re-accommodation: the stays follow the next flight", () => {
  it("Hotelbeds: two days later extends every stay at the provider (checkOut, total, audit before/after); earlier shortens it; the same patch again changes nothing", async () => {
    const { tenant, token, caseUrn, rows } = await bookedAt("HOTELBEDS");
    await patchNextFlight(token, caseUrn, "2026-11-23T11:30:00Z");
    const extended = await stays(caseUrn);
    expect(extended.map((s) => [s.status, s.checkIn, s.checkOut])).toEqual(rows.map((r) => ["CONFIRMED", r.checkIn.toISOString(), "2026-11-23T10:00:00.000Z"]));
    for (const s of extended) {
      const before = rows.find((r) => r.urn === s.urn)!;
      expect(s.total.currency).toBe(before.total.currency);
      expect(s.total.amount).toBeGreaterThan(before.total.amount);
    }
    const hotelbeds = hotelSources({ db: database.db, principal: systemPrincipal(tenant) }).sources.find((p) => p.id === "HOTELBEDS")!;
    for (const r of rows) expect(await hotelbeds.status(r.providerRef!)).toMatchObject({ status: "CONFIRMED", checkOut: "2026-11-23" });
    const entries = await audits(tenant);
    expect(entries).toHaveLength(rows.length);
    expect(entries[0].changes).toContainEqual({ field: "checkOut", before: "2026-11-22T10:00:00.000Z", after: "2026-11-23T10:00:00.000Z" });
    expect(entries[0].changes.map((c) => c.field)).toContain("total.amount");

    await patchNextFlight(token, caseUrn, "2026-11-23T11:30:00Z");
    expect(await stays(caseUrn)).toEqual(extended);
    expect(await audits(tenant)).toHaveLength(rows.length);

    // earlier again, still overnight: the stay is shortened back to one night
    await patchNextFlight(token, caseUrn, "2026-11-22T15:00:00Z");
    const shortened = await stays(caseUrn);
    expect(shortened.map((s) => s.checkOut)).toEqual(rows.map(() => "2026-11-22T10:00:00.000Z"));
    for (const r of rows) expect(await hotelbeds.status(r.providerRef!)).toMatchObject({ checkOut: "2026-11-22" });
    expect(await audits(tenant)).toHaveLength(rows.length * 2);
    expect(await openItems(caseUrn)).toEqual([]);
  });

  it("Hotelbeds unreachable for a moment: the job's step retries and the stay is extended once", async () => {
    const { tenant, token, caseUrn, rows } = await bookedAt("HOTELBEDS");
    await sandboxes.admin("HOTELBEDS", "/__sandbox/faults", { next: ["503", "503"] });
    await patchNextFlight(token, caseUrn, "2026-11-23T11:30:00Z");
    expect((await stays(caseUrn)).map((s) => s.checkOut)).toEqual(rows.map(() => "2026-11-23T10:00:00.000Z"));
    expect(await audits(tenant)).toHaveLength(rows.length);
    const [run] = await database.db.select().from(jobRuns).where(and(eq(jobRuns.functionId, "reaccommodate-stays"), sql`${jobRuns.event}->'data'->>'caseUrn' = ${caseUrn}`));
    const steps = await database.db.select().from(jobSteps).where(eq(jobSteps.runId, run.id));
    expect(steps.filter((st) => st.stepId.startsWith("stay-")).map((st) => st.status)).toEqual(rows.map(() => "COMPLETED"));
    expect(steps.some((st) => st.attempts > 1)).toBe(true);
  });

  it("DIRECT contract: the stay is extended in the contract's booking too", async () => {
    const { token, caseUrn, rows } = await bookedAt("DIRECT");
    await patchNextFlight(token, caseUrn, "2026-11-23T11:30:00Z");
    expect((await stays(caseUrn)).map((s) => s.checkOut)).toEqual(rows.map(() => "2026-11-23T10:00:00.000Z"));
    for (const r of rows) {
      const [booking] = await database.db.select().from(directBookings).where(eq(directBookings.reference, r.providerRef!));
      expect([booking.checkIn, booking.checkOut, booking.status]).toEqual(["2026-11-21", "2026-11-23", "CONFIRMED"]);
    }
  });

  it("Expedia self-service cannot cancel: with no overnight gap left the rooms are kept and one BOOKING_FAILED item per reservation says to cancel at the hotel; a repeat opens none more (a later flight is re-booked: continue-stay.test.ts)", async () => {
    const { token, caseUrn, rows } = await bookedAt("EXPEDIA_RAPID");
    const before = await stays(caseUrn);
    await patchNextFlight(token, caseUrn, "2026-11-21T21:40:00Z");
    expect(await stays(caseUrn)).toEqual(before);
    const items = await openItems(caseUrn);
    expect(items).toHaveLength(rows.length);
    expect(items.map((i) => i.reservationUrns[0]).sort()).toEqual(rows.map((r) => r.urn).sort());
    expect(items.every((i) => i.detail?.includes("no longer needed"))).toBe(true);
    expect(items[0].recommendations).toEqual([]);
    await patchNextFlight(token, caseUrn, "2026-11-21T21:40:00Z");
    expect(await openItems(caseUrn)).toHaveLength(rows.length);
  });

  it("same day (no overnight gap): every reservation is cancelled at the provider, its passengers LOCAL_RESIDENT and the rooms released; repeating changes nothing", async () => {
    const { tenant, token, caseUrn, rows } = await bookedAt("HOTELBEDS");
    await patchNextFlight(token, caseUrn, "2026-11-21T21:40:00Z");
    const after = await stays(caseUrn);
    expect(after.map((s) => s.status)).toEqual(rows.map(() => "CANCELLED"));
    const hotelbeds = hotelSources({ db: database.db, principal: systemPrincipal(tenant) }).sources.find((p) => p.id === "HOTELBEDS")!;
    for (const r of rows) expect((await hotelbeds.status(r.providerRef!)).status).toBe("CANCELLED");
    const people = await database.db.select().from(passengers).where(eq(passengers.caseUrn, caseUrn));
    expect(people.length).toBeGreaterThan(0);
    expect(people.every((p) => p.operationalStatus === "LOCAL_RESIDENT")).toBe(true);
    const cancels = await database.db.select().from(auditEntries).where(and(eq(auditEntries.tenant, tenant), eq(auditEntries.entity, "reservation"), eq(auditEntries.action, "cancel")));
    expect(cancels).toHaveLength(rows.length);
    expect(cancels[0].changes).toContainEqual({ field: "passengers", before: "BOOKED", after: "LOCAL_RESIDENT" });

    await patchNextFlight(token, caseUrn, "2026-11-21T21:40:00Z");
    expect(await stays(caseUrn)).toEqual(after);
    expect(await openItems(caseUrn)).toEqual([]);
  });
});

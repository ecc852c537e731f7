import { eq } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { GET as getReservationHandler } from "@/app/api/v1/booking/reservations/[reservationUrn]/route";
import { ReservationsPanel } from "@/components/booking/reservations-panel";
import { reservations, transportSegments } from "@/db/schema";
import { reconfirmReservation } from "@/lib/booking/reconfirm";
import { RECONFIRM_LOOKUPS } from "@/lib/booking/reconfirm-retry";
import { retimeReconfirmation } from "@/lib/booking/reconfirm-retime";
import { scheduleReconfirmations, scheduleReconfirmationsOf } from "@/lib/booking/reconfirm-schedule";
import { scheduleReconfirmationsOnPlanned } from "@/inngest/functions/reconfirm-reservation";
import { createRunner } from "@/lib/jobs/runner";
import { enqueue } from "../jobs/helpers";
import { newUrn } from "@/lib/ids";
import { call } from "@/tests/helpers/api";
import { reconfirmTestbed } from "./helpers";

const bed = reconfirmTestbed();
const MIN = 60_000;

async function shuttle(tenant: string, caseUrn: string, reservationUrn: string, at: Date) {
  const urn = newUrn("segment");
  await bed.database.db.insert(transportSegments).values({
    urn,
    tenant,
    caseUrn,
    airport: "CDG",
    reservationUrns: [reservationUrn],
    direction: "AIRPORT_TO_HOTEL",
    scheduledAt: at,
    vehicleType: "SHUTTLE",
    status: "PLANNED",
  });
  return urn;
}

const panelText = async (fx: { ctx: Parameters<typeof ReservationsPanel>[0]["ctx"]; caseUrn: string }) =>
  renderToStaticMarkup(await ReservationsPanel({ ctx: fx.ctx, caseUrn: fx.caseUrn, closed: false, zone: "Europe/Paris" }));
const byMoment = async (reservationUrn: string) => Object.fromEntries((await bed.rowsOf(reservationUrn)).map((r) => [r.moment, r]));

describe("scheduling re-confirmations", () => {
  it("writes both moments of the policy once: after the booking and before the check-in", async () => {
    const fx = await bed.booked({ policy: { reconfirmation: { afterBookingMinutes: 45, beforeArrivalMinutes: 90 } } });
    const confirmedAt = new Date();
    const made = await scheduleReconfirmations(fx.ctx, { reservationUrn: fx.reservationUrn, confirmedAt });
    expect(made.map((m) => m.moment).sort()).toEqual(["AFTER_BOOKING", "BEFORE_ARRIVAL"]);
    const rows = await byMoment(fx.reservationUrn);
    expect(rows.AFTER_BOOKING.dueAt.getTime()).toBe(confirmedAt.getTime() + 45 * MIN);
    expect(rows.BEFORE_ARRIVAL.dueAt.getTime()).toBe(fx.checkIn.getTime() - 90 * MIN);
    expect(rows.AFTER_BOOKING.status).toBe("SCHEDULED");
    // a repeated delivery finds its rows: nothing new, and the watch is not started twice
    expect(await scheduleReconfirmations(fx.ctx, { reservationUrn: fx.reservationUrn, confirmedAt: new Date() })).toEqual([]);
    expect(await bed.rowsOf(fx.reservationUrn)).toHaveLength(2);
    expect(await bed.eventsOf("reservation/reconfirmation.scheduled", fx.reservationUrn)).toHaveLength(1);
  });

  it("uses the defaults (30 and 60 minutes) and skips a moment the policy sets to null", async () => {
    const fx = await bed.booked();
    const confirmedAt = new Date();
    await scheduleReconfirmations(fx.ctx, { reservationUrn: fx.reservationUrn, confirmedAt });
    const rows = await byMoment(fx.reservationUrn);
    expect(rows.AFTER_BOOKING.dueAt.getTime()).toBe(confirmedAt.getTime() + 30 * MIN);
    expect(rows.BEFORE_ARRIVAL.dueAt.getTime()).toBe(fx.checkIn.getTime() - 60 * MIN);

    const only = await bed.booked({ policy: { reconfirmation: { afterBookingMinutes: null, beforeArrivalMinutes: 60 } } });
    await scheduleReconfirmations(only.ctx, { reservationUrn: only.reservationUrn, confirmedAt });
    expect((await bed.rowsOf(only.reservationUrn)).map((r) => r.moment)).toEqual(["BEFORE_ARRIVAL"]);
  });

  it("times BEFORE_ARRIVAL from the shuttle's pickup and follows the pickup when it moves", async () => {
    const fx = await bed.booked();
    const pickup = new Date(Date.now() + 5 * 3600_000);
    const segment = await shuttle(fx.tenant, fx.caseUrn, fx.reservationUrn, pickup);
    await scheduleReconfirmations(fx.ctx, { reservationUrn: fx.reservationUrn, confirmedAt: new Date() });
    expect((await byMoment(fx.reservationUrn)).BEFORE_ARRIVAL.dueAt.getTime()).toBe(pickup.getTime() - 60 * MIN);

    const later = new Date(pickup.getTime() + 40 * MIN);
    await bed.database.db.update(transportSegments).set({ scheduledAt: later }).where(eq(transportSegments.urn, segment));
    expect(await retimeReconfirmation(fx.ctx, { reservationUrn: fx.reservationUrn })).toBe(new Date(later.getTime() - 60 * MIN).toISOString());
    expect((await byMoment(fx.reservationUrn)).BEFORE_ARRIVAL.dueAt.getTime()).toBe(later.getTime() - 60 * MIN);
    // the same pickup again: nothing moves, the watch is not restarted
    expect(await retimeReconfirmation(fx.ctx, { reservationUrn: fx.reservationUrn })).toBeNull();
    expect(await bed.eventsOf("reservation/reconfirmation.scheduled", fx.reservationUrn)).toHaveLength(2);
  });
});

/** `n` more CONFIRMED stays of the fixture's case (groups of their own), beside its own: a wave's chunk */
async function chunkOf(fx: Awaited<ReturnType<typeof bed.booked>>, n: number): Promise<string[]> {
  const [row] = await bed.database.db.select().from(reservations).where(eq(reservations.urn, fx.reservationUrn));
  const more = Array.from({ length: n }, (_, i) => ({ ...row, urn: newUrn("reservation"), groupId: `${row.groupId}-${i + 1}` }));
  await bed.database.db.insert(reservations).values(more);
  return [fx.reservationUrn, ...more.map((r) => r.urn)];
}

/** the statements a call sends, counted where drizzle compiles them */
async function statementsOf<T>(fn: () => Promise<T>): Promise<{ out: T; statements: number }> {
  const compiled = vi.spyOn(PgDialect.prototype, "sqlToQuery");
  try {
    const out = await fn();
    return { out, statements: compiled.mock.calls.length };
  } finally {
    compiled.mockRestore();
  }
}

describe("scheduling a chunk's re-confirmations", () => {
  it("takes as many statements for 7 stays as for 3, and starts one watch per stay", async () => {
    const counted: number[] = [];
    for (const n of [2, 6]) {
      const fx = await bed.booked();
      const urns = await chunkOf(fx, n);
      const { out, statements } = await statementsOf(() => scheduleReconfirmationsOf(fx.ctx, { reservationUrns: urns, confirmedAt: new Date() }));
      expect([...out.keys()].sort()).toEqual([...urns].sort());
      for (const urn of urns) {
        expect((await bed.rowsOf(urn)).map((r) => r.moment).sort()).toEqual(["AFTER_BOOKING", "BEFORE_ARRIVAL"]);
        expect(await bed.eventsOf("reservation/reconfirmation.scheduled", urn)).toHaveLength(1);
      }
      counted.push(statements);
    }
    expect(counted[1]).toBe(counted[0]);
  });

  it("one transport/planned for the chunk is one run; a redelivery writes nothing more", async () => {
    const fx = await bed.booked();
    const urns = await chunkOf(fx, 3);
    const runner = createRunner({ db: bed.database.db, jobs: [scheduleReconfirmationsOnPlanned], retryBaseMs: 1 });
    const event = { tenant: fx.tenant, caseUrn: fx.caseUrn, reservationUrns: urns, confirmedAt: new Date().toISOString() };
    await enqueue(bed.database.db, "transport/planned", event);
    expect((await runner.tick()).executed).toBe(1);
    for (const urn of urns) expect(await bed.rowsOf(urn)).toHaveLength(2);
    await enqueue(bed.database.db, "transport/planned", event);
    await runner.tick();
    for (const urn of urns) {
      expect(await bed.rowsOf(urn)).toHaveLength(2);
      expect(await bed.eventsOf("reservation/reconfirmation.scheduled", urn)).toHaveLength(1);
    }
  });
});

describe("a re-confirmation", () => {
  const scheduled = async (opts: Parameters<typeof bed.booked>[0] = {}) => {
    const fx = await bed.booked(opts);
    await scheduleReconfirmations(fx.ctx, { reservationUrn: fx.reservationUrn, confirmedAt: new Date() });
    const rows = await byMoment(fx.reservationUrn);
    return { ...fx, after: rows.AFTER_BOOKING, before: rows.BEFORE_ARRIVAL };
  };

  it("HELD when the provider still holds the booking", async () => {
    const fx = await scheduled();
    expect(await panelText(fx)).toContain("re-confirmation at");
    expect(await reconfirmReservation(fx.ctx, { reconfirmationUrn: fx.after.urn })).toMatchObject({ status: "HELD" });
    expect((await byMoment(fx.reservationUrn)).AFTER_BOOKING).toMatchObject({ status: "HELD", providerStatus: "CONFIRMED", attempts: 1, lastError: null });
    expect(await panelText(fx)).toContain("held by the hotel at");
    expect((await bed.reservationOf(fx.reservationUrn)).status).toBe("CONFIRMED");
    const [audit] = await bed.auditsOf(fx.reservationUrn, "reconfirm");
    expect(audit.reason).toMatch(/AFTER_BOOKING: HELD/);
    // a second delivery of the same re-confirmation looks nothing up again
    expect(await reconfirmReservation(fx.ctx, { reconfirmationUrn: fx.after.urn })).toMatchObject({ status: "DONE" });
    expect(await bed.auditsOf(fx.reservationUrn, "reconfirm")).toHaveLength(1);
  });

  it.each([
    ["HOTELBEDS", "OVERBOOKED", "OVERBOOKED"],
    ["EXPEDIA_RAPID", "GUARANTEE_REFUSED", "GUARANTEE_REFUSED"],
    ["HOTELBEDS", "CANCELLED", "CANCELLED_BY_HOTEL"],
    ["EXPEDIA_RAPID", "NOT_FOUND", "NOT_FOUND"],
  ] as const)("at a %s hotel that gave the rooms away (%s) walks the reservation: %s", async (provider, giveAway, reason) => {
    const fx = await scheduled({ provider });
    await bed.faults(provider, { giveAway: { [fx.providerHotelId]: giveAway } });
    expect(await reconfirmReservation(fx.ctx, { reconfirmationUrn: fx.after.urn })).toMatchObject({ status: "WALKED" });
    const rc = (await byMoment(fx.reservationUrn)).AFTER_BOOKING;
    expect(rc).toMatchObject({ status: "WALKED", attempts: 1 });
    expect(rc.providerStatus).toMatch(giveAway === "NOT_FOUND" ? /NOT_FOUND/ : /CANCELLED/);
    const row = await bed.reservationOf(fx.reservationUrn);
    expect(row).toMatchObject({ status: "CANCELLED", walkReason: reason });
    expect(row.walkedAt).toBeInstanceOf(Date);
    const walked = await bed.eventsOf("reservation/walked", fx.reservationUrn);
    expect(walked.map((e) => e.data)).toEqual([expect.objectContaining({ hotelUrn: fx.hotelUrn, reason })]);
    expect(await bed.auditsOf(fx.reservationUrn, "walk")).toHaveLength(1);
    // the later moment finds the reservation walked: SKIPPED, nothing looked up
    expect(await reconfirmReservation(fx.ctx, { reconfirmationUrn: fx.before.urn })).toMatchObject({ status: "SKIPPED" });
    expect((await byMoment(fx.reservationUrn)).BEFORE_ARRIVAL).toMatchObject({ status: "SKIPPED", attempts: 0 });
  });

  // the hotel moved the booking to other nights: it still holds (and bills) it, so the walk cancels it there first
  it.each([
    ["HOTELBEDS", "ENTERPRISE", "CANCELLED", /cancelled at HOTELBEDS/],
    ["EXPEDIA_RAPID", "ENTERPRISE", "CANCELLED", /cancelled at EXPEDIA_RAPID/],
    ["EXPEDIA_RAPID", "SELF_SERVICE", "CONFIRMED", /cannot cancel .* through its API here: cancel it at the hotel \(confirmation /],
  ] as const)("walks a %s booking whose nights the provider no longer holds (moved at the hotel), cancelling it there first (%s tier): %s", async (provider, tier, atProvider, said) => {
    const enterprise = { EXPEDIA_RAPID_TIER: "ENTERPRISE", EXPEDIA_RAPID_KEY: "sandbox-enterprise-key" } as const;
    const saved = { EXPEDIA_RAPID_TIER: process.env.EXPEDIA_RAPID_TIER, EXPEDIA_RAPID_KEY: process.env.EXPEDIA_RAPID_KEY };
    const setEnv = (env: Partial<typeof saved>) => {
      for (const [k, v] of Object.entries(env)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    };
    try {
      // booked and moved on the enterprise tier (the self-service tier cannot change an itinerary); re-confirmed on `tier`
      setEnv(enterprise);
      const fx = await scheduled({ provider });
      const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      await fx.source.modify({ reference: fx.reference, checkIn: nextDay(fx.stay.checkIn), checkOut: nextDay(fx.stay.checkOut) });
      setEnv(tier === "ENTERPRISE" ? enterprise : saved);
      expect(await reconfirmReservation(fx.ctx, { reconfirmationUrn: fx.after.urn })).toMatchObject({ status: "WALKED" });
      const row = await bed.reservationOf(fx.reservationUrn);
      expect(row).toMatchObject({ status: "CANCELLED", walkReason: "OVERBOOKED", walkDetail: expect.stringMatching(/not \d{4}-\d{2}-\d{2} to/) });
      expect(row.walkDetail).toMatch(said);
      // the provider's own answer: nothing left booked there that the airline pays for besides the rehoused stay
      setEnv(enterprise);
      expect((await fx.source.status(fx.reference)).status).toBe(atProvider);
      const [walk] = await bed.auditsOf(fx.reservationUrn, "walk");
      expect(walk.reason).toMatch(said);
    } finally {
      setEnv(saved);
    }
  });

  it("walks once under 20 concurrent re-confirmations that all see the walk", async () => {
    const fx = await scheduled();
    await bed.faults("HOTELBEDS", { giveAway: { [fx.providerHotelId]: "OVERBOOKED" } });
    const outs = await Promise.all(Array.from({ length: 20 }, () => reconfirmReservation(fx.ctx, { reconfirmationUrn: fx.after.urn })));
    expect(outs.filter((o) => o.status === "WALKED")).toHaveLength(1);
    expect(outs.every((o) => o.status === "WALKED" || o.status === "DONE")).toBe(true);
    expect(await bed.eventsOf("reservation/walked", fx.reservationUrn)).toHaveLength(1);
    expect(await bed.auditsOf(fx.reservationUrn, "walk")).toHaveLength(1);
    expect(await bed.auditsOf(fx.reservationUrn, "reconfirm")).toHaveLength(1);
  });

  it("asks again after a failed look-up and holds, walking nobody, when the provider answers later", async () => {
    const fx = await scheduled();
    await bed.faults("HOTELBEDS", { lookupErrors: { fault: "503", count: 2 } });
    expect(await reconfirmReservation(fx.ctx, { reconfirmationUrn: fx.after.urn })).toMatchObject({ status: "RETRY", attempts: 1, waitSeconds: 60 });
    expect(await reconfirmReservation(fx.ctx, { reconfirmationUrn: fx.after.urn })).toMatchObject({ status: "RETRY", attempts: 2, waitSeconds: 120 });
    expect((await byMoment(fx.reservationUrn)).AFTER_BOOKING).toMatchObject({ status: "SCHEDULED", providerStatus: "ERROR" });
    expect(await reconfirmReservation(fx.ctx, { reconfirmationUrn: fx.after.urn })).toMatchObject({ status: "HELD" });
    expect((await byMoment(fx.reservationUrn)).AFTER_BOOKING).toMatchObject({ status: "HELD", providerStatus: "CONFIRMED", attempts: 3 });
    expect((await bed.reservationOf(fx.reservationUrn)).status).toBe("CONFIRMED");
    expect(await bed.eventsOf("reservation/walked", fx.reservationUrn)).toHaveLength(0);
  });

  it("ends ERROR after the last failed look-up: no walk, and the reservation's audit says it could not be re-confirmed", async () => {
    const fx = await scheduled();
    await bed.faults("HOTELBEDS", { lookupErrors: { fault: "502", until: new Date(Date.now() + 3600_000).toISOString() } });
    const outs = [];
    for (let i = 0; i < RECONFIRM_LOOKUPS; i++) outs.push((await reconfirmReservation(fx.ctx, { reconfirmationUrn: fx.after.urn })).status);
    expect(outs).toEqual([...Array(RECONFIRM_LOOKUPS - 1).fill("RETRY"), "ERROR"]);
    const rc = (await byMoment(fx.reservationUrn)).AFTER_BOOKING;
    expect(rc).toMatchObject({ status: "ERROR", attempts: RECONFIRM_LOOKUPS });
    expect(rc.lastError).toMatch(/502/);
    expect(await bed.reservationOf(fx.reservationUrn)).toMatchObject({ status: "CONFIRMED", walkedAt: null });
    expect(await bed.eventsOf("reservation/walked", fx.reservationUrn)).toHaveLength(0);
    const [audit] = await bed.auditsOf(fx.reservationUrn, "reconfirm");
    expect(audit.reason).toMatch(/could not be re-confirmed/);
    // the case page's booking panel says so
    expect(await panelText(fx)).toContain("could not be re-confirmed with the provider");
  });

  it("is SKIPPED once the reservation was cancelled", async () => {
    const fx = await scheduled();
    await bed.database.db.update(reservations).set({ status: "CANCELLED", cancellationReason: "the group left" }).where(eq(reservations.urn, fx.reservationUrn));
    expect(await reconfirmReservation(fx.ctx, { reconfirmationUrn: fx.after.urn })).toMatchObject({ status: "SKIPPED" });
    expect((await byMoment(fx.reservationUrn)).AFTER_BOOKING).toMatchObject({ status: "SKIPPED", attempts: 0 });
    expect(await bed.eventsOf("reservation/walked", fx.reservationUrn)).toHaveLength(0);
  });

  it("shows in the reservation's record: reconfirmations[], walkedAt, walkReason", async () => {
    const fx = await scheduled();
    await bed.faults("HOTELBEDS", { giveAway: { [fx.providerHotelId]: "OVERBOOKED" } });
    await reconfirmReservation(fx.ctx, { reconfirmationUrn: fx.after.urn });
    const res = await call(getReservationHandler, `/booking/reservations/${fx.reservationUrn}`, { token: fx.token, params: { reservationUrn: fx.reservationUrn } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "CANCELLED", walkReason: "OVERBOOKED", walkDetail: expect.stringMatching(/OVERBOOKED/) });
    expect(Date.parse(res.json.walkedAt)).toBeGreaterThan(0);
    expect(res.json.reconfirmations).toEqual([
      { moment: "AFTER_BOOKING", dueAt: fx.after.dueAt.toISOString(), status: "WALKED", checkedAt: expect.any(String), providerStatus: "CANCELLED (OVERBOOKED)", lastError: null, attempts: 1 },
      { moment: "BEFORE_ARRIVAL", dueAt: fx.before.dueAt.toISOString(), status: "SCHEDULED", checkedAt: null, providerStatus: null, lastError: null, attempts: 0 },
    ]);
  });
});

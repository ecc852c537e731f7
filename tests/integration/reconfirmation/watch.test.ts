import { describe, expect, it } from "vitest";
import { transportSegments } from "@/db/schema";
import { reconfirmationJobs } from "@/inngest/functions/reconfirm-reservation";
import { newUrn } from "@/lib/ids";
import { manualClock } from "@/lib/jobs/clock";
import { createRunner } from "@/lib/jobs/runner";
import { enqueue, runsOf } from "../jobs/helpers";
import { reconfirmTestbed } from "./helpers";

const bed = reconfirmTestbed();
const MIN = 60_000;

/** The jobs on a manual clock starting now: a test advances it past each due time. */
function runner() {
  const clock = manualClock(Date.now());
  const r = createRunner({ db: bed.database.db, jobs: reconfirmationJobs, retryBaseMs: 1, clock });
  return {
    clock,
    /** advance the clock by `ms` and run whatever fell due */
    after: async (ms: number) => {
      clock.advance(ms);
      await r.tick();
    },
  };
}

/** The stay's shuttle from the airport, planned at `pickup`. */
const shuttleFromAirport = (fx: { tenant: string; caseUrn: string; reservationUrn: string }, pickup: Date) =>
  bed.database.db.insert(transportSegments).values({
    urn: newUrn("segment"),
    tenant: fx.tenant,
    caseUrn: fx.caseUrn,
    airport: "CDG",
    reservationUrns: [fx.reservationUrn],
    direction: "AIRPORT_TO_HOTEL",
    scheduledAt: pickup,
    vehicleType: "SHUTTLE",
    status: "PLANNED",
  });

const statuses = async (reservationUrn: string) => Object.fromEntries((await bed.rowsOf(reservationUrn)).map((r) => [r.moment, r.status]));

describe("the re-confirmation watch (job runner)", () => {
  it("confirmed → both moments looked up when due, each after a durable sleep; a failed look-up is asked again after its wait", async () => {
    const fx = await bed.booked();
    const jobs = runner();
    await enqueue(bed.database.db, "transport/planned", { tenant: fx.tenant, caseUrn: fx.caseUrn, reservationUrn: fx.reservationUrn });
    await jobs.after(0);
    expect(await statuses(fx.reservationUrn)).toEqual({ AFTER_BOOKING: "SCHEDULED", BEFORE_ARRIVAL: "SCHEDULED" });
    // 31 minutes on: the AFTER_BOOKING look-up ran, the provider holds the booking
    await jobs.after(31 * MIN);
    expect(await statuses(fx.reservationUrn)).toEqual({ AFTER_BOOKING: "HELD", BEFORE_ARRIVAL: "SCHEDULED" });

    // before the arrival (check-in − 60 min) the provider fails twice, then answers
    await bed.faults("HOTELBEDS", { lookupErrors: { fault: "503", count: 2 } });
    await jobs.after(fx.checkIn.getTime() - 60 * MIN - jobs.clock.now() + 1000);
    let before = (await bed.rowsOf(fx.reservationUrn)).find((r) => r.moment === "BEFORE_ARRIVAL")!;
    expect(before).toMatchObject({ status: "SCHEDULED", attempts: 1, providerStatus: "ERROR" });
    await jobs.after(61_000);
    expect((await bed.rowsOf(fx.reservationUrn)).find((r) => r.moment === "BEFORE_ARRIVAL")).toMatchObject({ status: "SCHEDULED", attempts: 2 });
    await jobs.after(121_000);
    before = (await bed.rowsOf(fx.reservationUrn)).find((r) => r.moment === "BEFORE_ARRIVAL")!;
    expect(before).toMatchObject({ status: "HELD", attempts: 3, providerStatus: "CONFIRMED" });
    expect(await bed.eventsOf("reservation/walked", fx.reservationUrn)).toHaveLength(0);
    expect((await runsOf(bed.database.db, "reconfirm-reservation")).filter((r) => r.status === "COMPLETED").length).toBeGreaterThanOrEqual(1);
  });

  it("runs a moment already past at once, and walks a booking the hotel gave away", async () => {
    // checked in 30 minutes ago: BEFORE_ARRIVAL was due 90 minutes ago
    const fx = await bed.booked({ checkIn: new Date(Date.now() - 30 * MIN) });
    await bed.faults("HOTELBEDS", { giveAway: { [fx.providerHotelId]: "OVERBOOKED" } });
    const jobs = runner();
    await enqueue(bed.database.db, "transport/planned", { tenant: fx.tenant, caseUrn: fx.caseUrn, reservationUrn: fx.reservationUrn });
    await jobs.after(0);
    expect(await statuses(fx.reservationUrn)).toEqual({ BEFORE_ARRIVAL: "WALKED", AFTER_BOOKING: "SCHEDULED" });
    expect(await bed.reservationOf(fx.reservationUrn)).toMatchObject({ status: "CANCELLED", walkReason: "OVERBOOKED" });
    expect(await bed.eventsOf("reservation/walked", fx.reservationUrn)).toHaveLength(1);
    // the later moment finds the reservation walked
    await jobs.after(31 * MIN);
    expect(await statuses(fx.reservationUrn)).toEqual({ BEFORE_ARRIVAL: "WALKED", AFTER_BOOKING: "SKIPPED" });
    expect(await bed.eventsOf("reservation/walked", fx.reservationUrn)).toHaveLength(1);
  });

  it("a shuttle planned earlier than the check-in moves BEFORE_ARRIVAL and restarts the watch, which looks up at the new time", async () => {
    const fx = await bed.booked({ checkIn: new Date(Date.now() + 6 * 3600_000) });
    const jobs = runner();
    await enqueue(bed.database.db, "transport/planned", { tenant: fx.tenant, caseUrn: fx.caseUrn, reservationUrn: fx.reservationUrn });
    await jobs.after(0);
    // the shuttle leaves the airport in 2 hours: look up an hour before
    const pickup = new Date(jobs.clock.now() + 2 * 3600_000);
    await shuttleFromAirport(fx, pickup);
    await enqueue(bed.database.db, "transport/planned", { tenant: fx.tenant, caseUrn: fx.caseUrn, reservationUrn: fx.reservationUrn });
    await jobs.after(0);
    const before = (await bed.rowsOf(fx.reservationUrn)).find((r) => r.moment === "BEFORE_ARRIVAL")!;
    expect(before.dueAt.getTime()).toBe(pickup.getTime() - 60 * MIN);
    const watches = await runsOf(bed.database.db, "reconfirm-reservation");
    expect(watches.filter((r) => r.status === "CANCELLED")).toHaveLength(1);
    // 61 minutes on: both moments have run (the old watch would have slept until 5 hours from now)
    await jobs.after(61 * MIN);
    expect(await statuses(fx.reservationUrn)).toEqual({ AFTER_BOOKING: "HELD", BEFORE_ARRIVAL: "HELD" });
  });

  it("the stay's ride already planned: its re-confirmations are written from the pickup at once, one watch and no restart", async () => {
    const fx = await bed.booked({ checkIn: new Date(Date.now() + 6 * 3600_000) });
    const jobs = runner();
    const pickup = new Date(jobs.clock.now() + 2 * 3600_000);
    await shuttleFromAirport(fx, pickup);
    const confirmedAt = new Date(jobs.clock.now() - 5 * MIN);
    await enqueue(bed.database.db, "transport/planned", { tenant: fx.tenant, caseUrn: fx.caseUrn, reservationUrn: fx.reservationUrn, confirmedAt: confirmedAt.toISOString() });
    await jobs.after(0);
    const rows = await bed.rowsOf(fx.reservationUrn);
    expect(rows.find((r) => r.moment === "BEFORE_ARRIVAL")!.dueAt.getTime()).toBe(pickup.getTime() - 60 * MIN);
    // counted from the room's confirmation, not from when the ride was known
    expect(rows.find((r) => r.moment === "AFTER_BOOKING")!.dueAt.getTime()).toBe(confirmedAt.getTime() + 30 * MIN);
    // runs of this stay only: the file's other tests share the database
    const watches = (await runsOf(bed.database.db, "reconfirm-reservation")).filter((r) => (r.event as { data: { reservationUrn: string } }).data.reservationUrn === fx.reservationUrn);
    expect(watches).toHaveLength(1);
    expect(watches.filter((r) => r.status === "CANCELLED")).toHaveLength(0);
  });
});

import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as usage } from "@/app/api/v1/ride-vouchers/usage/route";
import { auditEntries, careAssessments, jobEvents, messages, reservations, rideVouchers, transportSegments } from "@/db/schema";
import { followNextFlightTransport } from "@/inngest/functions/plan-transport";
import { rideJobs } from "@/inngest/functions/rides";
import { systemPrincipal } from "@/lib/auth/principal";
import { hmacHex } from "@/lib/http/body-signature";
import { createRunner } from "@/lib/jobs/runner";
import { replaceRidesByTaxi } from "@/lib/rides/replace-shuttle";
import { sandboxRidesSecret } from "@/lib/peers/rides/settings";
import { transportVerdicts } from "@/lib/rides/transport-owed";
import { voucherProps } from "@/lib/vouchers/model";
import { renderVoucher } from "@/lib/vouchers/render";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { roleToken } from "@/tests/helpers/cases";
import { uniqueTenant } from "@/tests/helpers/factories";
import { sandboxFleet } from "@/tests/helpers/fleet";
import { enqueue } from "../jobs/helpers";
import { caseWithStay, configuredRides, confirm, ridesOf } from "./helpers";

const database = apiTestDatabase({ airports: true });
const fleet = sandboxFleet();
const provider = configuredRides();

// 23:30 Paris; fetched at 00:00, taken back at 03:00 for a 06:00 flight: both rides at night
const NIGHT = { departure: "2027-01-10T22:30:00Z", next: "2027-01-11T05:00:00Z" };
const DAY = { departure: "2027-01-10T12:00:00Z", next: "2027-01-11T10:00:00Z" };

async function stay(times: { departure: string; next: string }) {
  const tenant = uniqueTenant();
  const token = await roleToken(tenant, "OPS_SUPERVISOR");
  return { tenant, token, ...(await caseWithStay(database.db, { token, tenant, ...times })) };
}
const segmentsOf = (caseUrn: string) => database.db.select().from(transportSegments).where(eq(transportSegments.caseUrn, caseUrn)).orderBy(transportSegments.direction);
const ctxOf = (tenant: string) => ({ db: database.db, principal: systemPrincipal(tenant) });
async function voucherText(tenant: string, reservationUrn: string) {
  const [r] = await database.db.select().from(reservations).where(eq(reservations.urn, reservationUrn));
  return (await renderVoucher({ ...(await voucherProps(ctxOf(tenant), r)), passengerLink: null })).text;
}
const signed = (body: string) => ({ rawBody: body, headers: { "content-type": "application/json", "x-ride-signature": hmacHex(sandboxRidesSecret(), body) } });

describe("ride voucher fixes", () => {
  it("a taxi replaces the shuttle: once every rider holds one, the ride is cancelled (its fleet vehicle released) and the hotel voucher shows only the taxi", async () => {
    const c = await stay(NIGHT);
    await confirm(database.db, c.tenant, c.caseUrn, c.reservationUrn);
    const rides = await ridesOf(database.db, c.caseUrn);
    expect(rides.map((r) => [r.reason, r.status])).toEqual([
      ["NIGHT", "ISSUED"],
      ["NIGHT", "ISSUED"],
    ]);
    const segments = await segmentsOf(c.caseUrn);
    expect(segments.map((s) => [s.status, s.cancellationReason])).toEqual([
      ["CANCELLED", "replaced by taxi vouchers (NIGHT)"],
      ["CANCELLED", "replaced by taxi vouchers (NIGHT)"],
    ]);
    // the fleet was asked, then let go: no vehicle left booked for a ride nobody takes
    expect(fleet.assignments().filter((a) => segments.some((s) => s.urn === a.reference))).toEqual([]);
    const audits = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entity, "segment"), eq(auditEntries.entityUrn, segments[0].urn), eq(auditEntries.action, "cancel")));
    expect(audits).toHaveLength(1);

    const text = await voucherText(c.tenant, c.reservationUrn);
    expect(text).toContain(`Taxi voucher ${rides[0].code}`);
    expect(text).not.toContain("No transport arranged");
    for (const s of segments) if (s.vehicle?.plate) expect(text).not.toContain(s.vehicle.plate);

    // a second delivery changes nothing
    await confirm(database.db, c.tenant, c.caseUrn, c.reservationUrn);
    expect((await segmentsOf(c.caseUrn)).map((s) => s.status)).toEqual(["CANCELLED", "CANCELLED"]);
    expect(await ridesOf(database.db, c.caseUrn)).toHaveLength(2);
  }, 60_000);

  it("a ride carrying someone without an issued taxi still runs; it is cancelled once every reservation aboard holds one", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "OPS_SUPERVISOR");
    const c = await caseWithStay(database.db, { token, tenant, ...NIGHT, groups: 2 });
    const [a, b] = c.reservationUrns;
    const url = process.env.RIDES_URL;
    delete process.env.RIDES_URL;
    try {
      // both groups confirmed before the jobs run: the plan puts them on the same two rides
      await enqueue(database.db, "stays/confirmed", { tenant, caseUrn: c.caseUrn, reservationUrns: [a] });
      await confirm(database.db, tenant, c.caseUrn, b);
    } finally {
      process.env.RIDES_URL = url;
    }
    const segments = await segmentsOf(c.caseUrn);
    expect(segments.map((s) => [s.status, [...s.reservationUrns].sort()])).toEqual([
      ["ASSIGNED", [a, b].sort()],
      ["ASSIGNED", [a, b].sort()],
    ]);
    // no provider: every voucher waits PENDING, no ride is replaced
    expect((await ridesOf(database.db, c.caseUrn)).map((r) => r.status)).toEqual(["PENDING", "PENDING", "PENDING", "PENDING"]);
    const issue = (reservationUrn: string) => database.db.update(rideVouchers).set({ status: "ISSUED", code: "RIDE-TEST", providerRef: null }).where(eq(rideVouchers.reservationUrn, reservationUrn));
    await issue(a);
    expect(await replaceRidesByTaxi(ctxOf(tenant), a)).toEqual([]);
    expect((await segmentsOf(c.caseUrn)).map((s) => s.status)).toEqual(["ASSIGNED", "ASSIGNED"]);
    await issue(b);
    expect((await replaceRidesByTaxi(ctxOf(tenant), b)).sort()).toEqual(segments.map((s) => s.urn).sort());
    expect((await segmentsOf(c.caseUrn)).map((s) => s.status)).toEqual(["CANCELLED", "CANCELLED"]);
    expect(await replaceRidesByTaxi(ctxOf(tenant), a)).toEqual([]);
  }, 60_000);

  it("FLEET_UNAVAILABLE only from the fleet's refusal: with no fleet configured nobody was asked, so no taxi", async () => {
    const c = await stay(DAY);
    const url = process.env.FLEET_URL;
    delete process.env.FLEET_URL;
    try {
      await confirm(database.db, c.tenant, c.caseUrn, c.reservationUrn);
    } finally {
      process.env.FLEET_URL = url;
    }
    expect(await ridesOf(database.db, c.caseUrn)).toHaveLength(0);
    expect((await segmentsOf(c.caseUrn)).map((s) => [s.status, s.fleetRefusal])).toEqual([
      ["PLANNED", null],
      ["PLANNED", null],
    ]);

    // the fleet refuses: its answer is kept on the ride, and the taxi follows
    await fleet.admin("/__sandbox/fleet", { airport: "CDG", vehicles: { SHUTTLE: 0 } });
    try {
      const refused = await stay(DAY);
      await confirm(database.db, refused.tenant, refused.caseUrn, refused.reservationUrn);
      expect((await ridesOf(database.db, refused.caseUrn)).map((r) => [r.reason, r.status])).toEqual([
        ["FLEET_UNAVAILABLE", "ISSUED"],
        ["FLEET_UNAVAILABLE", "ISSUED"],
      ]);
      const segments = await segmentsOf(refused.caseUrn);
      expect(segments.map((s) => s.cancellationReason)).toEqual(["replaced by taxi vouchers (FLEET_UNAVAILABLE)", "replaced by taxi vouchers (FLEET_UNAVAILABLE)"]);
    } finally {
      await fleet.admin("/__sandbox/reset");
    }
  }, 60_000);

  it("the passenger's flow tells transport/planned once, after the voucher with its ride left; a redelivered confirmation tells nothing more", async () => {
    const c = await stay(DAY);
    await confirm(database.db, c.tenant, c.caseUrn, c.reservationUrn);
    await confirm(database.db, c.tenant, c.caseUrn, c.reservationUrn);
    const told = await database.db.select().from(jobEvents).where(and(eq(jobEvents.name, "transport/planned"), sql`${jobEvents.data}->>'caseUrn' = ${c.caseUrn}`));
    expect(told.length).toBeGreaterThanOrEqual(1);
    // one event per chunk, naming its stays
    expect(new Set(told.flatMap((t) => (t.data as { reservationUrns: string[] }).reservationUrns))).toEqual(new Set([c.reservationUrn]));
    expect(await voucherText(c.tenant, c.reservationUrn)).toContain("Pickup at");
  }, 60_000);

  it("the next flight moves: the taxi to the airport is cancelled (at the provider too) and a new one issued for the new pickup; the same move again changes nothing", async () => {
    const c = await stay(NIGHT);
    await confirm(database.db, c.tenant, c.caseUrn, c.reservationUrn);
    const [toHotel, toAirport] = await ridesOf(database.db, c.caseUrn);
    const moved = { number: "AF1238", scheduledDeparture: "2027-01-11T06:00:00Z" };
    const runner = createRunner({ db: database.db, jobs: [followNextFlightTransport, ...rideJobs], retryBaseMs: 1 });
    for (let round = 0; round < 2; round++) {
      await enqueue(database.db, "case/reaccommodated", { tenant: c.tenant, caseUrn: c.caseUrn, previousNextFlight: { number: "AF1236", scheduledDeparture: NIGHT.next }, nextFlight: moved, nights: 1, overnight: true });
      for (let i = 0; i < 6; i++) await runner.tick();
    }
    const after = await ridesOf(database.db, c.caseUrn);
    const airport = after.filter((r) => r.direction === "HOTEL_TO_AIRPORT").sort((a, b) => a.pickupAt.getTime() - b.pickupAt.getTime());
    expect(airport.map((r) => [r.status, r.pickupAt.toISOString()])).toEqual([
      ["CANCELLED", toAirport.pickupAt.toISOString()],
      ["ISSUED", new Date(toAirport.pickupAt.getTime() + 3_600_000).toISOString()],
    ]);
    expect(airport[0].cancelReason).toContain("next flight moved to 2027-01-11T06:00:00Z");
    expect(provider().vouchers().find((v) => v.id === toAirport.providerRef)?.status).toBe("CANCELLED");
    const sent = provider().vouchers().find((v) => v.reference === airport[1].urn)!;
    expect(sent.request).toMatchObject({ pickupAfter: airport[1].pickupAt.toISOString() });
    expect(new Date(sent.request.expiresAt).getTime()).toBeGreaterThan(new Date(airport[1].pickupAt).getTime());
    // the ride to the hotel did not move
    expect(after.find((r) => r.urn === toHotel.urn)).toMatchObject({ status: "ISSUED", pickupAt: toHotel.pickupAt });
    expect(await voucherText(c.tenant, c.reservationUrn)).toContain(airport[1].code!);

    // the stay's messages had left with the first taxi: the new one is told by a message of its own
    // (RIDE_VOUCHER, its code and pickup), once per contact and channel for both moves; the taxis
    // issued inside the passenger's flow were carried by the stay's voucher, so none of their own
    const rideMessages = await database.db.select().from(messages).where(and(eq(messages.caseUrn, c.caseUrn), eq(messages.kind, "RIDE_VOUCHER")));
    expect(rideMessages.length).toBeGreaterThan(0);
    expect(new Set(rideMessages.map((m) => m.relatedUrn))).toEqual(new Set([airport[1].urn]));
    for (const m of rideMessages) expect(m.text).toContain(airport[1].code!);
    expect(new Set(rideMessages.map((m) => `${m.recipient}:${m.channel}`)).size).toBe(rideMessages.length);
  }, 60_000);

  it("usage after a cancellation: the ride happened, so it is USED with the provider's amount, audited as after the cancellation", async () => {
    const c = await stay(NIGHT);
    await confirm(database.db, c.tenant, c.caseUrn, c.reservationUrn);
    await database.db.update(reservations).set({ status: "CANCELLED" }).where(eq(reservations.urn, c.reservationUrn));
    await enqueue(database.db, "reservation/cancelled", { tenant: c.tenant, caseUrn: c.caseUrn, reservationUrn: c.reservationUrn, reason: "no longer needed" });
    await confirm(database.db, c.tenant, c.caseUrn, c.reservationUrn);
    const [ride] = await ridesOf(database.db, c.caseUrn);
    expect(ride.status).toBe("CANCELLED");
    const body = JSON.stringify({ id: ride.providerRef, reference: ride.urn, amount: 60, currency: "EUR", usedAt: "2027-01-11T00:40:00Z" });
    const res = await call(usage, "/ride-vouchers/usage", signed(body));
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ urn: ride.urn, status: "USED", usedAmount: 60 });
    const [audit] = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, ride.urn), eq(auditEntries.action, "use")));
    expect(audit.reason).toContain("after the voucher was cancelled (reservation cancelled: no longer needed)");
    expect((await call(usage, "/ride-vouchers/usage", signed(body))).json).toEqual(res.json);
  }, 60_000);

  it("decides from the group as it is now, not the group id stored in the assessment (split or merged since)", async () => {
    const c = await stay(NIGHT);
    // the assessment was made before the group was merged: it still names the old group
    await database.db.execute(sql`UPDATE ${careAssessments} SET passengers = (SELECT jsonb_agg(jsonb_set(e, '{groupId}', '"G-BEFORE-MERGE"')) FROM jsonb_array_elements(passengers) e) WHERE case_urn = ${c.caseUrn}`);
    const verdicts = await transportVerdicts(ctxOf(c.tenant), { tenant: c.tenant, caseUrn: c.caseUrn, groupId: c.groupId });
    expect(verdicts.map((v) => v.owed)).toEqual([true, true]);
    await confirm(database.db, c.tenant, c.caseUrn, c.reservationUrn);
    expect((await ridesOf(database.db, c.caseUrn)).map((r) => r.status)).toEqual(["ISSUED", "ISSUED"]);
  }, 60_000);
});

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import type { Db } from "@/db/client";
import { allocationWaves, cases, hotels, rideVouchers } from "@/db/schema";
import { passengerFlow } from "@/inngest/functions/passenger-flow";
import { rideJobs } from "@/inngest/functions/rides";
import { systemPrincipal } from "@/lib/auth/principal";
import { assessCare } from "@/lib/care/assess";
import type { Ctx } from "@/lib/context";
import { newUrn } from "@/lib/ids";
import { manualClock, type ManualClock } from "@/lib/jobs/clock";
import { createRunner } from "@/lib/jobs/runner";
import { type RidesSandbox, startRidesSandbox } from "@/lib/peers/rides/sandbox";
import { sandboxRidesKey, sandboxRidesSecret } from "@/lib/peers/rides/settings";
import { casePayload, createCase, pax } from "@/tests/helpers/cases";
import { activePolicy } from "@/tests/helpers/policies";
import { insertDirectReservation } from "@/tests/helpers/reservations";
import { enqueue } from "../jobs/helpers";

const ENV_KEYS = ["RIDES_URL", "RIDES_KEY", "RIDES_SECRET", "RIDES_TIMEOUT_MS"] as const;

/** Our ride provider sandbox as the configured one (RIDES_URL) for one test file. */
export function configuredRides() {
  let running: RidesSandbox | undefined;
  const saved: Record<string, string | undefined> = {};
  beforeAll(async () => {
    running = await startRidesSandbox();
    for (const k of ENV_KEYS) saved[k] = process.env[k];
    process.env.RIDES_URL = running.url;
    process.env.RIDES_KEY = sandboxRidesKey();
    process.env.RIDES_SECRET = sandboxRidesSecret();
    process.env.RIDES_TIMEOUT_MS = "1000";
  });
  afterAll(async () => {
    for (const k of ENV_KEYS) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
    await running?.stop();
  });
  return () => {
    if (!running) throw new Error("configuredRides: starts in beforeAll");
    return running;
  };
}

/**
 * A case at CDG (Europe/Paris) whose flight was cancelled at `departure` with the next flight at
 * `next`, its right to care assessed, an ACTIVE policy, a hotel, and one CONFIRMED reservation of
 * its one group of two (ECONOMY unless told); `groups` gives it more such groups at the same hotel,
 * each with its CONFIRMED reservation. `needs`: the first group's first passenger's special needs;
 * `language`: theirs (with a phone, so they are reached by SMS too).
 */
export async function caseWithStay(db: Db, o: { token: string; tenant: string; departure: string; next: string; tier?: string; mode?: "DRILL"; groups?: number; needs?: string[]; language?: string }) {
  const tier = o.tier ?? "ECONOMY";
  const id = newUrn("case").slice(-6);
  const kase = await createCase(
    o.token,
    casePayload({
      flight: { number: "AF1234", origin: "CDG", destination: "JFK", scheduledDeparture: o.departure, status: "CANCELLED" },
      nextFlight: { number: "AF1236", scheduledDeparture: o.next },
      disruption: { kind: "CANCELLATION", cause: "CONTROLLABLE" },
      passengerGroups: Array.from({ length: o.groups ?? 1 }, (_, g) => ({ pnr: `R${g}${id}`, passengers: [pax(`A${g}${id}`, tier, { ...(g === 0 && o.needs ? { specialNeeds: o.needs } : {}), ...(o.language ? { language: o.language, phone: "+33 6 12 34 56 78" } : {}) }), pax(`B${g}${id}`, tier)] })),
    }),
  );
  if (o.mode) await db.update(cases).set({ mode: o.mode }).where(eq(cases.urn, kase.urn));
  await activePolicy(db, o.tenant, { name: `rides ${id}`, tiers: [tier as "ECONOMY"], context: { airport: "CDG" } });
  const hotelUrn = newUrn("hotel");
  await db.insert(hotels).values({ urn: hotelUrn, name: "Hôtel de Nuit", address: "3 Rue de la Haye, 95700 Roissy", airport: "CDG", latitude: 49.0, longitude: 2.55, stars: 4 });
  const waveUrn = newUrn("wave");
  const groupIds: string[] = kase.passengerGroups.map((g: { groupId: string }) => g.groupId);
  const groupId = groupIds[0];
  await db.insert(allocationWaves).values({ urn: waveUrn, tenant: o.tenant, caseUrn: kase.urn, status: "COMPLETE", airport: "CDG", policies: [], allocations: groupIds.map((g) => ({ groupId: g, hotelUrn, hotelName: "Hôtel de Nuit" })) });
  const reservationUrns: string[] = [];
  for (const g of groupIds) reservationUrns.push(await insertDirectReservation(db, { tenant: o.tenant, caseUrn: kase.urn, waveUrn, groupId: g, hotelUrn }));
  const reservationUrn = reservationUrns[0];
  const ctx: Ctx = { db, principal: systemPrincipal(o.tenant, "care") };
  const { assessment } = await assessCare(ctx, kase.urn, "CASE_CREATED");
  const transportOwed = assessment.passengers.some((p) => p.entitlements.some((e) => e.kind === "TRANSPORT" && e.owed));
  return { caseUrn: kase.urn as string, reservationUrn, groupId, transportOwed, reservationUrns, groupIds };
}

export const runner = (db: Db, clock?: ManualClock) => createRunner({ db, jobs: [passengerFlow, ...rideJobs], retryBaseMs: 1, clock });

/** stays/confirmed as the booking job emits it for one stay, then the jobs run (a few rounds: a retried step is due again after its backoff). */
export async function confirm(db: Db, tenant: string, caseUrn: string, reservationUrn: string) {
  await enqueue(db, "stays/confirmed", { tenant, caseUrn, reservationUrns: [reservationUrn] });
  await settle(db);
}

/** A few rounds of the jobs, the clock moved past the passenger flow's 10 s waits between them (a peer answering "not now" is asked again). */
const clock = manualClock();
export async function settle(db: Db) {
  // one clock for the file, only ever moved forward: a sleep begun in one settle ends in a later one
  clock.set(Math.max(clock.now(), Date.now()));
  const r = runner(db, clock);
  for (let i = 0; i < 10; i++) {
    await r.tick();
    clock.advance(11_000);
  }
}

export const ridesOf = (db: Db, caseUrn: string) => db.select().from(rideVouchers).where(eq(rideVouchers.caseUrn, caseUrn)).orderBy(rideVouchers.direction);
export const rideOf = async (db: Db, reservationUrn: string, direction: "AIRPORT_TO_HOTEL" | "HOTEL_TO_AIRPORT") =>
  (await db.select().from(rideVouchers).where(and(eq(rideVouchers.reservationUrn, reservationUrn), eq(rideVouchers.direction, direction))))[0];

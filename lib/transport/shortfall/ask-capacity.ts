import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { type CapacityAskJson, fleetShortfalls, type TransportSegmentRow, transportSegments } from "@/db/schema";
import { type Ctx, transaction } from "@/lib/context";
import type { TransportFleet } from "@/lib/peers/fleet/types";
import { casesOfNight, type ShortfallScope } from "./key";
import { lockShortfall, whereKey } from "./row";

/**
 * The airport nights and types this process knows were asked for already (recorded on their row):
 * a meltdown's refusals of a type, hundreds, then cost no transaction each (bounded: a few keys a night).
 */
const askedAlready = new Set<string>();

// a ride's vehicle is busy for about this long after its pickup: an added vehicle must cover it
const RIDE_MS = 2 * 3_600_000;

/**
 * "Ask the fleet for more where its API allows": on the first refusal of a vehicle type for an
 * airport's night, one capacity request for that type — one vehicle per ride of the type still
 * without one (PLANNED, no vehicle) in the night's cases at the airport (./key.ts casesOfNight),
 * for the window of their pickups (+2 h, a ride's length). Once per airport, night and
 * type: the ask is recorded under the shortfall row's lock before the call, so a concurrent or later
 * refusal never asks again, and neither does a retried step. What the fleet granted is recorded (a
 * fleet that failed or has no such API: none) and goes into the review item's detail.
 * Answers the vehicles this call was granted (0 when it did not ask): the caller asks for the
 * refused ride again then.
 */
export async function askForCapacity(ctx: Ctx, fleet: TransportFleet, segment: TransportSegmentRow, scope: ShortfallScope): Promise<number> {
  if (!fleet.requestCapacity) return 0;
  const key = `${scope.tenant}:${scope.airport}:${scope.night}:${scope.mode}:${segment.vehicleType}`;
  if (askedAlready.has(key)) return 0;
  const ask = await transaction(ctx, async (tx) => {
    const row = await lockShortfall(tx, scope, segment.caseUrn);
    if (row.capacityAsks.some((a) => a.vehicleType === segment.vehicleType)) return null;
    const at = segment.scheduledAt.getTime();
    const night = [...new Set([segment.caseUrn, ...(await casesOfNight(tx, scope))])];
    const [short] = await tx.db
      .select({ rides: sql<number>`count(*)::int`, first: sql<string>`min(${transportSegments.scheduledAt})`, last: sql<string>`max(${transportSegments.scheduledAt})` })
      .from(transportSegments)
      .where(
        and(
          eq(transportSegments.tenant, scope.tenant),
          inArray(transportSegments.caseUrn, night),
          eq(transportSegments.vehicleType, segment.vehicleType),
          eq(transportSegments.status, "PLANNED"),
          isNull(transportSegments.vehicle),
        ),
      );
    const from = new Date(Math.min(at, short?.first ? Date.parse(short.first) : at));
    const until = new Date(Math.max(at, short?.last ? Date.parse(short.last) : at) + RIDE_MS);
    const entry: CapacityAskJson = {
      vehicleType: segment.vehicleType,
      asked: Math.min(500, Math.max(1, short?.rides ?? 1)),
      granted: null,
      from: from.toISOString(),
      until: until.toISOString(),
      at: new Date().toISOString(),
      message: null,
    };
    await tx.db.update(fleetShortfalls).set({ capacityAsks: [...row.capacityAsks, entry] }).where(whereKey(scope));
    return entry;
  });
  // an ask recorded is never taken back: this process need not lock the row to learn it again
  askedAlready.add(key);
  if (!ask) return 0;
  const reference = `capacity:${scope.tenant}:${scope.airport}:${scope.night}:${scope.mode}:${ask.vehicleType}`;
  const answer = await fleet
    .requestCapacity({ airport: scope.airport, vehicleType: ask.vehicleType, vehicles: ask.asked, from: ask.from, until: ask.until }, reference)
    // asked once: a fleet that failed now is not asked again this night; the desk reads why
    .catch((err: unknown) => ({ granted: 0, message: `not answered (${err instanceof Error ? err.message : String(err)})` }));
  await transaction(ctx, async (tx) => {
    const [row] = await tx.db.select({ capacityAsks: fleetShortfalls.capacityAsks }).from(fleetShortfalls).where(whereKey(scope)).for("update");
    const asks = (row?.capacityAsks ?? []).map((a) => (a.vehicleType === ask.vehicleType ? { ...a, granted: answer.granted, message: answer.message } : a));
    await tx.db.update(fleetShortfalls).set({ capacityAsks: asks }).where(whereKey(scope));
  });
  return answer.granted;
}

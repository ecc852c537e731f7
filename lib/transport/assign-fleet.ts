import { and, eq, inArray } from "drizzle-orm";
import { reviewItems, transportSegments } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { touchCase } from "@/lib/cases/load";
import { type Ctx, transaction } from "@/lib/context";
import { caseSystems } from "@/lib/drills/systems";
import { createReviewItem } from "@/lib/review/create-item";
import { releaseQuietly } from "./change";
import { refreshVouchersOf } from "./refresh-vouchers";
import { auditSnapshot } from "./to-record";

export type FleetOutcome = { segmentUrn: string; outcome: "ASSIGNED" | "UNASSIGNED" | "SKIPPED"; detail: string };

/**
 * Asks the transport provider for a vehicle for one PLANNED segment → ASSIGNED with the vehicle
 * and driver. The segment's URN is the fleet's idempotency reference, so a retried step gets the
 * same vehicle, never a second one. When the fleet has none of the type left (or none is
 * configured) the segment stays PLANNED and a TRANSPORT_UNASSIGNED review item says so, once per
 * segment while it is open, and a configured fleet's refusal is kept on the segment (fleetRefusal). A fleet that fails (5xx, timeout) throws: the job's step retries.
 * The fleet is the case's: a drill's rides are assigned at the drills' sandbox fleet.
 */
export async function assignFromFleet(ctx: Ctx, segmentUrn: string): Promise<FleetOutcome> {
  const [segment] = await ctx.db.select().from(transportSegments).where(and(eq(transportSegments.urn, segmentUrn), eq(transportSegments.tenant, ctx.principal.tenant))).limit(1);
  if (!segment || segment.status !== "PLANNED") return { segmentUrn, outcome: "SKIPPED", detail: segment ? segment.status : "missing" };
  const fleet = await (await caseSystems(ctx, segment.caseUrn)).fleet();
  const outcome = fleet
    ? await fleet.assign({
        reference: segment.urn,
        airport: segment.airport ?? "",
        vehicleType: segment.vehicleType,
        seats: Math.max(1, segment.passengerCount),
        pickupAt: segment.scheduledAt.toISOString(),
        pickup: segment.pickupLocation ?? "",
        dropoff: segment.dropoffLocation ?? "",
        specialRequirements: segment.specialRequirements,
      })
    : ({ ok: false, code: "no_provider", message: "no transport provider is configured (FLEET_URL)" } as const);

  if (!outcome.ok) {
    // the fleet's answer, kept on the ride: ride vouchers (lib/rides) replace only a ride a fleet refused
    if (fleet) await ctx.db.update(transportSegments).set({ fleetRefusal: `${outcome.code}: ${outcome.message}`.slice(0, 500) }).where(and(eq(transportSegments.urn, segment.urn), eq(transportSegments.status, "PLANNED")));
    await openUnassigned(ctx, segment, `${outcome.code}: ${outcome.message}`);
    return { segmentUrn, outcome: "UNASSIGNED", detail: outcome.code };
  }
  const a = outcome.assignment;
  const done = await transaction(ctx, async (tx) => {
    // the race: an operator assigned or cancelled it meanwhile; theirs stands
    const [row] = await tx.db
      .update(transportSegments)
      .set({ status: "ASSIGNED", vehicle: { vehicleId: a.vehicleId, plate: a.plate, driverName: a.driverName, driverPhone: a.driverPhone, dispatcherPhone: a.dispatcherPhone, source: "FLEET", assignmentId: a.id } })
      .where(and(eq(transportSegments.urn, segment.urn), eq(transportSegments.status, "PLANNED")))
      .returning();
    if (!row) return false;
    await writeAudit(tx, { entity: "segment", entityUrn: row.urn, action: "assign", airport: row.airport, reason: `transport fleet assigned ${a.vehicleId}`, before: auditSnapshot(segment), after: auditSnapshot(row) });
    await touchCase(tx, row.caseUrn);
    await refreshVouchersOf(tx, row.reservationUrns);
    return true;
  });
  if (!done) {
    await releaseQuietly(ctx, segment.caseUrn, a.id, segment.urn);
    return { segmentUrn, outcome: "SKIPPED", detail: "changed meanwhile" };
  }
  return { segmentUrn, outcome: "ASSIGNED", detail: a.vehicleId };
}

/**
 * One open TRANSPORT_UNASSIGNED item per case, listing every ride without a vehicle: a hub
 * meltdown can leave hundreds of rides unassigned, and a queue of hundreds of items (each with its
 * SLA clock and page) would bury the one decision the desk has to make, which is to find vehicles.
 * A ride already listed is not added twice.
 */
async function openUnassigned(ctx: Ctx, segment: typeof transportSegments.$inferSelect, why: string): Promise<void> {
  const when = segment.scheduledAt.toISOString().replace(".000Z", "Z");
  const line = `Segment ${segment.urn} (${segment.direction}, ${segment.vehicleType} for ${segment.passengerCount} at ${when}) has no vehicle: the transport fleet has none of the type left (${why}). Assign one by hand: POST /transport/segments/${segment.urn}/vehicle.`;
  const groups = [...new Set(segment.passengers.map((p) => p.groupId))];
  await transaction(ctx, async (tx) => {
    const [open] = await tx.db
      .select({ urn: reviewItems.urn, detail: reviewItems.detail, affectedGroups: reviewItems.affectedGroups, reservationUrns: reviewItems.reservationUrns })
      .from(reviewItems)
      .where(and(eq(reviewItems.caseUrn, segment.caseUrn), eq(reviewItems.category, "TRANSPORT_UNASSIGNED"), inArray(reviewItems.state, ["OPEN", "CLAIMED"])))
      .orderBy(reviewItems.urn)
      .limit(1)
      .for("update");
    if (open) {
      const listed = open.detail ?? "";
      if (listed.includes(segment.urn)) return;
      await tx.db
        .update(reviewItems)
        .set({
          detail: listed ? `${listed}\n${line}` : line,
          affectedGroups: [...new Set([...open.affectedGroups, ...groups])].sort(),
          reservationUrns: [...new Set([...open.reservationUrns, ...segment.reservationUrns])].sort(),
        })
        .where(eq(reviewItems.urn, open.urn));
      return;
    }
    await createReviewItem(tx, {
      caseUrn: segment.caseUrn,
      category: "TRANSPORT_UNASSIGNED",
      airport: segment.airport,
      affectedGroups: groups.sort(),
      reservationUrns: segment.reservationUrns,
      detail: line,
    });
  });
}

import { and, eq, inArray, sql } from "drizzle-orm";
import { cases, fleetShortfalls, reviewItems, type TransportSegmentRow, transportSegments } from "@/db/schema";
import { type Ctx, transaction } from "@/lib/context";
import { emit } from "@/lib/events";
import { newUrn } from "@/lib/ids";
import { shortfallFigures } from "./figures";
import { type ShortfallScope, shortfallScope } from "./key";
import { lockShortfall, whereKey } from "./row";
import { RIDES_MARK, shortfallHead, withRide } from "./words";

/** `transport/fleet-refused` → the ride recorded on its night's shortfall (the job record-fleet-shortfall, off the passenger's path). */
export async function recordRefusal(ctx: Ctx, input: { segmentUrn: string; why: string; withoutFleet: boolean }): Promise<boolean> {
  const [segment] = await ctx.db.select().from(transportSegments).where(and(eq(transportSegments.urn, input.segmentUrn), eq(transportSegments.tenant, ctx.principal.tenant))).limit(1);
  if (!segment) return false;
  await recordShortfall(ctx, segment, input.why, { withoutFleet: input.withoutFleet });
  return true;
}

/**
 * A ride the fleet refused (or that no fleet could be asked for), recorded on its airport's night:
 * one open TRANSPORT_UNASSIGNED item per airport and night, not one per case — a meltdown's thirty
 * cases short of shuttles are one decision (find vehicles, or let taxi vouchers take the rides),
 * and thirty items with thirty SLA clocks buried it. The item's head carries the numbers (rides and
 * seats without a vehicle, by vehicle type; rides replaced by taxi vouchers; what the fleet was
 * asked for and granted, and the same counts by case), rewritten from the database on every
 * refusal; below it, one line per ride as refusals come, each ride once, up to MAX_LISTED_RIDES.
 *
 * A review item must belong to a case (review_items.case_urn is NOT NULL): it belongs to the first
 * case of the night whose ride was refused, and lists every case's rides; its reservation URNs are
 * the listed rides', its affected groups that first case's (a group id is only unique within its case).
 * A resolved item stays resolved: a later refusal that night opens a new one.
 */
export async function recordShortfall(ctx: Ctx, segment: TransportSegmentRow, why: string, o: { withoutFleet: boolean; scope?: ShortfallScope }): Promise<void> {
  const scope = o.scope ?? (await shortfallScope(ctx, segment));
  const when = segment.scheduledAt.toISOString().replace(".000Z", "Z");
  const line = `${scope.flightNumber || "case"} · ${segment.urn} (${segment.direction}, ${segment.vehicleType} for ${segment.passengerCount} at ${when}) — ${why}`;
  const groups = [...new Set(segment.passengers.map((p) => p.groupId))].sort();
  await transaction(ctx, async (tx) => {
    let row = await lockShortfall(tx, scope, segment.caseUrn);
    if (o.withoutFleet && !row.withoutFleet) [row] = await tx.db.update(fleetShortfalls).set({ withoutFleet: true }).where(whereKey(scope)).returning();
    const flights = await tx.db.select({ urn: cases.urn, number: sql<string>`${cases.flight}->>'number'` }).from(cases).where(inArray(cases.urn, row.caseUrns));
    const head = shortfallHead({
      airport: scope.airport,
      night: scope.night,
      figures: await shortfallFigures(tx, row),
      asks: row.capacityAsks,
      cases: row.caseUrns.length,
      flights: Object.fromEntries(flights.map((f) => [f.urn, f.number])),
    });
    const [open] = row.reviewItemUrn
      ? await tx.db
          .select({ urn: reviewItems.urn, caseUrn: reviewItems.caseUrn, detail: reviewItems.detail, affectedGroups: reviewItems.affectedGroups, reservationUrns: reviewItems.reservationUrns })
          .from(reviewItems)
          .where(and(eq(reviewItems.urn, row.reviewItemUrn), inArray(reviewItems.state, ["OPEN", "CLAIMED"])))
          .for("update")
      : [];
    if (open) {
      const detail = open.detail ?? "";
      const at = detail.indexOf(RIDES_MARK);
      const rides = at < 0 ? "" : detail.slice(at + RIDES_MARK.length).replace(/^\n/, "");
      const listed = withRide(rides, segment.urn, line);
      // the reservations of the rides listed, not of a thousand: the list is capped for the same reason
      const nowListed = !rides.includes(segment.urn) && listed.includes(segment.urn);
      const next = `${head}\n${listed}`;
      if (next === detail) return;
      await tx.db
        .update(reviewItems)
        .set({
          detail: next,
          affectedGroups: open.caseUrn === segment.caseUrn ? [...new Set([...open.affectedGroups, ...groups])].sort() : open.affectedGroups,
          reservationUrns: nowListed ? [...new Set([...open.reservationUrns, ...segment.reservationUrns])].sort() : open.reservationUrns,
        })
        .where(eq(reviewItems.urn, open.urn));
      return;
    }
    const caseUrn = row.caseUrns[0] ?? segment.caseUrn;
    // review raises the item in this transaction (lib/reactions), under the URN the shortfall row keeps
    const reviewUrn = newUrn("review");
    await emit(
      tx,
      "review/needed",
      {
        tenant: tx.principal.tenant,
        reviewUrn,
        caseUrn,
        category: "TRANSPORT_UNASSIGNED",
        airport: scope.airport,
        affectedGroups: caseUrn === segment.caseUrn ? groups : [],
        reservationUrns: [...segment.reservationUrns].sort(),
        detail: `${head}\n${line}`,
      },
      { react: "in-transaction" },
    );
    await tx.db.update(fleetShortfalls).set({ reviewItemUrn: reviewUrn }).where(whereKey(scope));
  });
}

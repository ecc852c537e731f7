import { and, eq, inArray } from "drizzle-orm";
import { airports, hotels, passengers, transportSegments } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { loadCase, touchCase } from "@/lib/cases/load";
import { type Ctx, transaction } from "@/lib/context";
import { caseContext, matchPolicies } from "@/lib/policies/match";
import { TIERS, type Tier } from "@/lib/vocabulary";
import { releaseQuietly } from "./change";
import { DEFAULT_TRANSPORT, slotFloor, travelMinutes } from "./plan";
import { refreshVouchersOf } from "./refresh-vouchers";
import { transportSettings } from "./settings";
import { auditSnapshot } from "./to-record";
import { canApply } from "./transitions";

/**
 * The case's next flight moved (PATCH /cases/{urn}/reaccommodate → case/reaccommodated): each live
 * ride to the airport is re-timed by the planner's rule (departure − the tiers' minutesBeforePickup
 * − the travel estimate, down to a slot); the vehicle stays (the board shows the new time to pass
 * on). With no overnight gap left nobody rides: every live ride of the case is CANCELLED and its
 * fleet vehicle released. Repeating the same change changes nothing.
 */
export async function followNextFlight(ctx: Ctx, input: { caseUrn: string; overnight: boolean; nextDeparture: string }): Promise<{ retimed: string[]; cancelled: string[] }> {
  const { retimed, cancelled, release } = await transaction(ctx, async (tx) => {
    const caseRow = await loadCase(tx, input.caseUrn, { forUpdate: true });
    const out = { retimed: [] as string[], cancelled: [] as string[], release: [] as [string, string][] };
    if (caseRow.status === "CLOSED") return out;
    const live = await tx.db
      .select()
      .from(transportSegments)
      .where(and(eq(transportSegments.caseUrn, caseRow.urn), inArray(transportSegments.status, ["PLANNED", "ASSIGNED"])))
      .for("update");
    const reason = input.overnight ? `next flight moved to ${input.nextDeparture}` : `no overnight gap left: the next flight leaves ${input.nextDeparture}`;

    if (!input.overnight) {
      for (const before of live) {
        if (!canApply("cancel", before.status)) continue;
        const [row] = await tx.db.update(transportSegments).set({ status: "CANCELLED", cancellationReason: reason }).where(eq(transportSegments.urn, before.urn)).returning();
        await writeAudit(tx, { entity: "segment", entityUrn: row.urn, action: "cancel", airport: caseRow.airport, reason, before: auditSnapshot(before), after: auditSnapshot(row) });
        if (before.vehicle?.source === "FLEET" && before.vehicle.assignmentId) out.release.push([before.vehicle.assignmentId, before.urn]);
        out.cancelled.push(row.urn);
      }
    } else {
      const toAirport = live.filter((s) => s.direction === "HOTEL_TO_AIRPORT");
      const [airport] = await tx.db.select().from(airports).where(eq(airports.iata, caseRow.airport)).limit(1);
      const hotelRows = toAirport.length ? await tx.db.select().from(hotels).where(inArray(hotels.urn, [...new Set(toAirport.map((s) => s.hotelUrn ?? ""))])) : [];
      const aboard = toAirport.flatMap((s) => s.passengers.map((p) => p.passengerId));
      const tierOf = new Map(
        (aboard.length ? await tx.db.select({ id: passengers.passengerId, tier: passengers.tier }).from(passengers).where(and(eq(passengers.caseUrn, caseRow.urn), inArray(passengers.passengerId, aboard))) : []).map((p) => [p.id, p.tier]),
      );
      const tiers = [...new Set([...tierOf.values()].filter((t): t is Tier => t !== null))].sort((a, b) => TIERS.indexOf(a) - TIERS.indexOf(b));
      const policies = await matchPolicies(tx, { ...caseContext(caseRow), tiers });
      const settings = transportSettings();
      for (const before of toAirport) {
        const hotel = hotelRows.find((h) => h.urn === before.hotelUrn);
        if (!hotel || !airport || !canApply("retime", before.status)) continue;
        const minutesBefore = Math.max(...before.passengers.map((p) => (policies.get(tierOf.get(p.passengerId) ?? "") ?? null)?.transport.minutesBeforePickup ?? DEFAULT_TRANSPORT.minutesBeforePickup));
        const at = slotFloor(Date.parse(input.nextDeparture) - (minutesBefore + travelMinutes(hotel, airport, settings)) * 60_000, settings.slotMinutes);
        if (at === before.scheduledAt.getTime()) continue;
        const [row] = await tx.db.update(transportSegments).set({ scheduledAt: new Date(at) }).where(eq(transportSegments.urn, before.urn)).returning();
        await writeAudit(tx, { entity: "segment", entityUrn: row.urn, action: "retime", airport: caseRow.airport, reason, before: auditSnapshot(before), after: auditSnapshot(row) });
        out.retimed.push(row.urn);
      }
    }
    const touched = live.filter((s) => out.retimed.includes(s.urn) || out.cancelled.includes(s.urn));
    if (touched.length) {
      await touchCase(tx, caseRow.urn);
      await refreshVouchersOf(tx, touched.flatMap((s) => s.reservationUrns));
    }
    return out;
  });
  for (const [assignmentId, segmentUrn] of release) await releaseQuietly(ctx, input.caseUrn, assignmentId, segmentUrn);
  return { retimed, cancelled };
}

import { and, eq, inArray, sql } from "drizzle-orm";
import { reservations, rideVouchers, type RideVoucherRow, transportSegments } from "@/db/schema";
import { airportFacts } from "@/lib/airport-facts";
import { caseFacts } from "@/lib/case-facts";
import { writeAudit } from "@/lib/audit/write";
import { type Ctx, transaction } from "@/lib/context";
import { newUrn } from "@/lib/ids";
import { knownZone } from "@/lib/time-zones";
import { transportSettings } from "@/lib/transport/settings";
import { decideRides } from "./decide";
import { rideVoucherSettings } from "@/lib/peers/rides/settings";
import { transportVerdicts } from "./transport-owed";

/**
 * After a confirmed reservation's transport was planned and asked of the fleet: the ride vouchers
 * its group is owed (lib/rides/decide.ts), written PENDING, one live per (reservation, direction) —
 * the partial unique index makes a replayed or concurrent run write nothing more. Answers the reservation's
 * live vouchers as whole rows: those still PENDING, for the caller to issue at the provider, and
 * those ISSUED or USED already.
 */
export async function planRideVouchers(ctx: Ctx, input: { caseUrn: string; reservationUrn: string }): Promise<{ skipped: string | null; pending: RideVoucherRow[]; issued: RideVoucherRow[] }> {
  // the case's airport is all this needs of it, and never changes (lib/case-facts.ts)
  const kase = await caseFacts(ctx.db, input.caseUrn);
  if (!kase) return { skipped: "case missing", pending: [], issued: [] };
  const [reservation] = await ctx.db.select().from(reservations).where(and(eq(reservations.urn, input.reservationUrn), eq(reservations.tenant, ctx.principal.tenant))).limit(1);
  if (!reservation || reservation.status !== "CONFIRMED") return { skipped: `reservation ${reservation?.status ?? "missing"}`, pending: [], issued: [] };
  // only what this reservation needs: its group's TRANSPORT verdicts (the group as it is now) and the live rides it is on
  const verdicts = await transportVerdicts(ctx, { tenant: reservation.tenant, caseUrn: input.caseUrn, groupId: reservation.groupId });
  const transportOwed = verdicts.some((v) => v.owed);
  const version = verdicts[0]?.version;
  const airport = await airportFacts(ctx.db, kase.airport);
  const segments = await ctx.db
    .select()
    .from(transportSegments)
    .where(
      and(
        eq(transportSegments.caseUrn, input.caseUrn),
        inArray(transportSegments.status, ["PLANNED", "ASSIGNED"]),
        sql`${transportSegments.reservationUrns} @> ${JSON.stringify([reservation.urn])}::jsonb`,
      ),
    );
  const decisions = decideRides({
    reservationUrn: reservation.urn,
    groupId: reservation.groupId,
    transportOwed,
    segments: segments.map((s) => ({
      urn: s.urn,
      direction: s.direction,
      scheduledAt: s.scheduledAt.toISOString(),
      vehicleType: s.vehicleType,
      status: s.status,
      hasVehicle: s.vehicle !== null,
      fleetRefused: s.fleetRefusal !== null,
      passengers: s.passengers,
      specialRequirements: s.specialRequirements,
    })),
    timeZone: knownZone(airport?.timeZone),
    shuttleHours: transportSettings().shuttleHours,
  });
  const { maxAmount } = rideVoucherSettings();
  if (decisions.length) await transaction(ctx, async (tx) => {
    // one statement for the stay's legs; a leg planned already (the partial unique index) is left as it is
    const rows = await tx.db
      .insert(rideVouchers)
      .values(
        decisions.map((d) => ({
          urn: newUrn("ride"),
          tenant: tx.principal.tenant,
          caseUrn: input.caseUrn,
          groupId: reservation.groupId,
          reservationUrn: reservation.urn,
          direction: d.direction,
          reason: d.reason,
          segmentUrn: d.segmentUrn,
          pickupAt: new Date(d.pickupAt),
          passengers: d.passengers,
          accessible: d.accessible,
          maxAmount,
          currency: airport?.currency ?? "EUR",
        })),
      )
      .onConflictDoNothing()
      .returning();
    for (const row of rows) {
      await writeAudit(tx, { entity: "ride-voucher", entityUrn: row.urn, action: "plan", airport: kase.airport, reason: `${row.reason}${row.accessible ? " (wheelchair-accessible car)" : ""}: care assessment v${version} owes the group transport`, after: row });
    }
  });
  // whole rows: the caller issues the pending ones without reading each again, and knows the issued ones
  const live = await ctx.db
    .select()
    .from(rideVouchers)
    .where(and(eq(rideVouchers.reservationUrn, reservation.urn), inArray(rideVouchers.status, ["PENDING", "ISSUED", "USED"])))
    .orderBy(rideVouchers.direction);
  return { skipped: null, pending: live.filter((r) => r.status === "PENDING"), issued: live.filter((r) => r.status !== "PENDING") };
}

import { and, inArray } from "drizzle-orm";
import { type ReservationRow, rideVouchers, type RideVoucherRow, type TransportSegmentRow } from "@/db/schema";
import { airportFacts } from "@/lib/airport-facts";
import { caseFacts } from "@/lib/case-facts";
import { writeAudit } from "@/lib/audit/write";
import { type Ctx, transaction } from "@/lib/context";
import { newUrn } from "@/lib/ids";
import { knownZone } from "@/lib/time-zones";
import { transportSettings } from "@/lib/transport/settings";
import { decideRides, type RideDecision } from "./decide";
import { rideVoucherSettings } from "@/lib/peers/rides/settings";
import { groupsTransportVerdicts } from "./transport-owed";

/**
 * The ride vouchers of a set of stays that hold their leg, in one read: every one not CANCELLED
 * (PENDING, ISSUED, USED, and FAILED: the partial unique index allows no second voucher beside it).
 */
export async function ridesOfStays(ctx: Ctx, reservationUrns: readonly string[]): Promise<RideVoucherRow[]> {
  if (!reservationUrns.length) return [];
  return ctx.db
    .select()
    .from(rideVouchers)
    .where(and(inArray(rideVouchers.reservationUrn, [...new Set(reservationUrns)]), inArray(rideVouchers.status, ["PENDING", "ISSUED", "USED", "FAILED"])))
    .orderBy(rideVouchers.direction, rideVouchers.urn);
}

/**
 * After the transport of a chunk's confirmed stays (one case) was planned and asked of the fleet:
 * the ride vouchers their groups are owed (lib/rides/decide.ts), written PENDING in one transaction
 * (one multi-row insert), one per (reservation, direction) that is not CANCELLED. A leg that holds a
 * voucher already (`rides`, read by the caller with ridesOfStays) is not written again, and the partial unique index makes a
 * concurrent run write nothing more (ON CONFLICT DO NOTHING). Reads the groups' TRANSPORT verdicts
 * in one query; the segments are the caller's (the chunk's live ones). Answers the stays' vouchers
 * as whole rows, those it wrote included: the caller issues the PENDING ones.
 */
export async function planRideVouchers(ctx: Ctx, input: { caseUrn: string; stays: readonly ReservationRow[]; segments: readonly TransportSegmentRow[]; rides: readonly RideVoucherRow[] }): Promise<RideVoucherRow[]> {
  const stays = input.stays.filter((s) => s.status === "CONFIRMED" && s.tenant === ctx.principal.tenant);
  // the case's airport is all this needs of it, and never changes (lib/case-facts.ts)
  const kase = stays.length ? await caseFacts(ctx.db, input.caseUrn) : null;
  if (!kase) return [...input.rides];
  // a leg with a voucher needs no decision: a replay reads nothing more and writes nothing
  const held = new Set(input.rides.map((r) => `${r.reservationUrn}|${r.direction}`));
  const carried = (s: ReservationRow) => input.segments.some((g) => g.reservationUrns.includes(s.urn) && !held.has(`${s.urn}|${g.direction}`));
  const asking = stays.filter(carried);
  if (!asking.length) return [...input.rides];
  const verdicts = await groupsTransportVerdicts(ctx, { tenant: kase.tenant, caseUrn: input.caseUrn, groupIds: asking.map((s) => s.groupId) });
  const airport = await airportFacts(ctx.db, kase.airport);
  const timeZone = knownZone(airport?.timeZone);
  const { shuttleHours } = transportSettings();
  const owed: { stay: ReservationRow; d: RideDecision; version: number | undefined }[] = [];
  for (const stay of asking) {
    const v = verdicts.get(stay.groupId) ?? [];
    const decisions = decideRides({
      reservationUrn: stay.urn,
      groupId: stay.groupId,
      transportOwed: v.some((x) => x.owed),
      segments: input.segments
        .filter((s) => s.reservationUrns.includes(stay.urn))
        .map((s) => ({
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
      timeZone,
      shuttleHours,
    });
    for (const d of decisions) if (!held.has(`${stay.urn}|${d.direction}`)) owed.push({ stay, d, version: v[0]?.version });
  }
  if (!owed.length) return [...input.rides];
  const { maxAmount } = rideVoucherSettings();
  const written = await transaction(ctx, async (tx) => {
    // one statement for the chunk's owed legs; a leg planned meanwhile (the partial unique index) is left as it is
    const rows = await tx.db
      .insert(rideVouchers)
      .values(
        owed.map(({ stay, d }) => ({
          urn: newUrn("ride"),
          tenant: tx.principal.tenant,
          caseUrn: input.caseUrn,
          groupId: stay.groupId,
          reservationUrn: stay.urn,
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
    const version = new Map(owed.map((o) => [o.stay.urn, o.version]));
    for (const row of rows) {
      await writeAudit(tx, { entity: "ride-voucher", entityUrn: row.urn, action: "plan", airport: kase.airport, reason: `${row.reason}${row.accessible ? " (wheelchair-accessible car)" : ""}: care assessment v${version.get(row.reservationUrn)} owes the group transport`, after: row });
    }
    return rows;
  });
  // a leg another run wrote first: its row is read (only then)
  if (written.length < owed.length) return ridesOfStays(ctx, stays.map((s) => s.urn));
  return [...input.rides, ...written].sort((a, b) => a.direction.localeCompare(b.direction) || a.urn.localeCompare(b.urn));
}

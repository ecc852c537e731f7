import { and, eq } from "drizzle-orm";
import { allocationWaves, passengerGroups, passengers } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { requirePermission } from "@/lib/auth/require";
import { assertOpen, touchCase } from "@/lib/cases/load";
import { movePassengers } from "@/lib/cases/passenger-transitions";
import { type Ctx, transaction } from "@/lib/context";
import { invalid } from "@/lib/errors";
import { emit } from "@/lib/events";
import { parseInput } from "@/lib/validation";
import { loadWave } from "./load";
import { toWave } from "./record";
import { type Allocation, type HeldGroup, OverrideWaveInput, type RankingInput, type Wave } from "./schemas";

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * POST /allocation/wave/{waveUrn}/override: moves one group to another hotel of the wave's
 * candidates for its tier, with a reason. A held group becomes allocated; no other group changes.
 * The hotel needs the group's rooms left after this wave's other placements (and an accessible
 * room for a WHEELCHAIR passenger), else 422. A supervisor may pick a candidate the policy filtered
 * out: the override is the explicit decision, kept in the audit with before and after. A group
 * already booked elsewhere gets a `booking/requested` event, so booking moves it.
 */
export async function overrideWave({ ctx, input }: { ctx: Ctx; input: OverrideWaveInput }): Promise<Wave> {
  requirePermission(ctx, "wave:write", "override an allocation");
  const { waveUrn, groupId, hotelUrn, reason } = parseInput(OverrideWaveInput, input);
  return transaction(ctx, async (tx) => {
    const { wave, row } = await loadWave(tx, waveUrn, { forUpdate: true });
    assertOpen(row);
    const w = toWave(wave);
    const placed = w.allocations.find((a) => a.groupId === groupId);
    const held = w.held.find((h) => h.groupId === groupId);
    if (!placed && !held) throw invalid(`Group ${groupId} is not part of this wave.`, [{ path: "groupId", message: "not a group of this wave" }]);
    const tier = placed?.tier ?? held?.tier;
    if (!tier) throw invalid(`Group ${groupId} spans several tiers: split it before placing it.`, [{ path: "groupId", message: "a mixed-tier group" }]);
    if (placed?.hotelUrn === hotelUrn) throw invalid(`Group ${groupId} is already at that hotel.`, [{ path: "hotelUrn", message: "the group's current hotel" }]);

    const offer = bestOffer(w.rankingInputs, hotelUrn, tier);
    if (!offer) throw invalid("The hotel is not a candidate of this wave for the group's tier.", [{ path: "hotelUrn", message: `not among the wave's ${tier} candidates` }]);
    const rooms = placed?.rooms ?? held!.rooms;
    const usedElsewhere = w.allocations.filter((a) => a.hotelUrn === hotelUrn && a.groupId !== groupId).reduce((s, a) => s + a.rooms, 0);
    const left = offer.roomsAvailable - usedElsewhere;
    if (left < rooms) throw invalid(`${offer.hotelName} has ${Math.max(0, left)} room(s) left after this wave; the group needs ${rooms}.`, [{ path: "hotelUrn", message: "not enough rooms left" }]);
    const pax = await tx.db
      .select({ specialNeeds: passengers.specialNeeds })
      .from(passengers)
      .where(and(eq(passengers.caseUrn, row.urn), eq(passengers.groupId, groupId)));
    const wheelchair = pax.filter((p) => p.specialNeeds.includes("WHEELCHAIR")).length;
    const accessibleLeft = offer.accessibleRoomsAvailable - w.allocations.filter((a) => a.hotelUrn === hotelUrn && a.groupId !== groupId).reduce((s, a) => s + (a.accessibleRooms ?? 0), 0);
    const accessibleNeeded = Math.min(wheelchair, rooms);
    if (accessibleNeeded > accessibleLeft) {
      throw invalid(`${offer.hotelName} has no accessible room left for the group's WHEELCHAIR passenger(s).`, [{ path: "hotelUrn", message: "no accessible room left" }]);
    }

    const nightly = offer.nightlyRate;
    const moved: Allocation = {
      groupId,
      pnr: placed?.pnr ?? held!.pnr,
      tier,
      passengers: placed?.passengers ?? pax.length,
      rooms,
      accessibleRooms: accessibleNeeded,
      hotelUrn,
      hotelName: offer.hotelName,
      provider: offer.provider,
      providerOfferId: offer.providerOfferId,
      nightlyRate: nightly,
      total: { amount: round2(nightly.amount * rooms * w.nights), currency: nightly.currency },
      score: offer.weightedScore ?? 0,
      fallbacks: placed?.fallbacks ?? [],
      override: { by: tx.principal.sub, at: new Date().toISOString(), reason, fromHotelUrn: placed?.hotelUrn ?? "" },
    };
    const allocations = placed ? w.allocations.map((a) => (a.groupId === groupId ? moved : a)) : [...w.allocations, moved];
    const stillHeld: HeldGroup[] = w.held.filter((h) => h.groupId !== groupId);
    const totalCost = { amount: round2(allocations.reduce((s, a) => s + a.total.amount, 0)), currency: w.totalCost.currency || nightly.currency };
    const status = w.status === "SUPERSEDED" ? "SUPERSEDED" : stillHeld.length === 0 ? "COMPLETE" : "PARTIAL";
    const [after] = await tx.db
      .update(allocationWaves)
      .set({ allocations, held: stillHeld, totalCost, status })
      .where(eq(allocationWaves.urn, waveUrn))
      .returning();

    if (held) await movePassengers(tx.db, { caseUrn: row.urn, to: "ALLOCATED", groupIds: [groupId], from: ["HELD", "AWAITING_ALLOCATION"], skipOthers: true });
    const [group] = await tx.db
      .update(passengerGroups)
      .set({ hotelUrn })
      .where(and(eq(passengerGroups.caseUrn, row.urn), eq(passengerGroups.groupId, groupId)))
      .returning({ reservationUrn: passengerGroups.reservationUrn });
    if (group?.reservationUrn) await emit(tx, "booking/requested", { tenant: tx.principal.tenant, caseUrn: row.urn, waveUrn, groupId });
    await touchCase(tx, row.urn);
    await writeAudit(tx, {
      entity: "wave",
      entityUrn: waveUrn,
      action: "override",
      airport: row.airport,
      reason,
      before: { groupId, hotelUrn: placed?.hotelUrn ?? null, provider: placed?.provider ?? null, total: placed?.total ?? null, held: Boolean(held) },
      after: { groupId, hotelUrn, provider: moved.provider, total: moved.total, held: false },
    });
    return toWave(after);
  });
}

/** The hotel's offer a tier saw in this wave: the cheapest of its rows (dedupe keeps the cheapest). */
function bestOffer(inputs: RankingInput[], hotelUrn: string, tier: string): RankingInput | null {
  const rows = inputs.filter((r) => r.hotelUrn === hotelUrn && r.tier === tier);
  return rows.sort((a, b) => a.nightlyRate.amount - b.nightlyRate.amount)[0] ?? null;
}

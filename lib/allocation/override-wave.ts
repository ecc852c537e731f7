import { and, eq, inArray } from "drizzle-orm";
import { allocationWaves, passengers, reservations } from "@/db/schema";
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
import { placeGroups } from "@/lib/cases/group-stay";

const round2 = (n: number) => Math.round(n * 100) / 100;
type Input = { waveUrn: string; groupId: string; hotelUrn: string; reason: string };

/**
 * POST /allocation/wave/{waveUrn}/override, allocation's half: moves one group to another hotel of
 * the wave's candidates for its tier, with a reason; a held group becomes allocated; no other group
 * changes. The hotel needs the group's rooms left after this wave's other placements (and an
 * accessible room for a WHEELCHAIR passenger), else 422. A supervisor may pick a candidate the
 * policy filtered out: the override is the explicit decision, kept in the audit with before and after.
 * A group already booked elsewhere is re-booked: the verb (lib/booking/override-wave.ts) asks
 * `checkWaveOverride` first, cancels the stay at the provider (a provider that cannot cancel refuses
 * with 409 and nothing changes), then calls `applyWaveOverride`, which has the booking job book the
 * new hotel (`booking/requested` with the target).
 */
export async function checkWaveOverride(ctx: Ctx, input: OverrideWaveInput): Promise<{ parsed: Input; booked: string | null }> {
  requirePermission(ctx, "wave:write", "override an allocation");
  const parsed = parseInput(OverrideWaveInput, input);
  // everything is checked before a booking is cancelled: a refused override changes nothing
  const { booked } = await transaction(ctx, (tx) => decide(tx, parsed));
  return { parsed, booked };
}

/** The wave, the group and the audit after the checks (and the booked stay's cancellation). */
export async function applyWaveOverride(ctx: Ctx, parsed: Input, booked: string | null): Promise<Wave> {
  requirePermission(ctx, "wave:write", "override an allocation");
  return transaction(ctx, async (tx) => {
    const d = await decide(tx, parsed);
    const [after] = await tx.db
      .update(allocationWaves)
      .set({ allocations: d.allocations, held: d.stillHeld, totalCost: d.totalCost, status: d.status })
      .where(eq(allocationWaves.urn, parsed.waveUrn))
      .returning();
    await movePassengers(tx.db, { caseUrn: d.caseUrn, to: "ALLOCATED", groupIds: [parsed.groupId], from: ["HELD", "AWAITING_ALLOCATION"], skipOthers: true });
    await placeGroups(tx.db, { caseUrn: d.caseUrn, groupIds: [parsed.groupId], hotelUrn: parsed.hotelUrn });
    if (booked) {
      const { moved } = d;
      await emit(tx, "booking/requested", {
        tenant: tx.principal.tenant,
        caseUrn: d.caseUrn,
        waveUrn: parsed.waveUrn,
        groupId: parsed.groupId,
        provider: moved.provider,
        target: { hotelUrn: moved.hotelUrn, provider: moved.provider, providerOfferId: moved.providerOfferId },
        reason: parsed.reason,
      });
    }
    await touchCase(tx, d.caseUrn);
    await writeAudit(tx, {
      entity: "wave",
      entityUrn: parsed.waveUrn,
      action: "override",
      airport: d.airport,
      reason: parsed.reason,
      before: { groupId: parsed.groupId, hotelUrn: d.placed?.hotelUrn ?? null, provider: d.placed?.provider ?? null, total: d.placed?.total ?? null, held: d.wasHeld, reservationUrn: booked },
      after: { groupId: parsed.groupId, hotelUrn: parsed.hotelUrn, provider: d.moved.provider, total: d.moved.total, held: false, reservationUrn: null },
    });
    return toWave(after);
  });
}

/** The override's checks and its result, from the wave as it is now (locked in the caller's transaction). */
async function decide(tx: Ctx, input: Input) {
  const { waveUrn, groupId, hotelUrn, reason } = input;
  const { wave, row } = await loadWave(tx, waveUrn, { forUpdate: true });
  assertOpen(row);
  const w = toWave(wave);
  const placed = w.allocations.find((a) => a.groupId === groupId) ?? null;
  const held = w.held.find((h) => h.groupId === groupId) ?? null;
  if (!placed && !held) throw invalid(`Group ${groupId} is not part of this wave.`, [{ path: "groupId", message: "not a group of this wave" }]);
  const tier = placed?.tier ?? held?.tier;
  if (!tier) throw invalid(`Group ${groupId} spans several tiers: split it before placing it.`, [{ path: "groupId", message: "a mixed-tier group" }]);
  if (placed?.hotelUrn === hotelUrn) throw invalid(`Group ${groupId} is already at that hotel.`, [{ path: "hotelUrn", message: "the group's current hotel" }]);

  const offer = bestOffer(w.rankingInputs, hotelUrn, tier);
  if (!offer) throw invalid("The hotel is not a candidate of this wave for the group's tier.", [{ path: "hotelUrn", message: `not among the wave's ${tier} candidates` }]);
  const rooms = placed?.rooms ?? held!.rooms;
  const others = w.allocations.filter((a) => a.hotelUrn === hotelUrn && a.groupId !== groupId);
  const left = offer.roomsAvailable - others.reduce((s, a) => s + a.rooms, 0);
  if (left < rooms) throw invalid(`${offer.hotelName} has ${Math.max(0, left)} room(s) left after this wave; the group needs ${rooms}.`, [{ path: "hotelUrn", message: "not enough rooms left" }]);
  const pax = await tx.db
    .select({ specialNeeds: passengers.specialNeeds })
    .from(passengers)
    .where(and(eq(passengers.caseUrn, row.urn), eq(passengers.groupId, groupId)));
  const wheelchair = pax.filter((p) => p.specialNeeds.includes("WHEELCHAIR")).length;
  const accessibleLeft = offer.accessibleRoomsAvailable - others.reduce((s, a) => s + a.accessibleRooms, 0);
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
  const status = w.status === "SUPERSEDED" ? ("SUPERSEDED" as const) : stillHeld.length === 0 ? ("COMPLETE" as const) : ("PARTIAL" as const);
  const [live] = await tx.db
    .select({ urn: reservations.urn })
    .from(reservations)
    .where(and(eq(reservations.caseUrn, row.urn), eq(reservations.groupId, groupId), inArray(reservations.status, ["CONFIRMED"])))
    .limit(1);
  return { caseUrn: row.urn, airport: row.airport, placed, wasHeld: Boolean(held), moved, allocations, stillHeld, totalCost, status, booked: live?.urn ?? null };
}

/** The hotel's offer a tier saw in this wave: the cheapest of its rows (dedupe keeps the cheapest). */
function bestOffer(inputs: RankingInput[], hotelUrn: string, tier: string): RankingInput | null {
  const rows = inputs.filter((r) => r.hotelUrn === hotelUrn && r.tier === tier);
  return rows.sort((a, b) => a.nightlyRate.amount - b.nightlyRate.amount)[0] ?? null;
}

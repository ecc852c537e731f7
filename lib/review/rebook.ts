import { accessibleRoomsNeeded } from "@/lib/allocation-engine";
import type { RankingInput } from "@/lib/allocation/schemas";
import { requirePermission } from "@/lib/auth/require";
import { movePassengers } from "@/lib/cases/passenger-transitions";
import { type Ctx, transaction } from "@/lib/context";
import { conflict, invalid } from "@/lib/errors";
import { emit } from "@/lib/events";
import { parseInput } from "@/lib/validation";
import { recordAcceptedRecommendation } from "./accept";
import { auditItem, holdForAction } from "./act";
import { RebookInput, type ReviewItem } from "@/lib/records/review";
import { toReviewItem } from "@/lib/records/review-item";
import { itemGroups, latestWave, roomsLeft, tierOffer, unhoused } from "./wave-context";
import { placeGroups } from "@/lib/cases/group-stay";

/**
 * POST /manual-review/{itemUrn}/rebook: books the item's groups that are not booked yet at the
 * given hotel. The offer is the one the case's latest wave saw for that hotel and the groups' tier
 * (422 when the tier never saw the hotel, or when it has too few rooms left after the wave's other
 * placements). Held passengers become ALLOCATED to it and the booking job books each group through
 * the provider with the usual booking rules (`booking/requested` with the target, the reason and
 * this item). The item stays with the caller until they resolve it.
 */
export async function rebookReviewItem({ ctx, input }: { ctx: Ctx; input: RebookInput }): Promise<ReviewItem> {
  requirePermission(ctx, "review:act", "rebook review items");
  const { itemUrn, hotelUrn, reason } = parseInput(RebookInput, input);
  return transaction(ctx, async (tx) => {
    const target = await holdForAction(tx, itemUrn);
    const { item, row } = target;
    const groups = unhoused(await itemGroups(tx, row.urn, item.affectedGroups));
    if (groups.length === 0) throw conflict("INVALID_TRANSITION", "Every group of this item is booked already; resolve the item.");
    const wave = await latestWave(tx, row.urn);
    if (!wave) throw invalid("The case has no allocation wave yet, so no hotel is known to rebook against.", [{ path: "hotelUrn", message: "no wave lists candidates" }]);
    const mixed = groups.filter((g) => g.tier === null);
    if (mixed.length) throw invalid(`Group ${mixed[0].groupId} spans several tiers: split it first.`, [{ path: "hotelUrn", message: "a mixed-tier group has no tier to book for" }]);

    const except = new Set(groups.map((g) => g.groupId));
    const planned: { groupId: string; offer: RankingInput }[] = [];
    const need = new Map<string, { offer: RankingInput; rooms: number; accessible: number }>();
    for (const g of groups) {
      const offer = tierOffer(wave, hotelUrn, g.tier!);
      if (!offer) throw invalid(`The hotel is not a known candidate for ${g.tier} in the case's latest wave.`, [{ path: "hotelUrn", message: `not among the wave's ${g.tier} candidates` }]);
      planned.push({ groupId: g.groupId, offer });
      const key = `${offer.provider}|${offer.providerOfferId}`;
      const n = need.get(key) ?? { offer, rooms: 0, accessible: 0 };
      need.set(key, { offer, rooms: n.rooms + g.rooms, accessible: n.accessible + accessibleRoomsNeeded(g) });
    }
    for (const { offer, rooms, accessible } of need.values()) {
      const left = roomsLeft(wave, offer, except);
      if (left.rooms < rooms) throw invalid(`${offer.hotelName} has ${left.rooms} room(s) left after the wave; the groups need ${rooms}.`, [{ path: "hotelUrn", message: "not enough rooms left" }]);
      if (left.accessible < accessible) throw invalid(`${offer.hotelName} has ${left.accessible} accessible room(s) left; the groups need ${accessible}.`, [{ path: "hotelUrn", message: "not enough accessible rooms left" }]);
    }

    const ids = groups.map((g) => g.groupId);
    await movePassengers(tx.db, { caseUrn: row.urn, to: "ALLOCATED", groupIds: ids, from: ["HELD", "AWAITING_ALLOCATION"], skipOthers: true });
    await placeGroups(tx.db, { caseUrn: row.urn, groupIds: ids, hotelUrn });
    for (const { groupId, offer } of planned) {
      await emit(tx, "booking/requested", {
        tenant: tx.principal.tenant,
        caseUrn: row.urn,
        waveUrn: wave.urn,
        groupId,
        target: { hotelUrn, provider: offer.provider, providerOfferId: offer.providerOfferId },
        reason,
        reviewUrn: item.urn,
      });
    }
    const after = await recordAcceptedRecommendation(tx, item, { action: "rebook", hotelUrn });
    await auditItem(tx, target, item, "rebook", reason, {
      before: { groups: groups.map((g) => ({ groupId: g.groupId, hotelUrn: g.hotelUrn })) },
      after: { groups: planned.map((p) => ({ groupId: p.groupId, hotelUrn, provider: p.offer.provider, providerOfferId: p.offer.providerOfferId })), waveUrn: wave.urn, acceptedRecommendation: after.acceptedRecommendation },
    });
    return toReviewItem(after);
  });
}

import { consolidationScore } from "./score";
import type { HeldReason } from "./held";
import { nextLive, type TierContext } from "./tier";
import type { EngineGroup } from "./types";

/**
 * Rooms left per offer (one slot per raw offer: a provider's allotment), shared by every pass so
 * each pass sees what the previous one left; groups placed per hotel for the consolidation score.
 */
export type Inventory = {
  roomsLeft: Int32Array;
  accessibleLeft: Int32Array;
  groupsInHotel: Int32Array;
};

/** Accessible rooms a group needs: min(wheelchairPassengers, rooms), or one when only specialNeeds says WHEELCHAIR. */
export function accessibleRoomsNeeded(g: Pick<EngineGroup, "wheelchairPassengers" | "rooms" | "specialNeeds">): number {
  if (g.wheelchairPassengers > 0) return Math.min(g.wheelchairPassengers, g.rooms);
  return g.specialNeeds.includes("WHEELCHAIR") ? 1 : 0;
}

export type Pick4 = { positions: number[]; scores: number[] };
export type Placement = { ok: true; best: Pick4 } | { ok: false; reason: HeldReason };

const RANKS = 4; // the chosen hotel and up to 3 fallbacks (spec 8)

/**
 * The best hotels for one group: the highest weighted score among compliant hotels with `rooms`
 * rooms left, `accessible` of them accessible. Scans the static ranking best first and stops once
 * static score + the largest possible consolidation score cannot beat the fourth best found, so a
 * pass costs far less than groups × hotels. Ties go to the better static rank.
 */
export function bestHotels(ctx: TierContext, inv: Inventory, rooms: number, accessible: number): Pick4 {
  const { staticScore, slot, next, ranked, consolidationShare } = ctx;
  const m = ranked.length;
  const pos = TOP_POS;
  const sc = TOP_SCORE;
  let found = 0;
  for (let p = nextLive(next, 0); p < m; p = nextLive(next, p + 1)) {
    if (found === RANKS && staticScore[p] + consolidationShare <= sc[RANKS - 1]) break;
    const s = slot[p];
    const left = inv.roomsLeft[s];
    if (left === 0) {
      next[p] = p + 1;
      continue;
    }
    if (left < rooms || inv.accessibleLeft[s] < accessible) continue;
    const score = staticScore[p] + consolidationShare * consolidationScore(inv.groupsInHotel[ranked[p].hotel.index]);
    // insert keeping (score desc, position asc); positions arrive ascending, so equal scores stay behind
    let i = found;
    while (i > 0 && sc[i - 1] < score) i--;
    if (i >= RANKS) continue;
    for (let k = Math.min(found, RANKS - 1); k > i; k--) {
      pos[k] = pos[k - 1];
      sc[k] = sc[k - 1];
    }
    pos[i] = p;
    sc[i] = score;
    if (found < RANKS) found++;
  }
  return { positions: Array.from(pos.subarray(0, found)), scores: Array.from(sc.subarray(0, found)) };
}

// scratch space of bestHotels: the engine is synchronous, one call at a time per thread
const TOP_POS = new Int32Array(RANKS);
const TOP_SCORE = new Float64Array(RANKS);

/** Why no compliant hotel takes the group: an accessible room, else plain capacity. */
export function whyNoRoom(ctx: TierContext, inv: Inventory, group: EngineGroup, accessible: number): HeldReason {
  let maxLeft = 0;
  let fitsIgnoringAccess = false;
  for (let p = 0; p < ctx.ranked.length; p++) {
    const left = inv.roomsLeft[ctx.slot[p]];
    maxLeft = Math.max(maxLeft, left);
    if (left >= group.rooms) fitsIgnoringAccess = true;
  }
  const m = ctx.ranked.length;
  if (accessible > 0 && fitsIgnoringAccess)
    return {
      cause: "NO_ACCESSIBLE_ROOM",
      constraint: null,
      detail: `Needs ${accessible} wheelchair-accessible room(s) among ${group.rooms}; no compliant hotel with ${group.rooms} rooms left has that many accessible rooms left.`,
    };
  return {
    cause: "CAPACITY",
    constraint: null,
    detail: `Needs ${group.rooms} room(s) in one hotel; the most any of the ${m} compliant hotel(s) has left is ${maxLeft}.`,
  };
}

/** Takes the group's rooms from a slot: accessible rooms only as needed, so they stay for wheelchair groups. */
export function takeRooms(inv: Inventory, slot: number, rooms: number, accessible: number): number {
  const regularLeft = inv.roomsLeft[slot] - inv.accessibleLeft[slot];
  const regular = Math.min(rooms - accessible, regularLeft);
  const accessibleTaken = rooms - regular;
  inv.roomsLeft[slot] -= rooms;
  inv.accessibleLeft[slot] -= accessibleTaken;
  return accessibleTaken;
}

import type { Case } from "@/lib/cases/schemas";

/** Statuses of a passenger who needs no room at all (as the allocation plan counts them). */
const NO_ROOM: string[] = ["LOCAL_RESIDENT", "CANCELLED"];
/** Statuses of a passenger with a room booked (or already used). */
const HOUSED: string[] = ["BOOKED", "CHECKED_OUT"];

export type Unhoused = {
  groupId: string;
  passengers: number;
  /** why the group has no room yet, in words */
  reason: string;
  /** what a person does about it (or that nobody needs to) */
  next: string;
  /** the open review item that holds the group, when one does */
  reviewUrn?: string;
};

export type Housing = { housed: number; groups: number; waiting: Unhoused[] };

type Record = Pick<Case, "status" | "passengerGroups" | "demands" | "manualReviewItems">;

/**
 * The answer to "is everyone housed, and if not, who and why" from the case record alone (no
 * query of its own, so the case page's first screen waits for nothing else): groups that need a
 * room, how many are housed, and each other one with its reason and next step. `notOwed` maps the
 * groups the right to care owes no hotel (under requestRoomsFromCare) to its explanation.
 */
export function housingOf(record: Record, notOwed: ReadonlyMap<string, string>, hotelName: (urn: string) => string): Housing {
  const needing = record.passengerGroups.filter((g) => Object.values(g.operationalStatus).some((s) => !NO_ROOM.includes(s)));
  const waiting: Unhoused[] = [];
  for (const g of needing) {
    const statuses = Object.values(g.operationalStatus).filter((s) => !NO_ROOM.includes(s));
    if (statuses.every((s) => HOUSED.includes(s))) continue;
    waiting.push({ groupId: g.groupId, passengers: statuses.length, ...why(record, g, statuses, notOwed, hotelName) });
  }
  return { housed: needing.length - waiting.length, groups: needing.length, waiting };
}

function why(
  record: Record,
  g: Case["passengerGroups"][number],
  statuses: string[],
  notOwed: ReadonlyMap<string, string>,
  hotelName: (urn: string) => string,
): Omit<Unhoused, "groupId" | "passengers"> {
  if (statuses.includes("HELD")) {
    const item = record.manualReviewItems.find((i) => i.state !== "RESOLVED" && i.affectedGroups.includes(g.groupId));
    return {
      reason: item?.detail ?? "no hotel could take the group in the last wave",
      next: item ? "decide on its review item" : "rerun the wave or book by hand",
      reviewUrn: item?.urn,
    };
  }
  const explanation = notOwed.get(g.groupId);
  if (explanation) return { reason: explanation, next: "nothing to book unless a supervisor owes the group a hotel" };
  if (statuses.includes("ALLOCATED") || (g.hotelUrn && !g.reservationUrn)) {
    return { reason: `placed at ${g.hotelUrn ? hotelName(g.hotelUrn) : "a hotel"}, not booked yet`, next: "the booking is under way; a failure shows in Bookings" };
  }
  if (record.status === "CLOSED") return { reason: "the case closed before the group had a room", next: "reopen the case to house the group" };
  if (record.demands.some((d) => d.status === "REQUESTED")) {
    return { reason: "rooms requested, waiting for a supervisor's approval", next: "approve or reject the demand (Demand)" };
  }
  // approved rooms left to place: the next allocation (or a rerun) can house the group
  if (record.status === "ALLOCATING" || record.demands.some((d) => d.status === "APPROVED" && d.roomsRequested > d.roomsAllocated)) {
    return { reason: "rooms approved, waiting for the next allocation", next: "see Progress; the wave page can rerun it" };
  }
  // every approved room is placed (a group split off, or more passengers than rooms): no rerun helps
  if (record.demands.some((d) => d.status === "APPROVED" || d.status === "FULFILLED" || d.status === "PARTIAL")) {
    return { reason: "every approved room is placed: none is left for this group", next: "request rooms for it (Demand)" };
  }
  return { reason: "no rooms requested for the group", next: "request rooms" };
}

import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { passengers } from "@/db/schema";
import { conflict, type DomainError } from "@/lib/errors";
import { OPERATIONAL_STATUSES, type OperationalStatus } from "@/lib/vocabulary";

/**
 * The moves of a passenger's operationalStatus. Allocation, booking, transport and the case verbs
 * change it only through movePassengers(), so a status can never jump (say HELD → CHECKED_OUT).
 */
export const PASSENGER_TRANSITIONS: Record<OperationalStatus, readonly OperationalStatus[]> = {
  // a wave places the passenger's group or holds it; intake or a reaccommodation without an
  // overnight gap sends the passenger home; an airline may withdraw a passenger before allocation
  AWAITING_ALLOCATION: ["ALLOCATED", "HELD", "LOCAL_RESIDENT", "CANCELLED"],
  // booked; held again when booking fails at that hotel; released back to the queue when the group
  // changes (split, merge) or a rerun supersedes the wave; home when the next flight moves earlier
  ALLOCATED: ["BOOKED", "HELD", "AWAITING_ALLOCATION", "LOCAL_RESIDENT", "CANCELLED"],
  // an operator's override or a rerun places the group, or releases it to the next wave
  HELD: ["ALLOCATED", "AWAITING_ALLOCATION", "LOCAL_RESIDENT", "CANCELLED"],
  // checked out at the end of the stay; the reservation cancelled (for good, for re-booking when
  // the stay plan no longer fits, or because a reaccommodation left no overnight gap)
  BOOKED: ["CHECKED_OUT", "CANCELLED", "AWAITING_ALLOCATION", "LOCAL_RESIDENT"],
  // the stay is over: nothing moves a passenger on from here
  CHECKED_OUT: [],
  // a later reaccommodation brings an overnight gap back
  LOCAL_RESIDENT: ["AWAITING_ALLOCATION", "CANCELLED"],
  // reinstated, e.g. when a reopened case needs the passenger housed after all
  CANCELLED: ["AWAITING_ALLOCATION"],
};

export function canMovePassenger(from: OperationalStatus, to: OperationalStatus): boolean {
  return PASSENGER_TRANSITIONS[from].includes(to);
}

/** Every status a passenger may reach `to` from. */
export function passengerSourcesOf(to: OperationalStatus): OperationalStatus[] {
  return OPERATIONAL_STATUSES.filter((from) => canMovePassenger(from, to));
}

/** The refusal of from → to (409 INVALID_TRANSITION), naming both ends and what `from` allows. */
export function passengerMoveError(from: OperationalStatus, to: OperationalStatus, who?: string): DomainError {
  const allowed = PASSENGER_TRANSITIONS[from];
  return conflict(
    "INVALID_TRANSITION",
    `${who ? `Passenger ${who} is ${from}: ` : ""}operationalStatus ${from} → ${to} is not an allowed move ` +
      `(${from} moves to ${allowed.length ? allowed.join(", ") : "nothing: it is final"}).`,
  );
}

export type PassengerMove = {
  caseUrn: string;
  to: OperationalStatus;
  /** which passengers: by id, by group, or (neither) every passenger of the case */
  passengerIds?: readonly string[];
  groupIds?: readonly string[];
  /**
   * Only passengers in these statuses move (default: every status that may reach `to`). Each
   * must be a legal source of `to`.
   */
  from?: readonly OperationalStatus[];
  /**
   * false (default): a selected passenger that may not move to `to` refuses the whole move.
   * true: such passengers are left as they are (e.g. "every passenger not yet booked").
   */
  skipOthers?: boolean;
};

export type MovedPassenger = { passengerId: string; groupId: string; from: OperationalStatus };

/**
 * Moves passengers of one case to `to`. The selected rows are locked, checked against the table,
 * then updated with the same guard (`operational_status IN (from)`) so a concurrent move cannot be
 * overwritten. Passengers already at `to` are left alone and not reported. Returns who moved and
 * from where, for the caller's audit entry. Runs in the caller's transaction (as a savepoint) or
 * in its own; a refusal changes nothing.
 */
export async function movePassengers(db: DbOrTx, move: PassengerMove): Promise<MovedPassenger[]> {
  const from = move.from ? [...move.from] : passengerSourcesOf(move.to);
  const illegal = from.find((s) => !canMovePassenger(s, move.to));
  if (illegal) throw passengerMoveError(illegal, move.to);
  if (move.passengerIds?.length === 0 || move.groupIds?.length === 0 || from.length === 0) return [];

  const selected = and(
    eq(passengers.caseUrn, move.caseUrn),
    move.passengerIds ? inArray(passengers.passengerId, [...move.passengerIds]) : undefined,
    move.groupIds ? inArray(passengers.groupId, [...move.groupIds]) : undefined,
  );
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ passengerId: passengers.passengerId, groupId: passengers.groupId, status: passengers.operationalStatus })
      .from(passengers)
      .where(selected)
      .orderBy(passengers.passengerId)
      .for("update");
    if (!move.skipOthers) {
      const stuck = rows.find((r) => r.status !== move.to && !from.includes(r.status));
      if (stuck) {
        throw canMovePassenger(stuck.status, move.to)
          ? conflict("INVALID_TRANSITION", `Passenger ${stuck.passengerId} is ${stuck.status}; this move takes only ${from.join(", ")} to ${move.to}.`)
          : passengerMoveError(stuck.status, move.to, stuck.passengerId);
      }
    }
    const movable = rows.filter((r) => r.status !== move.to && from.includes(r.status));
    if (movable.length === 0) return [];
    const updated = await tx
      .update(passengers)
      .set({ operationalStatus: move.to })
      .where(
        and(
          eq(passengers.caseUrn, move.caseUrn),
          inArray(
            passengers.passengerId,
            movable.map((r) => r.passengerId),
          ),
          inArray(passengers.operationalStatus, from),
        ),
      )
      .returning({ passengerId: passengers.passengerId });
    const done = new Set(updated.map((u) => u.passengerId));
    return movable.filter((r) => done.has(r.passengerId)).map((r) => ({ passengerId: r.passengerId, groupId: r.groupId, from: r.status }));
  });
}

/** Where a confirmed booking takes a group's passengers from: placed, or (a rebook, a manual booking) held or waiting and placed on the way. */
const BOOKED_VIA_ALLOCATED = (["HELD", "AWAITING_ALLOCATION"] as const).filter((s) => canMovePassenger(s, "ALLOCATED"));

/**
 * The passengers of confirmed groups become BOOKED in one guarded statement: ALLOCATED → BOOKED,
 * and HELD or AWAITING_ALLOCATION → ALLOCATED → BOOKED (both moves of the table, taken at once).
 * Others (already BOOKED, CANCELLED, …) are left as they are. The booking path's hot statement:
 * movePassengers would lock, read and update twice.
 */
export async function bookPassengers(db: DbOrTx, move: { caseUrn: string; groupIds: readonly string[] }): Promise<number> {
  if (move.groupIds.length === 0 || !canMovePassenger("ALLOCATED", "BOOKED")) return 0;
  const rows = await db
    .update(passengers)
    .set({ operationalStatus: "BOOKED" })
    .where(and(eq(passengers.caseUrn, move.caseUrn), inArray(passengers.groupId, [...move.groupIds]), inArray(passengers.operationalStatus, ["ALLOCATED", ...BOOKED_VIA_ALLOCATED])))
    .returning({ passengerId: passengers.passengerId });
  return rows.length;
}

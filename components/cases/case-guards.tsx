import type { Case } from "@/lib/cases/schemas";
import { excessRooms } from "./room-excess";

/** Passengers of a case with no hotel yet, by status, for the close dialog's warning. */
export function waitingPassengers(record: Pick<Case, "passengerGroups">): { total: number; parts: string[] } {
  const counts = { AWAITING_ALLOCATION: 0, HELD: 0, ALLOCATED: 0 };
  for (const g of record.passengerGroups) {
    for (const s of Object.values(g.operationalStatus)) if (s in counts) counts[s as keyof typeof counts]++;
  }
  const parts = [
    counts.AWAITING_ALLOCATION && `${counts.AWAITING_ALLOCATION} awaiting allocation`,
    counts.HELD && `${counts.HELD} held for review`,
    counts.ALLOCATED && `${counts.ALLOCATED} allocated but not booked`,
  ].filter((p): p is string => Boolean(p));
  return { total: counts.AWAITING_ALLOCATION + counts.HELD + counts.ALLOCATED, parts };
}

/** The approve dialog's warning when a demand asks for far more rooms than the manifest still needs. */
export function approvalGuard(requested: number, stillNeeded: number) {
  const excess = excessRooms(requested, stillNeeded);
  if (excess === null) return undefined;
  return {
    warning: (
      <>
        This demand asks for {excess} more rooms than the manifest still needs ({Math.max(0, stillNeeded)}). Every approved room can be booked and paid for.
      </>
    ),
    acknowledge: `Approve all ${requested} rooms`,
  };
}

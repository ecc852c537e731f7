import type { CaseRow } from "@/db/schema";
import { roomsFromCare } from "@/lib/care/rooms";
import type { Ctx } from "@/lib/context";
import { DomainError, invalid } from "@/lib/errors";
import type { DemandType } from "@/lib/vocabulary";
import { MAX_ROOMS_PER_DEMAND } from "@/lib/records/demand";

/**
 * The rooms of an INITIAL demand that names none: what the allocation would place. Under a tier
 * policy with care.requestRoomsFromCare only the groups owed a hotel count, so a case where the
 * right to care owes nobody a hotel answers 409 NOTHING_OWED with the reasons in words (nothing is
 * written: the caller's transaction rolls back). An INCREMENTAL demand must say its rooms.
 */
export async function roomsOwedByCare(ctx: Ctx, caseRow: CaseRow, type: DemandType): Promise<number> {
  if (type !== "INITIAL") throw invalid("roomsRequested is required for an INCREMENTAL demand.", [{ path: "roomsRequested", message: "required for INCREMENTAL" }]);
  const care = await roomsFromCare(ctx, caseRow);
  if (care.roomsOwed > 0) return Math.min(care.roomsOwed, MAX_ROOMS_PER_DEMAND);
  if (care.flagged) {
    const why = [...new Set(care.groups.filter((g) => g.waiting && g.flagged).map((g) => g.explanation))].join(" | ");
    throw new DomainError(409, "NOTHING_OWED", `The right to care owes no waiting group of case ${caseRow.urn} a hotel (${why || "no group waits for a room"}); no demand was written. A supervisor may override a group's care.`);
  }
  throw invalid(`No group of case ${caseRow.urn} waits for a room; say roomsRequested.`, [{ path: "roomsRequested", message: "nothing to request" }]);
}

import type { DemandRow } from "@/db/schema";
import type { CaseDemand, Demand } from "./demand";
import { NO_ROOMS, type RoomTotals } from "./room-totals";

/** The record; rooms allocated and booked are derived (./totals.ts): a demand just created or decided has none yet. */
export function toDemand(row: DemandRow, rooms: RoomTotals = NO_ROOMS): Demand {
  return {
    urn: row.urn,
    caseUrn: row.caseUrn,
    type: row.type as Demand["type"],
    roomsRequested: row.roomsRequested,
    status: row.status as Demand["status"],
    automatic: row.automatic,
    approval: row.decidedAt
      ? {
          decidedBy: row.decidedBy ?? "",
          decidedAt: row.decidedAt.toISOString(),
          reason: row.decisionReason ?? "",
          policyUrn: row.policyUrn,
          policyVersion: row.policyVersion,
        }
      : null,
    roomsAllocated: rooms.allocated,
    roomsBooked: rooms.booked,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The audited shape: the record without the timestamps every change moves, nor the derived room counts no decision changes. */
export function auditSnapshot(d: Demand): Record<string, unknown> {
  const { updatedAt: _u, createdAt: _c, roomsAllocated: _a, roomsBooked: _b, ...rest } = d;
  return rest;
}

/** The demand as the case record lists it, built from the Demand record (see CaseDemand). */
export function toCaseDemand(row: DemandRow, rooms: RoomTotals = NO_ROOMS): CaseDemand {
  const { caseUrn: _c, approval: _a, updatedAt: _u, ...rest } = toDemand(row, rooms);
  return {
    ...rest,
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionReason: row.decisionReason,
    policyUrn: row.policyUrn,
    policyVersion: row.policyVersion,
  };
}

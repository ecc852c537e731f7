import type { DemandRow } from "@/db/schema";
import type { Demand } from "./schemas";

export function toDemand(row: DemandRow): Demand {
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
    roomsAllocated: row.roomsAllocated,
    roomsBooked: row.roomsBooked,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The audited shape: the record without the timestamps every change moves. */
export function auditSnapshot(d: Demand): Record<string, unknown> {
  const { updatedAt: _u, createdAt: _c, ...rest } = d;
  return rest;
}

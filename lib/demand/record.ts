import type { DemandRow } from "@/db/schema";
import type { CaseDemand, Demand } from "./schemas";

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

/** The demand as the case record lists it, built from the Demand record (see CaseDemand). */
export function toCaseDemand(row: DemandRow): CaseDemand {
  const { caseUrn: _c, approval: _a, updatedAt: _u, ...rest } = toDemand(row);
  return {
    ...rest,
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionReason: row.decisionReason,
    policyUrn: row.policyUrn,
    policyVersion: row.policyVersion,
  };
}

import type { PolicyRow } from "@/db/schema";
import { DEFAULT_CARE } from "./care";
import { DEFAULT_CAPACITY_CALL, DEFAULT_RECONFIRMATION } from "./hotel-word";
import { DEFAULT_WEIGHTS } from "./schemas";
import type { Policy, PolicyBody, Tier } from "./schemas";

/** A policies row as the API record: the context from its columns, the payload from `body`. */
export function toPolicy(row: PolicyRow): Policy {
  const body = row.body as unknown as PolicyBody;
  return {
    urn: row.urn,
    name: row.name,
    context: { airport: row.airport, airline: row.airline, country: row.country },
    tiers: row.tiers as Tier[],
    // policies stored before the quality gate: none
    constraints: { ...body.constraints, minQuality: body.constraints.minQuality ?? null },
    buffers: body.buffers,
    mode: body.mode,
    autoApproveDemand: body.autoApproveDemand,
    incrementalRequiresApproval: body.incrementalRequiresApproval,
    maxAutomaticRoomsPerWave: body.maxAutomaticRoomsPerWave,
    // policies stored before the passenger page offered a choice: the default
    choiceMinutes: body.choiceMinutes ?? 20,
    consolidationWeight: body.consolidationWeight,
    allocationWeights: { ...body.allocationWeights, quality: body.allocationWeights.quality ?? DEFAULT_WEIGHTS.quality },
    transport: body.transport,
    // policies stored before the care section: no own commitment
    care: body.care ?? DEFAULT_CARE,
    // policies stored before walk protection and capacity calls: the defaults
    reconfirmation: body.reconfirmation ?? DEFAULT_RECONFIRMATION,
    capacityCall: body.capacityCall ?? DEFAULT_CAPACITY_CALL,
    acceptedPayments: body.acceptedPayments,
    cardToken: body.cardToken ?? null,
    currency: body.currency,
    version: row.version,
    status: row.status as Policy["status"],
    provenance: (row.provenance as Policy["provenance"]) ?? null,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    activatedAt: row.activatedAt?.toISOString() ?? null,
    activatedBy: row.activatedBy,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The audited shape of a policy: its record without the timestamps that every change moves. */
export function auditSnapshot(p: Policy): Record<string, unknown> {
  const { updatedAt: _u, createdAt: _c, ...rest } = p;
  return rest;
}

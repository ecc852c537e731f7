import type { AllocationWaveRow } from "@/db/schema";
import { Wave } from "./schemas";

/**
 * A wave row as the API answers it. The JSON columns hold what persistWave wrote from the engine's
 * output; parsing them with the record's schema here keeps an older or damaged row from reaching a
 * client half-shaped (it fails loudly in the log instead).
 */
export function toWave(row: AllocationWaveRow): Wave {
  return Wave.parse({
    urn: row.urn,
    caseUrn: row.caseUrn,
    demandUrn: row.demandUrn,
    trigger: row.trigger,
    reason: row.reason,
    status: row.status,
    airport: row.airport,
    nights: row.nights,
    policies: row.policies,
    sources: row.sources,
    degraded: row.degraded,
    offersRaw: row.offersRaw,
    offersDeduped: row.offersDeduped,
    allocations: row.allocations,
    held: row.held,
    rankingInputs: row.rankingInputs,
    // every wave the engine wrote has both; XXX (ISO 4217 "no currency") keeps a bare row formattable
    totalCost: row.totalCost ?? { amount: 0, currency: "XXX" },
    savingsVsMarket: row.savingsVsMarket ?? { amount: 0, currency: row.totalCost?.currency ?? "XXX" },
    engineMs: row.engineMs,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });
}

/** The short form a case record lists its waves with. */
export function toWaveSummary(
  row: Pick<AllocationWaveRow, "urn" | "demandUrn" | "trigger" | "status" | "allocations" | "held" | "totalCost" | "degraded" | "createdAt">,
) {
  return {
    urn: row.urn,
    demandUrn: row.demandUrn,
    trigger: row.trigger,
    status: row.status,
    placed: row.allocations.length,
    held: row.held.length,
    totalCost: row.totalCost,
    degraded: row.degraded,
    createdAt: row.createdAt.toISOString(),
  };
}

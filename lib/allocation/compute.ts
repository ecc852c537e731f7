import { runTask } from "@/lib/pool";
import type { Offer } from "@/lib/providers/offer";
import type { EngineInput, EngineQuality, EngineResult } from "@/lib/allocation-engine";
import type { AllocationPlan } from "./plan";

/** The engine's input for a plan, the offers its search found and the stay quality of the tenant's rated hotels (only the offered ones are handed on). */
export function engineInput(plan: AllocationPlan, offers: Offer[], quality: ReadonlyMap<string, EngineQuality> = new Map()): EngineInput {
  const offered: Record<string, EngineQuality> = {};
  for (const o of offers) if (o.hotelUrn && quality.has(o.hotelUrn)) offered[o.hotelUrn] = quality.get(o.hotelUrn)!;
  return {
    airport: { code: plan.airport.code, latitude: plan.airport.latitude, longitude: plan.airport.longitude },
    nights: plan.nights,
    currency: plan.airport.currency,
    groups: plan.groups,
    offers,
    policies: plan.policies as EngineInput["policies"],
    quality: offered,
  };
}

/**
 * Runs the pure engine in the worker pool (lib/pool), so a large wave never stalls HTTP answers or
 * job lease heartbeats; the pool runs it in-process when it cannot start. `engineMs` includes the
 * hand-over to the worker.
 */
export async function computeAllocation(input: EngineInput): Promise<{ result: EngineResult; engineMs: number }> {
  const started = performance.now();
  const result = (await runTask("allocation/engine", input)) as EngineResult;
  return { result, engineMs: Math.round(performance.now() - started) };
}

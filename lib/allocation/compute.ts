import { runTask } from "@/lib/pool";
import type { Offer } from "@/lib/providers/offer";
import type { EngineInput, EngineResult } from "./engine";
import type { AllocationPlan } from "./plan";

/** The engine's input for a plan and the offers its search found. */
export function engineInput(plan: AllocationPlan, offers: Offer[]): EngineInput {
  return {
    airport: { code: plan.airport.code, latitude: plan.airport.latitude, longitude: plan.airport.longitude },
    nights: plan.nights,
    currency: plan.airport.currency,
    groups: plan.groups,
    offers,
    policies: plan.policies as EngineInput["policies"],
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

import { requireAirport, requirePermission } from "@/lib/auth/require";
import { createCase } from "@/lib/cases/create";
import type { Ctx } from "@/lib/context";
import { approveDemand, createDemand } from "@/lib/demand";
import { parseInput } from "@/lib/validation";
import { DrillSpec, generateManifest } from "./generate";
import { drillSandboxes } from "@/lib/peers/drill-sources";

export type LaunchedDrill = { caseUrn: string; demandUrn: string; passengers: number; groups: number; seed: number };

/**
 * An ADMIN launches a drill: a generated manifest becomes a DRILL case through the same verb as
 * POST /cases, with its INITIAL demand for every room it needs, approved automatically when a
 * policy says so, else by the ADMIN with the reason "drill". From there everything runs as in a
 * real event, against the drills' own sandboxes: they are started first, so a drill that cannot
 * have them is refused before anything is written.
 */
export async function launchDrill({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<LaunchedDrill> {
  requirePermission(ctx, "case:drill", "launch drills");
  const spec = parseInput(DrillSpec, input);
  requireAirport(ctx, spec.airport);
  await drillSandboxes();
  const manifest = generateManifest(spec);
  const { record } = await createCase({ ctx, input: { ...manifest, mode: "DRILL" } });
  let demand = await createDemand({ ctx, input: { caseUrn: record.urn, type: "INITIAL", roomsRequested: Math.max(1, record.roomsNeeded) } });
  if (demand.status === "REQUESTED") demand = await approveDemand({ ctx, input: { demandUrn: demand.urn, reason: "drill" } });
  return { caseUrn: record.urn, demandUrn: demand.urn, passengers: spec.passengers, groups: manifest.passengerGroups.length, seed: spec.seed };
}

import { requirePermission } from "@/lib/auth/require";
import { touchCase } from "@/lib/cases/load";
import { type Ctx, transaction } from "@/lib/context";
import { emit } from "@/lib/events";
import { parseInput, shapeRecord } from "@/lib/validation";
import { policyOfRecord } from "./auto-approval";
import { casePolicies } from "./case-policies";
import { roomsHeldForLater } from "@/lib/records/held-rooms";
import { loadDemandForChange } from "./load";
import { toDemand } from "@/lib/records/demand-record";
import { Demand, DemandDecisionInput } from "@/lib/records/demand";
import { transitionDemand } from "./transition";
import { assertDemandTransition } from "./transitions";

type Decision = { ctx: Ctx; input: DemandDecisionInput };

/**
 * A supervisor approves a REQUESTED demand. The record names the policy version current at
 * approval (the case's first tier in pass order that has a match; null if none matched, in which
 * case the allocation job sends the case to manual review). Enqueues the allocation, and answers
 * how many approved rooms no group waits for (`heldForLater`).
 */
export async function approveDemand({ ctx, input }: Decision): Promise<Demand> {
  requirePermission(ctx, "demand:decide", "approve demands");
  const { demandUrn, reason } = parseInput(DemandDecisionInput, input);
  return transaction(ctx, async (tx) => {
    const { demand, caseRow } = await loadDemandForChange(tx, demandUrn);
    assertDemandTransition("approve", demand.status, demand.urn);
    const policy = policyOfRecord(await casePolicies(tx, caseRow));
    const row = await transitionDemand(tx, {
      demand,
      action: "approve",
      reason,
      airport: caseRow.airport,
      set: {
        automatic: false,
        decidedBy: tx.principal.sub,
        decidedAt: new Date(),
        decisionReason: reason,
        policyUrn: policy?.urn ?? null,
        policyVersion: policy?.version ?? null,
      },
    });
    await emit(tx, "demand/approved", {
      tenant: caseRow.tenant,
      caseUrn: caseRow.urn,
      demandUrn: demand.urn,
      policyUrn: row.policyUrn,
      policyVersion: row.policyVersion,
    });
    await touchCase(tx, caseRow.urn);
    // the approval says what it bought: rooms no group waits for are held, not lost (docs/behaviour.md "Extra rooms")
    return shapeRecord(Demand, { ...toDemand(row), heldForLater: await roomsHeldForLater(tx, caseRow.urn) });
  });
}

/** A supervisor rejects a REQUESTED demand; nothing is allocated for it. */
export async function rejectDemand({ ctx, input }: Decision): Promise<Demand> {
  requirePermission(ctx, "demand:decide", "reject demands");
  const { demandUrn, reason } = parseInput(DemandDecisionInput, input);
  return transaction(ctx, async (tx) => {
    const { demand, caseRow } = await loadDemandForChange(tx, demandUrn);
    const row = await transitionDemand(tx, {
      demand,
      action: "reject",
      reason,
      airport: caseRow.airport,
      set: { automatic: false, decidedBy: tx.principal.sub, decidedAt: new Date(), decisionReason: reason },
    });
    await touchCase(tx, caseRow.urn);
    return shapeRecord(Demand, toDemand(row));
  });
}

import { and, eq } from "drizzle-orm";
import { type CaseRow, demands, type DemandRow } from "@/db/schema";
import { systemPrincipal } from "@/lib/auth/principal";
import { requirePermission } from "@/lib/auth/require";
import { writeAudit } from "@/lib/audit/write";
import { loadOpenCase, touchCase } from "@/lib/cases/load";
import { type Ctx, transaction } from "@/lib/context";
import { conflict } from "@/lib/errors";
import { newUrn } from "@/lib/ids";
import { emit } from "@/lib/events";
import { parseInput, shapeRecord } from "@/lib/validation";
import { decideAutoApproval } from "./auto-approval";
import { casePolicies } from "./case-policies";
import { roomsHeldForLater } from "@/lib/records/held-rooms";
import { auditSnapshot, toDemand } from "@/lib/records/demand-record";
import { roomsOwedByCare } from "./rooms-from-care";
import { CreateDemandInput, Demand, type DemandInput, type ResolvedDemandInput } from "@/lib/records/demand";
import { transitionDemand } from "./transition";
import { demandTypeRefusal } from "./rules";

export const AUTO_APPROVER = "auto-approval";

/**
 * Creates a demand for an open case: REQUESTED, then APPROVED at once when the automatic rule of
 * spec 3.1 holds (see decideAutoApproval), which enqueues the allocation ("demand/approved").
 * INITIAL once per case (a rejected one may be replaced); INCREMENTAL only on top of an approved
 * INITIAL. The case row is locked, so two concurrent creates cannot both pass these checks. An
 * INITIAL demand without roomsRequested asks for what the right to care decides (./rooms-from-care.ts).
 */
export async function createDemand({ ctx, input: raw }: { ctx: Ctx; input: CreateDemandInput }): Promise<Demand> {
  requirePermission(ctx, "demand:create", "create demands");
  const { caseUrn, ...given } = parseInput(CreateDemandInput, raw);
  return transaction(ctx, async (tx) => {
    const caseRow = await loadOpenCase(tx, caseUrn);
    await assertTypeAllowed(tx, caseRow, given);
    const input: ResolvedDemandInput = { ...given, roomsRequested: given.roomsRequested ?? (await roomsOwedByCare(tx, caseRow, given.type)) };
    const [row] = await tx.db
      .insert(demands)
      .values({
        urn: newUrn("demand"),
        tenant: caseRow.tenant,
        caseUrn: caseRow.urn,
        type: input.type,
        roomsRequested: input.roomsRequested,
        status: "REQUESTED",
        createdBy: tx.principal.sub,
      })
      .returning();
    await writeAudit(tx, { entity: "demand", entityUrn: row.urn, action: "create", airport: caseRow.airport, after: auditSnapshot(toDemand(row)) });
    const result = await autoApprove(tx, caseRow, row, input);
    await touchCase(tx, caseRow.urn);
    const held = result.status === "APPROVED" ? { heldForLater: await roomsHeldForLater(tx, caseRow.urn) } : {};
    return shapeRecord(Demand, { ...toDemand(result), ...held });
  });
}

async function assertTypeAllowed(ctx: Ctx, caseRow: CaseRow, input: DemandInput): Promise<void> {
  const initials = await ctx.db
    .select({ status: demands.status })
    .from(demands)
    .where(and(eq(demands.caseUrn, caseRow.urn), eq(demands.tenant, caseRow.tenant), eq(demands.type, "INITIAL")));
  const refusal = demandTypeRefusal(input.type, initials.map((d) => ({ type: "INITIAL", status: d.status })));
  if (refusal) throw conflict("INVALID_TRANSITION", `Case ${caseRow.urn} ${refusal}.`);
}

/** The automatic rule; when it holds, the system (not the caller) approves, and says so in the audit log. */
async function autoApprove(ctx: Ctx, caseRow: CaseRow, row: DemandRow, input: ResolvedDemandInput): Promise<DemandRow> {
  const decision = decideAutoApproval(input, await casePolicies(ctx, caseRow));
  if (!decision.approve) return row;
  const system: Ctx = { ...ctx, principal: systemPrincipal(caseRow.tenant, AUTO_APPROVER) };
  const { policy } = decision;
  const reason = `auto-approved under policy ${policy.urn} v${policy.version}`;
  const approved = await transitionDemand(system, {
    demand: row,
    action: "approve",
    reason,
    airport: caseRow.airport,
    set: {
      automatic: true,
      decidedBy: system.principal.sub,
      decidedAt: new Date(),
      decisionReason: reason,
      policyUrn: policy.urn,
      policyVersion: policy.version,
    },
  });
  await emit(system, "demand/approved", { tenant: caseRow.tenant, caseUrn: caseRow.urn, demandUrn: row.urn, policyUrn: policy.urn, policyVersion: policy.version });
  return approved;
}

import { casePolicyOverlays } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { newId } from "@/lib/ids";
import type { RelaxFields } from "@/lib/policies/relax-fields";

/** Stores one relaxation for a case, in the caller's transaction. */
export async function addCaseOverlay(ctx: Ctx, input: { caseUrn: string; reviewUrn: string; fields: RelaxFields; reason: string }): Promise<string> {
  const id = newId();
  await ctx.db.insert(casePolicyOverlays).values({
    id,
    tenant: ctx.principal.tenant,
    caseUrn: input.caseUrn,
    reviewUrn: input.reviewUrn,
    fields: input.fields,
    reason: input.reason,
    createdBy: ctx.principal.sub,
  });
  return id;
}

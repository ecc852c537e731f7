"use server";

import { revalidatePath } from "next/cache";
import { consoleAction } from "@/lib/console/action-result";
import { activatePolicy, createPolicy, getPolicy, PolicyInput, updatePolicy } from "@/lib/policies";
import { activeOfContext } from "@/lib/policies/active-of-context";
import { synthesizePolicy } from "@/lib/policies/synthesize";
import { errorFields, log } from "@/lib/log";
import { parseInput } from "@/lib/validation";

// Server actions receive whatever a client posts; the verbs parse it and check who may act.

export async function createPolicyAction(raw: unknown) {
  return consoleAction(async (ctx) => {
    const policy = await createPolicy({ ctx, input: raw as never });
    revalidatePath("/policies");
    return policy;
  });
}

/** A DRAFT is edited in place: the whole form is sent as a merge patch, so every field it shows is replaced. */
export async function updatePolicyAction(policyUrn: string, raw: unknown) {
  return consoleAction(async (ctx) => {
    // the form sends a whole policy; it becomes a merge patch of the fields a DRAFT may change
    const input = parseInput(PolicyInput, raw);
    // context and tiers cannot change on an existing version; the form shows them read-only
    const { context: _context, tiers: _tiers, ...fields } = input;
    const patch = JSON.parse(JSON.stringify(fields)) as Record<string, unknown> & { transport: { perTier: Record<string, unknown> } };
    // a merge patch merges maps: a per-tier transport entry the form dropped must be removed explicitly
    const current = await getPolicy({ ctx, input: { policyUrn } });
    for (const tier of Object.keys(current.transport.perTier)) patch.transport.perTier[tier] ??= null;
    const policy = await updatePolicy({ ctx, input: { policyUrn, patch } });
    revalidatePath("/policies");
    return policy;
  }, policyUrn);
}

export async function activatePolicyAction(policyUrn: string, reason?: string) {
  return consoleAction(async (ctx) => {
    const policy = await activatePolicy({ ctx, input: { policyUrn, reason } });
    revalidatePath("/policies");
    return policy;
  }, policyUrn);
}

/**
 * "Describe a policy": the synthesizer drafts a DRAFT (never active), answered with the ACTIVE
 * policy of the same context to diff against. The draft is made either way; an active policy the
 * caller cannot read is answered as unknown rather than failing the draft.
 */
export async function synthesizePolicyAction(description: unknown) {
  return consoleAction(async (ctx) => {
    const draft = await synthesizePolicy({ ctx, input: { description } as never });
    revalidatePath("/policies");
    try {
      return { draft, active: await activeOfContext({ ctx, input: draft }), activeKnown: true };
    } catch (err) {
      log("warn", "policy synthesizer: the active policy of the draft's context could not be read", errorFields(err));
      return { draft, active: null, activeKnown: false };
    }
  });
}

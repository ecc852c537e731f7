"use server";

import { revalidatePath } from "next/cache";
import { sessionCtx } from "@/lib/auth/session-ctx";
import { authorize } from "@/lib/console/authorize";
import { runAction } from "@/lib/console/action-result";
import { activatePolicy } from "@/lib/policies/activate";
import { createPolicy } from "@/lib/policies/create";
import { getPolicy } from "@/lib/policies/load";
import { PolicyInput } from "@/lib/policies/schemas";
import { updatePolicy } from "@/lib/policies/update";

// Server actions receive whatever a client posts: each parses with the API's schema before the service runs.

export async function createPolicyAction(raw: unknown) {
  return runAction(async () => {
    const ctx = await sessionCtx();
    await authorize(ctx, "policy:write", "create policies");
    const policy = await createPolicy({ ctx, input: PolicyInput.parse(raw) });
    revalidatePath("/policies");
    return policy;
  });
}

/** A DRAFT is edited in place: the whole form is sent as a merge patch, so every field it shows is replaced. */
export async function updatePolicyAction(policyUrn: string, raw: unknown) {
  return runAction(async () => {
    const ctx = await sessionCtx();
    await authorize(ctx, "policy:write", "edit policies", policyUrn);
    const input = PolicyInput.parse(raw);
    // context and tiers cannot change on an existing version; the form shows them read-only
    const { context: _context, tiers: _tiers, ...fields } = input;
    const patch = JSON.parse(JSON.stringify(fields)) as Record<string, unknown> & { transport: { perTier: Record<string, unknown> } };
    // a merge patch merges maps: a per-tier transport entry the form dropped must be removed explicitly
    const current = await getPolicy({ ctx, policyUrn });
    for (const tier of Object.keys(current.transport.perTier)) patch.transport.perTier[tier] ??= null;
    const policy = await updatePolicy({ ctx, policyUrn, patch });
    revalidatePath("/policies");
    return policy;
  });
}

export async function activatePolicyAction(policyUrn: string, reason?: string) {
  return runAction(async () => {
    const ctx = await sessionCtx();
    await authorize(ctx, "policy:write", "activate policies", policyUrn);
    const policy = await activatePolicy({ ctx, policyUrn, reason: reason?.trim() || undefined });
    revalidatePath("/policies");
    return policy;
  });
}

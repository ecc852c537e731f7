// POST /api/v1/policies/synthesize – draft a policy from a plain-language description (a DRAFT, never active)
import { handle } from "@/lib/api/handler";
import { created } from "@/lib/api/reply";
import { synthesizePolicyRoute } from "@/lib/api/routes/agent";
import { synthesizePolicy } from "@/lib/policies/synthesize";

export const POST = handle(synthesizePolicyRoute, async ({ ctx, body }) => {
  const policy = await synthesizePolicy({ ctx, input: body });
  return created(policy, `/api/v1/policies/${policy.urn}`);
});

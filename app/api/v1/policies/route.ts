// POST /api/v1/policies – create a DRAFT policy; GET /api/v1/policies – list policies
import { handle } from "@/lib/api/handler";
import { created } from "@/lib/api/reply";
import { createPolicyRoute, listPoliciesRoute } from "@/lib/api/routes/policies";
import { createPolicy } from "@/lib/policies/create";
import { listPolicies } from "@/lib/policies/list";

export const POST = handle(createPolicyRoute, async ({ ctx, body }) => {
  const policy = await createPolicy({ ctx, input: body });
  return created(policy, `/api/v1/policies/${policy.urn}`);
});

export const GET = handle(listPoliciesRoute, ({ ctx, query }) => listPolicies({ ctx, input: query }));

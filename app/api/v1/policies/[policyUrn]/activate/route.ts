// POST /api/v1/policies/{policyUrn}/activate – activate a version; archives the context's active one
import { handle } from "@/lib/api/handler";
import { activatePolicyRoute } from "@/lib/api/routes/policies";
import { activatePolicy } from "@/lib/policies/activate";

export const POST = handle(activatePolicyRoute, ({ ctx, params, body }) =>
  activatePolicy({ ctx, input: { ...params, reason: body?.reason } }),
);

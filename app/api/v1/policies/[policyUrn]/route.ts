// GET /api/v1/policies/{policyUrn} – one policy; PATCH – edit a DRAFT (merge patch)
import { handle } from "@/lib/api/handler";
import { getPolicyRoute, updatePolicyRoute } from "@/lib/api/routes/policies";
import { getPolicy } from "@/lib/policies/load";
import { updatePolicy } from "@/lib/policies/update";

export const GET = handle(getPolicyRoute, ({ ctx, params }) => getPolicy({ ctx, input: params }));

export const PATCH = handle(updatePolicyRoute, ({ ctx, params, body }) => updatePolicy({ ctx, input: { ...params, patch: body } }));

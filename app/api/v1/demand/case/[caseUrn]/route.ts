// POST /api/v1/demand/case/{caseUrn} – ask for rooms for a case (approved at once under the automatic rule)
import { handle } from "@/lib/api/handler";
import { created } from "@/lib/api/reply";
import { createDemandRoute } from "@/lib/api/routes/demand";
import { createDemand } from "@/lib/demand/create";

export const POST = handle(createDemandRoute, async ({ ctx, params, body }) => {
  const demand = await createDemand({ ctx, input: { ...params, ...body } });
  return created(demand, `/api/v1/demand/${demand.urn}`);
});

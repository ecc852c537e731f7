// POST /api/v1/cases/{caseUrn}/groups/{groupId}/split – split a passenger group, with a reason
import { handle } from "@/lib/api/handler";
import { splitGroupRoute } from "@/lib/api/routes/cases";
import { splitGroup } from "@/lib/cases/split-group";

export const POST = handle(splitGroupRoute, ({ ctx, params, body }) => splitGroup({ ctx, input: { ...params, ...body } }));

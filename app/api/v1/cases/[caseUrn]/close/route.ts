// POST /api/v1/cases/{caseUrn}/close – close a case early, with a reason
import { handle } from "@/lib/api/handler";
import { closeCaseRoute } from "@/lib/api/routes/cases";
import { closeCase } from "@/lib/cases/close";

export const POST = handle(closeCaseRoute, ({ ctx, params, body }) => closeCase({ ctx, input: { ...params, ...body } }));

// GET /api/v1/cases/{caseUrn} – the case record
import { handle } from "@/lib/api/handler";
import { getCaseRoute } from "@/lib/api/routes/cases";
import { getCase } from "@/lib/cases/get";

export const GET = handle(getCaseRoute, ({ ctx, params }) => getCase({ ctx, input: params }));

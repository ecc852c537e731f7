// GET /api/v1/cases/{caseUrn}/care – who on the case is owed what care, with the evidence
import { handle } from "@/lib/api/handler";
import { getCaseCareRoute } from "@/lib/api/routes/care";
import { readCaseCare } from "@/lib/care/read";

export const GET = handle(getCaseCareRoute, ({ ctx, params }) => readCaseCare(ctx, params.caseUrn));

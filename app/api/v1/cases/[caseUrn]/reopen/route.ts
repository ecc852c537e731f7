// POST /api/v1/cases/{caseUrn}/reopen – reopen a closed case (ADMIN)
import { handle } from "@/lib/api/handler";
import { reopenCaseRoute } from "@/lib/api/routes/cases";
import { reopenCase } from "@/lib/cases/reopen";

export const POST = handle(reopenCaseRoute, ({ ctx, params, body }) => reopenCase({ ctx, input: { ...params, ...body } }));

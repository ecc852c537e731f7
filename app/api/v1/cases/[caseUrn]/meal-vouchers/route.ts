// GET /api/v1/cases/{caseUrn}/meal-vouchers – a case's meal vouchers with their counts and cost
import { handle } from "@/lib/api/handler";
import { listCaseMealVouchersRoute } from "@/lib/api/routes/meals";
import { listCaseMealVouchers } from "@/lib/meals/list-case";

export const GET = handle(listCaseMealVouchersRoute, ({ ctx, params, query }) => listCaseMealVouchers({ ctx, input: { ...params, ...query } }));

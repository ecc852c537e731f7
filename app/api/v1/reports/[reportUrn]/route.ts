// GET /api/v1/reports/{reportUrn} – one weekly report
import { handle } from "@/lib/api/handler";
import { getReportRoute } from "@/lib/api/routes/reports";
import { getReport } from "@/lib/reports";

export const GET = handle(getReportRoute, ({ ctx, params }) => getReport({ ctx, input: params }));

// GET /api/v1/demand/case/{caseUrn}/summary – rooms requested, approved, allocated, booked, and the shortfall
import { handle } from "@/lib/api/handler";
import { demandSummaryRoute } from "@/lib/api/routes/demand";
import { demandSummary } from "@/lib/demand/summary";

export const GET = handle(demandSummaryRoute, ({ ctx, params }) => demandSummary({ ctx, input: params }));

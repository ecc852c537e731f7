// POST /api/v1/booking/reservations/{reservationUrn}/problems – an operator records a problem with the hotel stay
import { handle } from "@/lib/api/handler";
import { created } from "@/lib/api/reply";
import { reportProblemRoute } from "@/lib/api/routes/quality";
import { reportProblem } from "@/lib/quality/report-problem";

export const POST = handle(reportProblemRoute, async ({ ctx, params, body }) => {
  const rating = await reportProblem({ ctx, input: { ...body, ...params } });
  return created(rating, `/api/v1/booking/reservations/${encodeURIComponent(rating.reservationUrn)}`);
});

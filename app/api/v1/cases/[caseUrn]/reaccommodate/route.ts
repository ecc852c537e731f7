// PATCH /api/v1/cases/{caseUrn}/reaccommodate – the passengers' next flight changed
import { handle } from "@/lib/api/handler";
import { reaccommodateRoute } from "@/lib/api/routes/cases";
import { reaccommodateCase } from "@/lib/cases/reaccommodate";

export const PATCH = handle(reaccommodateRoute, ({ ctx, params, body }) => reaccommodateCase({ ctx, input: { ...params, ...body } }));

// GET /api/v1/cases – list cases; POST /api/v1/cases – create a case from the airline feed
import { handle } from "@/lib/api/handler";
import { created, ok } from "@/lib/api/reply";
import { createCaseRoute, listCasesRoute } from "@/lib/api/routes/cases";
import { createCase } from "@/lib/cases/create";
import { listCases } from "@/lib/cases/list";

export const GET = handle(listCasesRoute, ({ ctx, query }) => listCases({ ctx, input: query }));

export const POST = handle(createCaseRoute, async ({ ctx, body }) => {
  const result = await createCase({ ctx, input: body });
  return result.created ? created(result.record, `/api/v1/cases/${result.record.urn}`) : ok(result.record);
});

// POST /api/v1/cases/{caseUrn}/passengers:bulk and /groups:merge – colon actions, raw or %-encoded
import { readMultipart } from "@/lib/http/body";
import { handle } from "@/lib/api/handler";
import { defineRoute } from "@/lib/api/route";
import { bulkPassengersRoute, mergeGroupsRoute } from "@/lib/api/routes/cases";
import { addPassengersFromFile } from "@/lib/cases/add-passengers";
import { mergeGroups } from "@/lib/cases/merge-groups";
import { notFound } from "@/lib/errors";
import { decodeSegment } from "@/lib/ids";

const bulk = handle(bulkPassengersRoute, async ({ ctx, params, req }) => {
  const form = await readMultipart(req);
  return addPassengersFromFile({ ctx, input: { caseUrn: params.caseUrn, file: form.get("file") } });
});

const merge = handle(mergeGroupsRoute, ({ ctx, params, body }) => mergeGroups({ ctx, input: { ...params, ...body } }));

// an unknown action still authenticates first, so it answers 401 before 404
const unknown = handle(
  defineRoute({ method: "POST", path: "/cases/{caseUrn}/{action}", tag: "Cases", summary: "Act on a case", permission: "case:read" }),
  async ({ req }) => {
    throw notFound(`No endpoint POST ${new URL(req.url).pathname}`);
  },
);

// a Map, not an object literal: `valueOf` or `constructor` as the action must not find Object.prototype's
const ACTIONS = new Map<string, typeof bulk>([
  ["passengers:bulk", bulk],
  ["groups:merge", merge],
]);

type RouteContext = { params: Promise<Record<string, string | string[]>> };

export async function POST(req: Request, route: RouteContext): Promise<Response> {
  const { action } = await route.params;
  return (ACTIONS.get(decodeSegment(String(action))) ?? unknown)(req, route);
}

import { z } from "zod";
import { pageOf, urnParam } from "@/lib/api/params";
import { defineRoute } from "@/lib/api/route";
import { ReviewItem, ReviewListQuery } from "@/lib/review/schemas";

export const listReviewItemsRoute = defineRoute({
  method: "GET",
  path: "/manual-review",
  tag: "Manual review",
  summary: "List review items",
  description: [
    "The review items of the caller's tenant in the caller's airports, oldest first, filtered by `state`",
    "(or its alias `status`), `priority`, `category`, `caseUrn` and `airport`. An `airport` outside the caller's",
    "airports is 403 OUT_OF_SCOPE.",
  ].join("\n"),
  permission: "read",
  query: ReviewListQuery,
  response: pageOf(ReviewItem),
  errors: [422],
});

export const getReviewItemRoute = defineRoute({
  method: "GET",
  path: "/manual-review/{itemUrn}",
  tag: "Manual review",
  summary: "Read a review item",
  description:
    "One review item: why it exists, the hotels attempted, the recommendations and its SLA. 404 in another tenant; 403 OUT_OF_SCOPE when its case's airport is outside the caller's airports.",
  permission: "read",
  params: z.object({ itemUrn: urnParam("review") }),
  response: ReviewItem,
  errors: [404],
});

"use server";

import { revalidatePath } from "next/cache";
import { consoleAction } from "@/lib/console/action-result";
import {
  claimReviewItem,
  type RebookInput,
  rebookReviewItem,
  refreshRecommendations,
  type RelaxInput,
  relaxReviewItem,
  releaseReviewItem,
  type ResolveInput,
  resolveReviewItem,
  type ReviewItem,
  type ReviewSplitInput,
  splitReviewItem,
} from "@/lib/review";
import { askAirportDesk } from "@/lib/review/ask-desk";
import { overrideReviewItem } from "@/lib/review/override";
import type { ReviewOverrideInput } from "@/lib/records/review";

// Each action only builds the context and calls the verb the API calls: the verb parses the input,
// checks the permission, the airport scope and the claim, and answers the same refusals.

function refresh(item: ReviewItem) {
  revalidatePath("/review");
  revalidatePath(`/review/${encodeURIComponent(item.urn)}`);
  revalidatePath(`/cases/${encodeURIComponent(item.caseUrn)}`);
}

const run = (itemUrn: string, verb: (ctx: Parameters<Parameters<typeof consoleAction>[0]>[0]) => Promise<ReviewItem>) =>
  consoleAction(async (ctx) => {
    const item = await verb(ctx);
    refresh(item);
    return { state: item.state };
  }, itemUrn);

type Body<T> = Omit<T, "itemUrn">;

export async function claimAction(itemUrn: string) {
  return run(itemUrn, (ctx) => claimReviewItem({ ctx, input: { itemUrn } }));
}

export async function releaseAction(itemUrn: string, reason: string) {
  return run(itemUrn, (ctx) => releaseReviewItem({ ctx, input: { itemUrn, reason } }));
}

export async function rebookAction(itemUrn: string, body: Body<RebookInput>) {
  return run(itemUrn, (ctx) => rebookReviewItem({ ctx, input: { ...body, itemUrn } }));
}

export async function relaxAction(itemUrn: string, body: Body<RelaxInput>) {
  return run(itemUrn, (ctx) => relaxReviewItem({ ctx, input: { ...body, itemUrn } }));
}

export async function splitAction(itemUrn: string, body: Body<ReviewSplitInput>) {
  return run(itemUrn, (ctx) => splitReviewItem({ ctx, input: { ...body, itemUrn } }));
}

export async function overrideAction(itemUrn: string, body: Body<ReviewOverrideInput>) {
  return run(itemUrn, (ctx) => overrideReviewItem({ ctx, input: { ...body, itemUrn } }));
}

export async function resolveAction(itemUrn: string, body: Body<ResolveInput>) {
  return run(itemUrn, (ctx) => resolveReviewItem({ ctx, input: { ...body, itemUrn } }));
}

export async function refreshRecommendationsAction(itemUrn: string) {
  return run(itemUrn, (ctx) => refreshRecommendations({ ctx, input: { itemUrn } }));
}

export async function askDeskAction(itemUrn: string) {
  return run(itemUrn, (ctx) => askAirportDesk({ ctx, input: { itemUrn } }));
}

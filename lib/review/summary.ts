import { and, eq, inArray, ne } from "drizzle-orm";
import { reviewItems } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import { airportFilter } from "@/lib/auth/scope";
import type { Ctx } from "@/lib/context";
import type { ReviewPriority } from "@/lib/vocabulary";

export const AGE_BUCKETS = [
  { label: "< 15 min", maxMinutes: 15 },
  { label: "15–60 min", maxMinutes: 60 },
  { label: "1–4 h", maxMinutes: 240 },
  { label: "> 4 h", maxMinutes: Infinity },
] as const;

export type ReviewQueueSummary = {
  total: number;
  byPriority: Record<ReviewPriority, number>;
  byAge: { label: string; count: number }[];
  overdue: number;
  unclaimed: number;
  /** who holds what: claimant → items */
  claimedBy: { assignee: string; count: number }[];
};

/** The console queue's header: the unresolved items in the caller's airports, by priority, age and claimant. */
export async function reviewQueueSummary({ ctx, now = new Date() }: { ctx: Ctx; now?: Date }): Promise<ReviewQueueSummary> {
  requirePermission(ctx, "read", "read the review queue");
  const where = [eq(reviewItems.tenant, ctx.principal.tenant), ne(reviewItems.state, "RESOLVED")];
  const airports = airportFilter(ctx.principal);
  if (airports) where.push(inArray(reviewItems.airport, airports));
  const rows = await ctx.db
    .select({ priority: reviewItems.priority, state: reviewItems.state, assignedTo: reviewItems.assignedTo, createdAt: reviewItems.createdAt, slaDueAt: reviewItems.slaDueAt })
    .from(reviewItems)
    .where(and(...where));
  const byPriority: Record<ReviewPriority, number> = { HIGH: 0, MEDIUM: 0, LOW: 0 };
  const byAge = AGE_BUCKETS.map((b) => ({ label: b.label, count: 0 }));
  const claimed = new Map<string, number>();
  let overdue = 0;
  for (const r of rows) {
    byPriority[r.priority]++;
    const minutes = (now.getTime() - r.createdAt.getTime()) / 60_000;
    byAge[AGE_BUCKETS.findIndex((b) => minutes < b.maxMinutes)].count++;
    if (r.slaDueAt && r.slaDueAt.getTime() < now.getTime()) overdue++;
    if (r.state === "CLAIMED" && r.assignedTo) claimed.set(r.assignedTo, (claimed.get(r.assignedTo) ?? 0) + 1);
  }
  return {
    total: rows.length,
    byPriority,
    byAge,
    overdue,
    unclaimed: rows.filter((r) => r.state === "OPEN").length,
    claimedBy: [...claimed].map(([assignee, count]) => ({ assignee, count })).sort((a, b) => b.count - a.count || a.assignee.localeCompare(b.assignee)),
  };
}

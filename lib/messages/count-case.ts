import { and, eq, sql } from "drizzle-orm";
import { messages } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import { CaseRef } from "@/lib/cases/inputs";
import { loadCase } from "@/lib/cases/load";
import type { Ctx } from "@/lib/context";
import { parseInput } from "@/lib/validation";

/**
 * How many messages a case has, and how many FAILED, in one statement: the case page's counts,
 * true however many rows its list shows (it shows the newest page only). The same roles and
 * 404/403 rules as listCaseMessages.
 */
export async function countCaseMessages({ ctx, input }: { ctx: Ctx; input: { caseUrn: string } }): Promise<{ total: number; failed: number }> {
  requirePermission(ctx, "case:read", "read a case's messages");
  const { caseUrn } = parseInput(CaseRef, { caseUrn: input.caseUrn });
  const kase = await loadCase(ctx, caseUrn);
  const [row] = await ctx.db
    .select({ total: sql<number>`count(*)::int`, failed: sql<number>`(count(*) filter (where ${messages.status} = 'FAILED'))::int` })
    .from(messages)
    .where(and(eq(messages.tenant, kase.tenant), eq(messages.caseUrn, kase.urn)));
  return row ?? { total: 0, failed: 0 };
}

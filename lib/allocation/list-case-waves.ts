import { and, desc, eq, getTableColumns } from "drizzle-orm";
import { z } from "zod";
import { allocationWaves } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import { loadCase } from "@/lib/cases/load";
import type { Ctx } from "@/lib/context";
import { Urn } from "@/lib/primitives";
import { parseInput } from "@/lib/validation";
import { toWaveSummary } from "./record";

const ListCaseWavesInput = z.object({ caseUrn: Urn("case") });

export type WaveSummary = ReturnType<typeof toWaveSummary>;

// the candidates are most of a wave's bytes (hundreds per wave) and a summary never shows them
const { rankingInputs: _candidates, ...summaryColumns } = getTableColumns(allocationWaves);

/**
 * Every wave of a case, newest first, in the short form (the case page's "Waves" section). The
 * case's visibility rules apply (404 in another tenant or for a FEED client that did not create it,
 * 403 OUT_OF_SCOPE outside the caller's airports), so a wave is never listed where its case is not.
 */
export async function listCaseWaves({ ctx, input }: { ctx: Ctx; input: { caseUrn: string } }): Promise<WaveSummary[]> {
  requirePermission(ctx, "read", "read allocation waves");
  const { caseUrn } = parseInput(ListCaseWavesInput, input);
  const row = await loadCase(ctx, caseUrn);
  const rows = await ctx.db
    .select(summaryColumns)
    .from(allocationWaves)
    .where(and(eq(allocationWaves.tenant, row.tenant), eq(allocationWaves.caseUrn, row.urn)))
    .orderBy(desc(allocationWaves.createdAt), desc(allocationWaves.urn));
  return rows.map((r) => toWaveSummary(r));
}

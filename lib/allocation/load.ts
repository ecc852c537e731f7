import { and, eq } from "drizzle-orm";
import { allocationWaves, type AllocationWaveRow, type CaseRow } from "@/db/schema";
import { loadCase } from "@/lib/cases/load";
import type { Ctx } from "@/lib/context";
import { notFound } from "@/lib/errors";

/**
 * A wave of the caller's tenant and the case it belongs to, with the case's visibility rules
 * (another tenant's: 404; a FEED client's case it did not create: 404; outside the airports: 403).
 */
export async function loadWave(ctx: Ctx, waveUrn: string, opts: { forUpdate?: boolean } = {}): Promise<{ wave: AllocationWaveRow; row: CaseRow }> {
  const q = ctx.db
    .select()
    .from(allocationWaves)
    .where(and(eq(allocationWaves.urn, waveUrn), eq(allocationWaves.tenant, ctx.principal.tenant)))
    .limit(1);
  const [wave] = opts.forUpdate ? await q.for("update") : await q;
  if (!wave) throw notFound(`Wave ${waveUrn}`);
  const row = await loadCase(ctx, wave.caseUrn, { forUpdate: opts.forUpdate });
  return { wave, row };
}

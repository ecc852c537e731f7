import { and, asc, eq, exists, isNull, lt, sql } from "drizzle-orm";
import { cases, passengers, tenants } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import { type Ctx, transaction } from "@/lib/context";
import { parseStoredSettings } from "@/lib/tenants/settings";
import { eraseInCase } from "./erase-in-case";

const DAY_MS = 86_400_000;

export type RetentionRun = { tenant: string; retentionDays: number; cases: string[]; passengers: number };

/**
 * The retention rule: the passengers of a case CLOSED for longer than the tenant's
 * `personalDataRetentionDays` (default 90) lose their personal data. A case reopened is open and
 * is not touched; closed again, its clock restarts at the new closedAt. Drill and shadow cases
 * alike. One case per transaction and audit entry (the system actor), at most `maxCases` per call:
 * the daily job calls again while cases are left. Answers the cases it erased.
 */
export async function eraseExpiredPersonalData({ ctx, now, maxCases = 50 }: { ctx: Ctx; now: Date; maxCases?: number }): Promise<RetentionRun> {
  requirePermission(ctx, "passenger:erase", "erase personal data");
  const tenant = ctx.principal.tenant;
  const [row] = await ctx.db.select({ settings: tenants.settings }).from(tenants).where(eq(tenants.code, tenant)).limit(1);
  const retentionDays = parseStoredSettings(row?.settings, tenant).personalDataRetentionDays;
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  const due = await ctx.db
    .select({ urn: cases.urn })
    .from(cases)
    .where(
      and(
        eq(cases.tenant, tenant),
        eq(cases.status, "CLOSED"),
        lt(cases.closedAt, cutoff),
        exists(ctx.db.select({ one: sql`1` }).from(passengers).where(and(eq(passengers.caseUrn, cases.urn), isNull(passengers.erasedAt)))),
      ),
    )
    .orderBy(asc(cases.closedAt), asc(cases.urn))
    .limit(maxCases);
  const erased: string[] = [];
  let count = 0;
  for (const { urn } of due) {
    const n = await transaction(ctx, async (tx) => {
      // re-read under the lock: a reopen that won the race leaves the case alone
      const [kase] = await tx.db.select().from(cases).where(eq(cases.urn, urn)).for("update");
      if (!kase || kase.status !== "CLOSED" || !kase.closedAt || kase.closedAt >= cutoff) return 0;
      const result = await eraseInCase(tx, kase, "all", { action: "erase-personal-data", reason: `retention: closed more than ${retentionDays} days ago` });
      return result.erased.length;
    });
    if (n > 0) erased.push(urn);
    count += n;
  }
  return { tenant, retentionDays, cases: erased, passengers: count };
}

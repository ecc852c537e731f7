import { and, eq, sql } from "drizzle-orm";
import { careAssessments } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import type { PassengerCare } from "./types";

/**
 * The care of one group's passengers (those in it now: groups may have been split or merged since)
 * under the case's newest assessment; null before the case's first assessment. The voucher and the
 * passenger page read it; the tenant is the reservation's, so any caller's context will do.
 * The group's entries are picked out in the database: a voucher is rendered up to three times per
 * booking at a meltdown, and the whole assessment (every passenger of the case) read and parsed each
 * time doubled the app's CPU per booking (bench:e2e --profile, 2026-11-25).
 */
export async function groupCare(ctx: Ctx, r: GroupRef): Promise<PassengerCare[] | null> {
  const rows = await groupCareEntries(ctx, r);
  if (rows.length > 0) return rows.map((x) => x.care);
  // no entry for the group: before the first assessment (null), or none of its passengers known to it yet
  const [any] = await ctx.db
    .select({ version: careAssessments.version })
    .from(careAssessments)
    .where(and(eq(careAssessments.caseUrn, r.caseUrn), eq(careAssessments.tenant, r.tenant)))
    .limit(1);
  return any ? [] : null;
}

type GroupRef = { tenant: string; caseUrn: string; groupId: string };

/** The entries of the group's passengers (in it now) under the case's newest assessment, with its version; empty before the first. */
export async function groupCareEntries(ctx: Ctx, r: GroupRef): Promise<{ version: number; care: PassengerCare }[]> {
  return (await groupsCareEntries(ctx, { tenant: r.tenant, caseUrn: r.caseUrn, groupIds: [r.groupId] })).get(r.groupId) ?? [];
}

/**
 * The same for several groups of one case in one read (the passenger's flow decides a chunk's rides
 * together): each group's entries, in the assessment's order; a group with none is absent.
 */
export async function groupsCareEntries(ctx: Ctx, r: { tenant: string; caseUrn: string; groupIds: readonly string[] }): Promise<Map<string, { version: number; care: PassengerCare }[]>> {
  const out = new Map<string, { version: number; care: PassengerCare }[]>();
  const groupIds = [...new Set(r.groupIds)];
  if (!groupIds.length) return out;
  const result = await ctx.db.execute(sql`
    SELECT a.version, p.group_id, t.e AS care
    FROM care_assessments a
    CROSS JOIN LATERAL jsonb_array_elements(a.passengers) WITH ORDINALITY AS t(e, n)
    JOIN passengers p ON p.case_urn = a.case_urn AND p.tenant = a.tenant AND p.passenger_id = t.e->>'passengerId'
    WHERE a.tenant = ${r.tenant} AND a.case_urn = ${r.caseUrn} AND p.group_id IN (${sql.join(groupIds.map((g) => sql`${g}`), sql`, `)})
      AND a.version = (SELECT max(version) FROM care_assessments WHERE tenant = ${r.tenant} AND case_urn = ${r.caseUrn})
    ORDER BY t.n`);
  const rows = (result as unknown as { rows: { version: number | string; group_id: string; care: PassengerCare | string }[] }).rows;
  for (const x of rows) {
    const list = out.get(x.group_id) ?? [];
    list.push({ version: Number(x.version), care: typeof x.care === "string" ? (JSON.parse(x.care) as PassengerCare) : x.care });
    out.set(x.group_id, list);
  }
  return out;
}

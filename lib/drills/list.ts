import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { allocationWaves, caseMilestones, cases, passengers, reservations, vouchers } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import type { Ctx } from "@/lib/context";
import type { CaseMilestone, CaseStatus } from "@/lib/vocabulary";

export type DrillTimings = {
  /** seconds from the case's creation; null until it happens */
  toFirstWave: number | null;
  toFirstVoucher: number | null;
  toAllHoused: number | null;
};

export type DrillSummary = {
  caseUrn: string;
  airport: string;
  flightNumber: string;
  status: CaseStatus;
  createdAt: string;
  passengers: number;
  groups: number;
  groupsHoused: number;
  timings: DrillTimings;
};

const HOUSED = ["CONFIRMED", "CHECKED_OUT"] as const;

/**
 * The tenant's drills, newest first, each with how fast it went: time to the first wave, to the
 * first voucher and to the last group housed. case_milestones answers when it has the milestone;
 * otherwise the waves', vouchers' and reservations' own timestamps do.
 */
export async function listDrills({ ctx, input = {} }: { ctx: Ctx; input?: { limit?: number } }): Promise<DrillSummary[]> {
  requirePermission(ctx, "case:drill", "see drills");
  const limit = Math.min(Math.max(input.limit ?? 20, 1), 100);
  const rows = await ctx.db
    .select({ urn: cases.urn, airport: cases.airport, flight: cases.flight, status: cases.status, createdAt: cases.createdAt })
    .from(cases)
    .where(and(eq(cases.tenant, ctx.principal.tenant), eq(cases.mode, "DRILL")))
    .orderBy(desc(cases.createdAt))
    .limit(limit);
  if (rows.length === 0) return [];
  const urns = rows.map((r) => r.urn);
  const [milestones, groups, firstWaves, firstVouchers, housed] = await Promise.all([
    ctx.db.select().from(caseMilestones).where(inArray(caseMilestones.caseUrn, urns)),
    ctx.db
      .select({ caseUrn: passengers.caseUrn, groupId: passengers.groupId, n: sql<number>`count(*)`.mapWith(Number) })
      .from(passengers)
      .where(inArray(passengers.caseUrn, urns))
      .groupBy(passengers.caseUrn, passengers.groupId),
    ctx.db
      .select({ caseUrn: allocationWaves.caseUrn, at: sql<string>`min(${allocationWaves.createdAt})` })
      .from(allocationWaves)
      .where(inArray(allocationWaves.caseUrn, urns))
      .groupBy(allocationWaves.caseUrn),
    ctx.db
      .select({ caseUrn: reservations.caseUrn, at: sql<string>`min(${vouchers.createdAt})` })
      .from(vouchers)
      .innerJoin(reservations, eq(reservations.urn, vouchers.reservationUrn))
      .where(inArray(reservations.caseUrn, urns))
      .groupBy(reservations.caseUrn),
    ctx.db
      .select({ caseUrn: reservations.caseUrn, groupId: reservations.groupId, at: reservations.createdAt })
      .from(reservations)
      .where(and(inArray(reservations.caseUrn, urns), inArray(reservations.status, [...HOUSED]))),
  ]);

  return rows.map((r) => {
    const created = r.createdAt.getTime();
    const since = (at: Date | string | null | undefined) => (at == null ? null : Math.max(0, Math.round((new Date(at).getTime() - created) / 1000)));
    const milestone = (m: CaseMilestone) => milestones.find((x) => x.caseUrn === r.urn && x.milestone === m)?.at ?? null;
    const caseGroups = groups.filter((g) => g.caseUrn === r.urn);
    // a group is housed by its first confirmed reservation
    const housedAt = new Map<string, Date>();
    for (const h of housed.filter((h) => h.caseUrn === r.urn)) {
      const seen = housedAt.get(h.groupId);
      if (!seen || h.at < seen) housedAt.set(h.groupId, h.at);
    }
    const allHoused = caseGroups.length > 0 && caseGroups.every((g) => housedAt.has(g.groupId));
    const lastHoused = allHoused ? new Date(Math.max(...[...housedAt.values()].map((d) => d.getTime()))) : null;
    return {
      caseUrn: r.urn,
      airport: r.airport,
      flightNumber: r.flight.number,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      passengers: caseGroups.reduce((s, g) => s + g.n, 0),
      groups: caseGroups.length,
      groupsHoused: caseGroups.filter((g) => housedAt.has(g.groupId)).length,
      timings: {
        toFirstWave: since(milestone("FIRST_WAVE") ?? firstWaves.find((w) => w.caseUrn === r.urn)?.at),
        toFirstVoucher: since(milestone("FIRST_VOUCHER") ?? firstVouchers.find((v) => v.caseUrn === r.urn)?.at),
        toAllHoused: since(milestone("ALL_HOUSED") ?? lastHoused),
      },
    };
  });
}

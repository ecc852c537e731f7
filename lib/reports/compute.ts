import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { allocationWaves, auditEntries, cases, passengers, reservations, reviewItems, vouchers } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import type { AirportFigures, ReportBody } from "./schemas";

const HOUSED = ["CONFIRMED", "CHECKED_OUT"] as const;
const round1 = (n: number) => Math.round(n * 10) / 10;
const round3 = (n: number) => Math.round(n * 1000) / 1000;
const minutesBetween = (a: Date, b: Date) => (b.getTime() - a.getTime()) / 60_000;
const mean = (xs: number[]) => (xs.length ? round1(xs.reduce((s, x) => s + x, 0) / xs.length) : null);
/** nearest rank: the smallest value with at least 90% of the values at or below it */
const p90 = (xs: number[]) => (xs.length ? round1([...xs].sort((a, b) => a - b)[Math.ceil(0.9 * xs.length) - 1]) : null);
const share = (part: number, whole: number) => (whole ? round3(part / whole) : null);

type Item = { airport: string; category: string; createdAt: Date; resolvedAt: Date; accepted: boolean; acceptedAgent: boolean };
type CaseFacts = { airport: string; firstVoucher: number | null; lastGroupHoused: number | null; passengers: number; housed: number; housedWithin30: number };

/**
 * The week's figures for the caller's tenant: review items resolved in [from, to) and live cases
 * opened in it (drills and shadows excluded), per airport and for ALL, plus the policies behind the
 * most items opened in the week and the providers with the most failed reservations made in it.
 */
export async function computeReport(ctx: Ctx, { from, to }: { from: Date; to: Date }): Promise<ReportBody> {
  const tenant = ctx.principal.tenant;
  const closed: Item[] = (
    await ctx.db
      .select({ airport: reviewItems.airport, category: reviewItems.category, createdAt: reviewItems.createdAt, resolvedAt: reviewItems.resolvedAt, accepted: reviewItems.acceptedRecommendation })
      .from(reviewItems)
      .innerJoin(cases, eq(cases.urn, reviewItems.caseUrn))
      .where(and(eq(reviewItems.tenant, tenant), eq(cases.mode, "LIVE"), gte(reviewItems.resolvedAt, from), lt(reviewItems.resolvedAt, to)))
  ).map((r) => ({ airport: r.airport ?? "—", category: r.category, createdAt: r.createdAt, resolvedAt: r.resolvedAt!, accepted: r.accepted !== null, acceptedAgent: (r.accepted as { source?: string } | null)?.source === "agent" }));

  const breaches = await ctx.db
    .select({ airport: auditEntries.airport, n: sql<number>`count(*)`.mapWith(Number) })
    .from(auditEntries)
    .where(and(eq(auditEntries.tenant, tenant), eq(auditEntries.action, "sla-breach"), gte(auditEntries.at, from), lt(auditEntries.at, to)))
    .groupBy(auditEntries.airport);

  const caseFacts = await facts(ctx, from, to);

  const airports = [...new Set([...closed.map((i) => i.airport), ...breaches.map((b) => b.airport ?? "—"), ...caseFacts.map((c) => c.airport)])].sort();
  const figures = (airport: string | null): AirportFigures => {
    const items = closed.filter((i) => airport === null || i.airport === airport);
    const cs = caseFacts.filter((c) => airport === null || c.airport === airport);
    const byCategory: Record<string, number> = {};
    for (const i of items) byCategory[i.category] = (byCategory[i.category] ?? 0) + 1;
    const toResolve = items.map((i) => minutesBetween(i.createdAt, i.resolvedAt));
    const pax = cs.reduce((s, c) => s + c.passengers, 0);
    return {
      airport: airport ?? "ALL",
      closedItems: items.length,
      byCategory,
      meanMinutesToResolve: mean(toResolve),
      p90MinutesToResolve: p90(toResolve),
      acceptedRecommendationShare: share(items.filter((i) => i.accepted).length, items.length),
      agentRecommendationShare: share(items.filter((i) => i.acceptedAgent).length, items.length),
      slaBreaches: breaches.filter((b) => airport === null || (b.airport ?? "—") === airport).reduce((s, b) => s + b.n, 0),
      cases: cs.length,
      meanMinutesToFirstVoucher: mean(cs.flatMap((c) => (c.firstVoucher === null ? [] : [c.firstVoucher]))),
      meanMinutesToLastGroupHoused: mean(cs.flatMap((c) => (c.lastGroupHoused === null ? [] : [c.lastGroupHoused]))),
      passengers: pax,
      passengersHoused: cs.reduce((s, c) => s + c.housed, 0),
      housedWithin30MinShare: share(cs.reduce((s, c) => s + c.housedWithin30, 0), pax),
    };
  };

  return {
    airports: [figures(null), ...airports.map(figures)],
    topFailingPolicies: await failingPolicies(ctx, from, to),
    topFailingProviders: await failingProviders(ctx, from, to),
  };
}

/** Per live case opened in the week: first voucher, last group housed, passengers housed (within 30 minutes). */
async function facts(ctx: Ctx, from: Date, to: Date): Promise<CaseFacts[]> {
  const opened = await ctx.db
    .select({ urn: cases.urn, airport: cases.airport, createdAt: cases.createdAt })
    .from(cases)
    .where(and(eq(cases.tenant, ctx.principal.tenant), eq(cases.mode, "LIVE"), gte(cases.createdAt, from), lt(cases.createdAt, to)));
  if (opened.length === 0) return [];
  const urns = opened.map((c) => c.urn);
  const groups = await ctx.db
    .select({ caseUrn: passengers.caseUrn, groupId: passengers.groupId, n: sql<number>`count(*)`.mapWith(Number) })
    .from(passengers)
    .where(inArray(passengers.caseUrn, urns))
    .groupBy(passengers.caseUrn, passengers.groupId);
  const housed = await ctx.db
    .select({ urn: reservations.urn, caseUrn: reservations.caseUrn, groupId: reservations.groupId, createdAt: reservations.createdAt })
    .from(reservations)
    .where(and(inArray(reservations.caseUrn, urns), inArray(reservations.status, [...HOUSED])));
  const firstVouchers = await ctx.db
    .select({ caseUrn: reservations.caseUrn, at: sql<Date>`min(${vouchers.createdAt})`.mapWith((v) => new Date(v)) })
    .from(vouchers)
    .innerJoin(reservations, eq(reservations.urn, vouchers.reservationUrn))
    .where(inArray(reservations.caseUrn, urns))
    .groupBy(reservations.caseUrn);

  return opened.map((c) => {
    const caseGroups = groups.filter((g) => g.caseUrn === c.urn);
    // a group is housed when it has a reservation; the first one made counts
    const housedAt = new Map<string, Date>();
    for (const r of housed.filter((r) => r.caseUrn === c.urn)) {
      const seen = housedAt.get(r.groupId);
      if (!seen || r.createdAt < seen) housedAt.set(r.groupId, r.createdAt);
    }
    const allHoused = caseGroups.length > 0 && caseGroups.every((g) => housedAt.has(g.groupId));
    const voucher = firstVouchers.find((v) => v.caseUrn === c.urn)?.at ?? null;
    return {
      airport: c.airport,
      firstVoucher: voucher ? minutesBetween(c.createdAt, voucher) : null,
      lastGroupHoused: allHoused ? Math.max(...[...housedAt.values()].map((at) => minutesBetween(c.createdAt, at))) : null,
      passengers: caseGroups.reduce((s, g) => s + g.n, 0),
      housed: caseGroups.filter((g) => housedAt.has(g.groupId)).reduce((s, g) => s + g.n, 0),
      housedWithin30: caseGroups.filter((g) => housedAt.has(g.groupId) && minutesBetween(c.createdAt, housedAt.get(g.groupId)!) <= 30).reduce((s, g) => s + g.n, 0),
    };
  });
}

/** Policies of the waves behind the most review items opened in the week (an item's wave names its policies per tier), top 5. */
async function failingPolicies(ctx: Ctx, from: Date, to: Date) {
  const rows = await ctx.db
    .select({ policies: allocationWaves.policies })
    .from(reviewItems)
    .innerJoin(allocationWaves, eq(allocationWaves.urn, reviewItems.waveUrn))
    .innerJoin(cases, eq(cases.urn, reviewItems.caseUrn))
    .where(and(eq(reviewItems.tenant, ctx.principal.tenant), eq(cases.mode, "LIVE"), gte(reviewItems.createdAt, from), lt(reviewItems.createdAt, to)));
  const counts = new Map<string, number>();
  for (const r of rows) {
    const urns = new Set(((r.policies ?? []) as { policyUrn?: string | null }[]).flatMap((p) => (p.policyUrn ? [p.policyUrn] : [])));
    for (const u of urns) counts.set(u, (counts.get(u) ?? 0) + 1);
  }
  return [...counts]
    .map(([policyUrn, items]) => ({ policyUrn, items }))
    .sort((a, b) => b.items - a.items || a.policyUrn.localeCompare(b.policyUrn))
    .slice(0, 5);
}

/** Providers with the most FAILED reservations made in the week, top 5. */
async function failingProviders(ctx: Ctx, from: Date, to: Date) {
  const rows = await ctx.db
    .select({ provider: reservations.provider, n: sql<number>`count(*)`.mapWith(Number) })
    .from(reservations)
    .where(and(eq(reservations.tenant, ctx.principal.tenant), eq(reservations.status, "FAILED"), gte(reservations.createdAt, from), lt(reservations.createdAt, to)))
    .groupBy(reservations.provider);
  return rows
    .map((r) => ({ provider: r.provider, failedReservations: r.n }))
    .sort((a, b) => b.failedReservations - a.failedReservations || a.provider.localeCompare(b.provider))
    .slice(0, 5);
}

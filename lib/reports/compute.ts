import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { allocationWaves, auditEntries, cases, passengers, reservations, reviewItems, vouchers } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { type AirportBasis, emptyBasis } from "./figures";
import { addMealVouchers } from "./meal-vouchers";
import { addChoices, addReachWithinTen } from "./passenger-outcomes";
import { addWalks } from "./walks";

const HOUSED = ["CONFIRMED", "CHECKED_OUT"] as const;
const THIRTY_MINUTES_MS = 30 * 60_000;
/** items and breaches recorded without an airport are counted under this name */
const NO_AIRPORT = "—";

/**
 * The week's bases per airport for the caller's tenant (lib/reports/figures turns them into the
 * report's rows): review items resolved in [from, to) and live cases opened in it (drills and
 * shadows excluded), SLA breaches, the policies behind items opened in the week and the providers
 * of failed reservations made in it, the stays hotels walked in it.
 */
export async function computeBases(ctx: Ctx, { from, to }: { from: Date; to: Date }): Promise<AirportBasis[]> {
  const tenant = ctx.principal.tenant;
  const bases = new Map<string, AirportBasis>();
  const basis = (airport: string | null) => {
    const key = airport ?? NO_AIRPORT;
    if (!bases.has(key)) bases.set(key, emptyBasis(key));
    return bases.get(key)!;
  };
  const bump = (m: Record<string, number>, k: string, n = 1) => {
    m[k] = (m[k] ?? 0) + n;
  };

  const closed = await ctx.db
    .select({ airport: reviewItems.airport, category: reviewItems.category, createdAt: reviewItems.createdAt, resolvedAt: reviewItems.resolvedAt, accepted: reviewItems.acceptedRecommendation })
    .from(reviewItems)
    .innerJoin(cases, eq(cases.urn, reviewItems.caseUrn))
    .where(and(eq(reviewItems.tenant, tenant), eq(cases.mode, "LIVE"), gte(reviewItems.resolvedAt, from), lt(reviewItems.resolvedAt, to)));
  for (const i of closed) {
    const b = basis(i.airport);
    b.resolveMs.push(i.resolvedAt!.getTime() - i.createdAt.getTime());
    bump(b.byCategory, i.category);
    if (i.accepted !== null) b.accepted++;
    if ((i.accepted as { source?: string } | null)?.source === "agent") b.acceptedAgent++;
  }

  const breaches = await ctx.db
    .select({ airport: auditEntries.airport, n: sql<number>`count(*)`.mapWith(Number) })
    .from(auditEntries)
    .where(and(eq(auditEntries.tenant, tenant), eq(auditEntries.action, "sla-breach"), gte(auditEntries.at, from), lt(auditEntries.at, to)))
    .groupBy(auditEntries.airport);
  for (const r of breaches) basis(r.airport).slaBreaches += r.n;

  await addCaseFacts(ctx, from, to, basis);
  await addFailingPolicies(ctx, from, to, basis);
  await addFailingProviders(ctx, from, to, basis);
  await addReachWithinTen(ctx, from, to, basis);
  await addChoices(ctx, from, to, basis);
  await addMealVouchers(ctx, from, to, basis);
  await addWalks(ctx, from, to, basis);
  return [...bases.values()];
}

/** Per live case opened in the week: first voucher, last group housed, passengers housed (within 30 minutes). */
async function addCaseFacts(ctx: Ctx, from: Date, to: Date, basis: (airport: string | null) => AirportBasis) {
  const opened = await ctx.db
    .select({ urn: cases.urn, airport: cases.airport, createdAt: cases.createdAt })
    .from(cases)
    .where(and(eq(cases.tenant, ctx.principal.tenant), eq(cases.mode, "LIVE"), gte(cases.createdAt, from), lt(cases.createdAt, to)));
  if (opened.length === 0) return;
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

  for (const c of opened) {
    const b = basis(c.airport);
    const since = (at: Date) => at.getTime() - c.createdAt.getTime();
    const caseGroups = groups.filter((g) => g.caseUrn === c.urn);
    // a group is housed when it has a reservation; the first one made counts
    const housedAt = new Map<string, Date>();
    for (const r of housed.filter((r) => r.caseUrn === c.urn)) {
      const seen = housedAt.get(r.groupId);
      if (!seen || r.createdAt < seen) housedAt.set(r.groupId, r.createdAt);
    }
    const voucher = firstVouchers.find((v) => v.caseUrn === c.urn)?.at ?? null;
    b.cases++;
    if (voucher) b.firstVoucherMs = { sum: b.firstVoucherMs.sum + since(voucher), n: b.firstVoucherMs.n + 1 };
    if (caseGroups.length > 0 && caseGroups.every((g) => housedAt.has(g.groupId))) {
      b.lastGroupHousedMs = { sum: b.lastGroupHousedMs.sum + Math.max(...[...housedAt.values()].map(since)), n: b.lastGroupHousedMs.n + 1 };
    }
    b.passengers += caseGroups.reduce((s, g) => s + g.n, 0);
    b.housed += caseGroups.filter((g) => housedAt.has(g.groupId)).reduce((s, g) => s + g.n, 0);
    b.housedWithin30 += caseGroups.filter((g) => housedAt.has(g.groupId) && since(housedAt.get(g.groupId)!) <= THIRTY_MINUTES_MS).reduce((s, g) => s + g.n, 0);
  }
}

/** Policies of the waves behind review items opened in the week (an item's wave names its policies per tier), per airport of the item. */
async function addFailingPolicies(ctx: Ctx, from: Date, to: Date, basis: (airport: string | null) => AirportBasis) {
  const rows = await ctx.db
    .select({ airport: reviewItems.airport, policies: allocationWaves.policies })
    .from(reviewItems)
    .innerJoin(allocationWaves, eq(allocationWaves.urn, reviewItems.waveUrn))
    .innerJoin(cases, eq(cases.urn, reviewItems.caseUrn))
    .where(and(eq(reviewItems.tenant, ctx.principal.tenant), eq(cases.mode, "LIVE"), gte(reviewItems.createdAt, from), lt(reviewItems.createdAt, to)));
  for (const r of rows) {
    const counts = basis(r.airport).failingPolicies;
    const urns = new Set(((r.policies ?? []) as { policyUrn?: string | null }[]).flatMap((p) => (p.policyUrn ? [p.policyUrn] : [])));
    for (const u of urns) counts[u] = (counts[u] ?? 0) + 1;
  }
}

/** FAILED reservations made in the week, per provider and airport of their case. */
async function addFailingProviders(ctx: Ctx, from: Date, to: Date, basis: (airport: string | null) => AirportBasis) {
  const rows = await ctx.db
    .select({ airport: cases.airport, provider: reservations.provider, n: sql<number>`count(*)`.mapWith(Number) })
    .from(reservations)
    .innerJoin(cases, eq(cases.urn, reservations.caseUrn))
    .where(and(eq(reservations.tenant, ctx.principal.tenant), eq(reservations.status, "FAILED"), gte(reservations.createdAt, from), lt(reservations.createdAt, to)))
    .groupBy(cases.airport, reservations.provider);
  for (const r of rows) {
    const counts = basis(r.airport).failingProviders;
    counts[r.provider] = (counts[r.provider] ?? 0) + r.n;
  }
}

import { and, desc, eq, lt } from "drizzle-orm";
import type { z } from "zod";
import { reports, type ReportRow } from "@/db/schema";
import { parseJson } from "@/db/schema/json";
import { decodeCursor, paginate } from "@/lib/http/cursor";
import type { Principal } from "@/lib/auth/principal";
import { requireEveryAirport, requirePermission } from "@/lib/auth/require";
import { airportFilter } from "@/lib/auth/scope";
import { type Ctx, transaction } from "@/lib/context";
import { notFound } from "@/lib/errors";
import { newUrn } from "@/lib/ids";
import { loadSettings } from "@/lib/tenants/load-settings";
import { parseInput, shapeRecord } from "@/lib/validation";
import { computeCareCompliance, careSection } from "./care-compliance";
import { computeBases } from "./compute";
import { computeWorstHotels, worstSection } from "./worst-hotels";
import { bodyOf, StoredReportBody } from "./figures";
import { weekBefore, weekContaining } from "./period";
import { GenerateReportInput, Report, type ReportBody, ReportListQuery, ReportRef } from "./schemas";

/**
 * A report as this reader may see it. A principal of every airport sees the tenant's figures as
 * computed. One limited to some airports sees only their rows; its ALL row and its failing
 * policies and providers are rebuilt from the kept bases of those airports alone, so no figure of
 * another airport reaches it, not even inside a total. A report kept before bases were (none to
 * rebuild from) shows such a reader its airports' rows only.
 */
function toReport(r: ReportRow, reader: Principal): Report {
  const stored = parseJson(StoredReportBody, r.body, `reports.body of ${r.urn}`);
  const airports = airportFilter(reader);
  let body: ReportBody = { airports: stored.airports, topFailingPolicies: stored.topFailingPolicies, topFailingProviders: stored.topFailingProviders, walks: stored.walks };
  if (airports) {
    body = stored.basis
      ? bodyOf(stored.basis.filter((b) => airports.includes(b.airport)))
      : { airports: stored.airports.filter((a) => airports.includes(a.airport)), topFailingPolicies: [], topFailingProviders: [], walks: [] };
  }
  return {
    urn: r.urn,
    periodStart: r.periodStart.toISOString(),
    periodEnd: r.periodEnd.toISOString(),
    timeZone: r.timeZone,
    generatedBy: r.generatedBy,
    generatedAt: r.updatedAt.toISOString(),
    ...body,
    careCompliance: careSection(stored.care ?? [], airports),
    worstHotels: worstSection(stored.worst ?? [], airports),
  };
}

/**
 * POST /reports (OPS_SUPERVISOR, ADMIN) and the Monday cron: computes the week's report in the
 * tenant's time zone (settings.timeZone, UTC by default) and keeps it; the same week again
 * replaces the figures of that week's report (one report per tenant and week). `now` is the cron tick's time.
 * The report is the whole tenant's, so computing it needs a principal of every airport (403 OUT_OF_SCOPE).
 */
export async function generateReport({ ctx, input, now = new Date() }: { ctx: Ctx; input: z.input<typeof GenerateReportInput>; now?: Date }): Promise<Report> {
  requirePermission(ctx, "reports:write", "generate reports");
  requireEveryAirport(ctx, "compute the tenant's weekly report");
  const { weekOf } = parseInput(GenerateReportInput, input);
  const timeZone = (await loadSettings(ctx)).timeZone ?? "UTC";
  const { from, to } = weekOf ? weekContaining(new Date(`${weekOf}T12:00:00Z`), timeZone) : weekBefore(now, timeZone);
  const bases = await computeBases(ctx, { from, to });
  const { rows: care } = await computeCareCompliance(ctx, { from, to, airports: null });
  const worst = await computeWorstHotels(ctx, to);
  const body: StoredReportBody = { ...bodyOf(bases), basis: bases, care, worst };
  return transaction(ctx, async (tx) => {
    const [row] = await tx.db
      .insert(reports)
      .values({ urn: newUrn("report"), tenant: tx.principal.tenant, periodStart: from, periodEnd: to, timeZone, body, generatedBy: tx.principal.sub })
      .onConflictDoUpdate({ target: [reports.tenant, reports.periodStart], set: { body, periodEnd: to, timeZone, generatedBy: tx.principal.sub, updatedAt: new Date() } })
      .returning();
    return shapeRecord(Report, toReport(row, tx.principal));
  });
}

/** GET /reports: the tenant's reports, newest week first (summaries). */
export async function listReports({ ctx, input }: { ctx: Ctx; input: z.input<typeof ReportListQuery> }) {
  requirePermission(ctx, "read", "read reports");
  const q = parseInput(ReportListQuery, input);
  const after = decodeCursor(q.cursor, ["time"]);
  const where = [eq(reports.tenant, ctx.principal.tenant)];
  if (after) where.push(lt(reports.periodStart, new Date(after[0] as string)));
  const rows = await ctx.db.select().from(reports).where(and(...where)).orderBy(desc(reports.periodStart)).limit(q.limit + 1);
  const page = paginate(rows, q.limit, (r) => [r.periodStart.toISOString()]);
  return {
    items: page.items.map((r) => ({ urn: r.urn, periodStart: r.periodStart.toISOString(), periodEnd: r.periodEnd.toISOString(), timeZone: r.timeZone, generatedBy: r.generatedBy, generatedAt: r.updatedAt.toISOString() })),
    nextCursor: page.nextCursor,
  };
}

/** GET /reports/{reportUrn}: one report with the figures of the caller's airports (see toReport); another tenant's is a 404. */
export async function getReport({ ctx, input }: { ctx: Ctx; input: z.input<typeof ReportRef> }): Promise<Report> {
  requirePermission(ctx, "read", "read reports");
  const { reportUrn } = parseInput(ReportRef, input);
  const [row] = await ctx.db.select().from(reports).where(and(eq(reports.urn, reportUrn), eq(reports.tenant, ctx.principal.tenant)));
  if (!row) throw notFound(`Report ${reportUrn}`);
  return toReport(row, ctx.principal);
}

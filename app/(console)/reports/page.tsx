import { BarChart3 } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState } from "@/components/console/empty-state";
import { Forbidden } from "@/components/console/forbidden";
import { PageHeader } from "@/components/console/page-header";
import { GenerateReportButton } from "@/components/reports/generate-report-button";
import { LiveCareCompliance } from "@/components/reports/live-care-compliance";
import { ReportView } from "@/components/reports/report-view";
import { hasPermission } from "@/lib/auth/roles";
import { airportFilter } from "@/lib/auth/scope";
import { sessionCtx } from "@/lib/console/session-ctx";
import { policyNames } from "@/lib/policies/names";
import { getReport, listReports, WEEK_SO_FAR, weekSoFar } from "@/lib/reports";
import { boardAirports } from "@/lib/board";
import { airportTimeZone } from "@/lib/cases/airports";
import { cn } from "@/lib/utils";
import { generateReportAction } from "./actions";

export const metadata: Metadata = { title: "Reports" };

const day = (iso: string) => iso.slice(0, 10);

export default async function ReportsPage({ searchParams }: { searchParams: Promise<{ report?: string }> }) {
  const ctx = await sessionCtx();
  if (!hasPermission(ctx.principal.roles, "read")) return <Forbidden what="Reports" roles="ADMIN, OPS_SUPERVISOR, AIRPORT_OPERATOR" />;
  const { report: wanted } = await searchParams;
  const { items } = await listReports({ ctx, input: { limit: 52 } });
  // the week so far is computed on the read (a duty manager at night wants tonight's figures); kept weeks are read
  const live = wanted === WEEK_SO_FAR;
  const chosen = live ? null : (items.find((r) => r.urn === wanted) ?? items[0]);
  const report = live ? await weekSoFar({ ctx }) : chosen ? await getReport({ ctx, input: { reportUrn: chosen.urn } }) : null;
  // times read in the report's zone, or, when the tenant keeps reports in UTC, in the reader's (first) airport's
  const [firstAirport] = report && report.timeZone === "UTC" ? await boardAirports({ ctx }) : [];
  const zone = report && report.timeZone !== "UTC" ? report.timeZone : firstAirport ? await airportTimeZone(ctx, firstAirport) : "UTC";
  const policies = await policyNames({ ctx, input: { urns: report?.topFailingPolicies.map((p) => p.policyUrn) ?? [] } });
  // computing replaces the tenant's figures for the week: a principal of every airport only
  const canGenerate = hasPermission(ctx.principal.roles, "reports:write") && airportFilter(ctx.principal) === null;
  return (
    <>
      <PageHeader
        title="Reports"
        description="Weekly operations reports, computed every Monday at 06:00 in the tenant's time zone: review items closed in the week and how fast passengers got rooms. Drills are left out."
        actions={canGenerate ? <GenerateReportButton generate={generateReportAction} /> : undefined}
      />
      <div className="mb-4">
        <LiveCareCompliance ctx={ctx} />
      </div>
      <div className="grid gap-4 lg:grid-cols-[12rem_1fr]">
        <nav aria-label="Weeks" className="flex flex-col gap-1 text-sm" data-testid="report-weeks">
          <Link
            href={`/reports?report=${WEEK_SO_FAR}`}
            aria-current={live ? "page" : undefined}
            className={cn("rounded px-2 py-1 hover:bg-muted", live && "bg-muted font-medium")}
            data-testid="report-week-so-far"
          >
            This week so far
          </Link>
          {items.map((r) => (
            <Link
              key={r.urn}
              href={`/reports?report=${encodeURIComponent(r.urn)}`}
              aria-current={r.urn === report?.urn ? "page" : undefined}
              className={cn("rounded px-2 py-1 hover:bg-muted", r.urn === report?.urn && "bg-muted font-medium")}
            >
              Week of {day(r.periodStart)}
            </Link>
          ))}
        </nav>
        {!report ? (
          <EmptyState icon={BarChart3} title="No report yet" testId="reports-empty">
            <p>
              The first report arrives next Monday at 06:00{canGenerate ? ", or compute last week's now" : ""}. <Link href={`/reports?report=${WEEK_SO_FAR}`} className="text-primary underline">This week so far</Link> is computed when you open it.
            </p>
          </EmptyState>
        ) : (
          <ReportView report={report} policies={policies} zone={zone} live={live} csvHref={live ? undefined : `/reports/${encodeURIComponent(report.urn)}/csv`} />
        )}
      </div>
    </>
  );
}

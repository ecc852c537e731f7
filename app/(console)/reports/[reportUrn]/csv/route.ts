// GET /reports/{reportUrn}/csv – the console's CSV download of a weekly report (signed-in session)
import { sessionCtx } from "@/lib/console/session-ctx";
import { DomainError } from "@/lib/errors";
import { decodeSegment, isUrn } from "@/lib/ids";
import { policyNames } from "@/lib/policies/names";
import { getReport, reportCsv } from "@/lib/reports";

export async function GET(_req: Request, { params }: { params: Promise<{ reportUrn: string }> }) {
  const reportUrn = decodeSegment((await params).reportUrn);
  if (!isUrn(reportUrn, "report")) return new Response("Not found", { status: 404 });
  try {
    const ctx = await sessionCtx();
    const report = await getReport({ ctx, input: { reportUrn } });
    const policies = await policyNames({ ctx, input: { urns: report.topFailingPolicies.map((p) => p.policyUrn) } });
    return new Response(reportCsv(report, policies), {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="operations-report-${report.periodStart.slice(0, 10)}.csv"`,
      },
    });
  } catch (err) {
    if (err instanceof DomainError) return new Response(err.message, { status: err.status });
    throw err;
  }
}

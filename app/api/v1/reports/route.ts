// POST /api/v1/reports – compute a weekly report now; GET – list reports
import { handle } from "@/lib/api/handler";
import { created } from "@/lib/api/reply";
import { generateReportRoute, listReportsRoute } from "@/lib/api/routes/reports";
import { generateReport, listReports } from "@/lib/reports";

export const POST = handle(generateReportRoute, async ({ ctx, body }) => {
  const report = await generateReport({ ctx, input: body ?? {} });
  return created(report, `/api/v1/reports/${report.urn}`);
});

export const GET = handle(listReportsRoute, ({ ctx, query }) => listReports({ ctx, input: query }));

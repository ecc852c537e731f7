// GET /api/v1/reports/care-compliance – right-to-care compliance per regime, airport and kind (JSON or CSV)
import { handle } from "@/lib/api/handler";
import { careComplianceRoute } from "@/lib/api/routes/reports";
import { careCompliance } from "@/lib/reports/care-compliance";
import { careComplianceCsv } from "@/lib/reports/care-compliance-csv";

export const GET = handle(careComplianceRoute, async ({ ctx, query }) => {
  const report = await careCompliance({ ctx, input: query });
  if (query.format !== "csv") return report;
  const name = `care-compliance-${report.from.slice(0, 10)}-${report.to.slice(0, 10)}${report.airport ? `-${report.airport}` : ""}.csv`;
  return new Response(careComplianceCsv(report), { headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${name}"` } });
});

// GET /reports/care-compliance.csv?from&to[&airport] – the console's CSV download of the right-to-care compliance report (signed-in session)
import { sessionCtx } from "@/lib/console/session-ctx";
import { DomainError } from "@/lib/errors";
import { careCompliance } from "@/lib/reports/care-compliance";
import { careComplianceCsv } from "@/lib/reports/care-compliance-csv";

export async function GET(req: Request) {
  const q = new URL(req.url).searchParams;
  try {
    const ctx = await sessionCtx();
    const report = await careCompliance({ ctx, input: { from: q.get("from") ?? "", to: q.get("to") ?? "", ...(q.get("airport") ? { airport: q.get("airport")! } : {}) } });
    return new Response(careComplianceCsv(report), {
      headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="care-compliance-${report.from.slice(0, 10)}.csv"` },
    });
  } catch (err) {
    if (err instanceof DomainError) return new Response(err.message, { status: err.status });
    throw err;
  }
}

import type { Ctx } from "@/lib/context";
import { careCompliance, careSection } from "@/lib/reports/care-compliance";
import { CareComplianceTable } from "./care-compliance-table";

const DAY_MS = 86_400_000;

/**
 * The right to care of the last seven days, computed on the page: the weekly report keeps last
 * week's, and the night shift wants to know about tonight's cases before Monday.
 */
export async function LiveCareCompliance({ ctx }: { ctx: Ctx }) {
  const to = new Date();
  const from = new Date(to.getTime() - 7 * DAY_MS);
  const report = await careCompliance({ ctx, input: { from: from.toISOString(), to: to.toISOString() } });
  const rows = careSection(report.rows, null);
  if (rows.length === 0) return null;
  const csvHref = `/reports/care-compliance.csv?from=${encodeURIComponent(report.from)}&to=${encodeURIComponent(report.to)}`;
  return <CareComplianceTable rows={rows} csvHref={csvHref} title="Right to care, the last 7 days" />;
}

import { csvCell } from "@/lib/booking/bookings-csv";
import type { CareComplianceReport } from "./care-compliance-schemas";

const COLUMNS = ["regime", "airport", "kind", "owed", "provided", "late", "lateMinutesMedian", "lateMinutesMax", "notYetDue", "notProvided", "notProvidedReasons", "reasonDetails"] as const;
const COST_COLUMNS = ["airport", "currency", "hotel", "meals", "rides", "total", "passengersOwedCare", "perPassenger"] as const;

/**
 * The compliance report as CSV (RFC 4180 line ends): one line per regime × airport × kind, the
 * reasons as `REASON=n; …` in one cell and an example of the peer's error per reason as `REASON: text; …`
 * in the next; then, after a blank line, the cost per airport and currency.
 * Every cell goes through csvCell, which neutralises what a spreadsheet would run as a formula (a
 * detail carries the issuer's error text, which is not ours).
 */
export function careComplianceCsv(r: CareComplianceReport): string {
  const line = (cells: unknown[]) => cells.map(csvCell).join(",");
  const lines = [COLUMNS.join(",")];
  for (const row of r.rows) {
    const reasons = row.notProvidedReasons.map((x) => `${x.reason}=${x.passengers}`).join("; ");
    const details = row.notProvidedReasons.filter((x) => x.detail).map((x) => `${x.reason}: ${x.detail}`).join("; ");
    lines.push(line([row.regime, row.airport, row.kind, row.owed, row.provided, row.late, row.lateMinutesMedian, row.lateMinutesMax, row.notYetDue, row.notProvided, reasons, details]));
  }
  lines.push("", COST_COLUMNS.join(","), ...r.cost.map((c) => line(COST_COLUMNS.map((k) => c[k]))));
  return `${lines.join("\r\n")}\r\n`;
}

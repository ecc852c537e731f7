import Papa from "papaparse";
import { requirePermission } from "@/lib/auth/require";
import type { Ctx } from "@/lib/context";
import { invalid } from "@/lib/errors";
import { readSheet } from "./bulk/read-sheet";

/**
 * A manifest file chosen in the New case form (an .xlsx workbook or a .csv file) as the text the
 * form previews and opens. It is read by the bulk upload's own reader, so the console takes the
 * spreadsheets POST …/passengers:bulk takes, with the same limits and refusals. Blank rows stay
 * blank lines, so a problem's row number is still the one the sheet shows: the reader refuses a
 * row numbered past its bound (2 × BULK_MAX_ROWS + 100), so the padding stays a few KB.
 */
export async function manifestOfFile({ ctx, input }: { ctx: Ctx; input: { file: unknown } }): Promise<{ manifest: string }> {
  requirePermission(ctx, "case:create", "open cases");
  if (!(input.file instanceof File)) throw invalid("Choose a file: an .xlsx workbook or a .csv file.", [{ path: "file", message: "required" }]);
  const sheet = await readSheet(input.file);
  const lines: string[][] = [sheet.header];
  for (const r of sheet.rows) {
    while (lines.length < r.row - 1) lines.push([]);
    lines.push(r.cells);
  }
  return { manifest: Papa.unparse(lines, { newline: "\n" }) };
}

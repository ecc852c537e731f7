import Papa from "papaparse";
import { config } from "@/lib/config";
import { invalid, tooLarge } from "@/lib/errors";
import { runTask, TaskTimedOut } from "@/lib/pool";
import type { SheetRow } from "@/lib/sheets/read-xlsx";
import { bulkMaxRows } from "./validate-rows";

/** A data row of an uploaded sheet: its row number as the sheet shows it (header = 1) and its cells. */
export type { SheetRow };
export type Sheet = { header: string[]; rows: SheetRow[] };

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

function kindOf(file: File, bytes: Uint8Array): "xlsx" | "csv" | null {
  const name = file.name.toLowerCase();
  if (name.endsWith(".xlsx")) return "xlsx";
  if (name.endsWith(".csv")) return "csv";
  const type = file.type.split(";")[0].trim().toLowerCase();
  if (type === XLSX_TYPE) return "xlsx";
  if (type === "text/csv" || type === "application/csv") return "csv";
  if (ZIP_MAGIC.every((b, i) => bytes[i] === b)) return "xlsx";
  // a nameless upload: plain text is read as CSV; anything binary is not a spreadsheet
  if (!name.includes(".") && !bytes.includes(0)) return "csv";
  return null;
}

const notASheet = (why: string) => invalid(`The file is not a readable spreadsheet: ${why}.`, [{ path: "file", message: why }]);

/**
 * Reads the first worksheet of an .xlsx or a .csv file into text cells. Blank rows are skipped
 * but keep the numbering, so a reported row number is the one the user sees in the sheet (for a
 * .csv, the record number: the line number unless a quoted cell spans lines). A workbook is read in
 * a worker thread (readXlsx below); a .csv here, bounded by its size and its record count.
 */
export async function readSheet(file: File): Promise<Sheet> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = kindOf(file, bytes);
  if (!kind) throw notASheet("send an .xlsx workbook or a .csv file");
  const table = kind === "xlsx" ? await readXlsx(bytes) : readCsv(bytes);
  const [first, ...body] = table;
  if (!first || first.row !== 1 || first.cells.every((c) => c === "")) throw notASheet("the first row must name the columns");
  const rows = body.filter((r) => r.cells.some((c) => c !== ""));
  return { header: first.cells, rows };
}

/** Decompressed bytes a workbook may hold (BULK_MAX_XLSX_BYTES, default 16 MiB: 5,000 rows need ~2 MiB). */
const maxInflatedBytes = () => config.BULK_MAX_XLSX_BYTES;

/**
 * Rows a file may hold (and the last row number a workbook may use) before it is refused unread:
 * the 5,000-row limit counts passenger rows after blank ones are dropped (validate-rows.ts); this
 * bound only keeps a hostile file from costing seconds of parsing before that check, so it leaves
 * room for a header and blank rows.
 */
const maxRawRows = () => 2 * bulkMaxRows() + 100;

/** Columns a workbook may use: a manifest has nine, an airline's export a few more; past this it is not a manifest. */
export const SHEET_MAX_COLUMNS = 64;

/** How long a workbook may take to read, queued behind other pool tasks or not, before it is refused. */
const READ_BUDGET_MS = 20_000;

const tooManyRows = () => tooLarge(`The file has more than ${bulkMaxRows()} passenger rows; at most ${bulkMaxRows()} are accepted per upload.`);

/**
 * In a worker thread of lib/pool, within a time budget: every part of the workbook is inflated
 * under a budget of bytes and every worksheet's reach (rows, columns, merged and validated ranges)
 * is measured on its XML before ExcelJS builds a single cell, so a 40 KB workbook naming column
 * XFD, row 5,000,000 or the merged range A1:XFD1048576 is refused (413) in milliseconds while
 * other requests keep being answered (docs/security.md, "Spreadsheets").
 */
async function readXlsx(bytes: Uint8Array): Promise<SheetRow[]> {
  if (!ZIP_MAGIC.every((b, i) => bytes[i] === b)) throw notASheet("it is not an .xlsx workbook");
  let out;
  try {
    out = await runTask(
      "sheets/read-xlsx",
      { bytes, bounds: { maxRows: maxRawRows(), maxColumns: SHEET_MAX_COLUMNS }, maxInflatedBytes: maxInflatedBytes() },
      { timeoutMs: READ_BUDGET_MS },
    );
  } catch (err) {
    if (!(err instanceof TaskTimedOut)) throw err;
    throw tooLarge(`The workbook took longer than ${READ_BUDGET_MS / 1000} s to read; send it as a .csv file, or in smaller parts.`);
  }
  if (out.ok) return out.rows;
  if (out.refusal === "rows") throw tooManyRows();
  if (out.refusal === "too-large") throw tooLarge(`The workbook is too large to be a passenger manifest: ${out.why}.`);
  throw notASheet(out.why.startsWith("the ") ? out.why : `the workbook could not be opened (${out.why})`);
}

function readCsv(bytes: Uint8Array): SheetRow[] {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw notASheet("a .csv file must be UTF-8 text");
  }
  if (text.includes("\u0000")) throw notASheet("a .csv file must be text");
  // stop parsing past the row bound: a 5 MiB file of 200,000 short lines would otherwise be read whole
  const preview = maxRawRows() + 1;
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: false, preview });
  if (parsed.data.length >= preview) throw tooManyRows();
  const broken = parsed.errors.find((e) => e.type === "Quotes");
  if (broken) throw notASheet(`unbalanced quotes near record ${(broken.row ?? 0) + 1}`);
  return parsed.data.map((cells, i) => ({ row: i + 1, cells: cells.map((c) => (c ?? "").trim()) }));
}

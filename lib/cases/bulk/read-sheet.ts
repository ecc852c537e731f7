import ExcelJS from "exceljs";
import Papa from "papaparse";
import { config } from "@/lib/config";
import { invalid, tooLarge } from "@/lib/errors";
import { bulkMaxRows } from "./validate-rows";
import { countRows, inflateZip, ZipRefused } from "./zip-guard";

/** A data row of an uploaded sheet: its row number as the sheet shows it (header = 1) and its cells. */
export type SheetRow = { row: number; cells: string[] };
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
 * .csv, the record number: the line number unless a quoted cell spans lines).
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
 * Rows a file may hold before it is refused unread: the 5,000-row limit counts passenger rows after
 * blank ones are dropped (validate-rows.ts); this bound only keeps a hostile file from costing
 * seconds of parsing before that check, so it leaves room for a header and blank rows.
 */
const maxRawRows = () => 2 * bulkMaxRows() + 100;

const tooManyRows = () => tooLarge(`The file has more than ${bulkMaxRows()} passenger rows; at most ${bulkMaxRows()} are accepted per upload.`);

/**
 * Before ExcelJS builds a single cell: every part of the workbook is inflated under a budget
 * (a 100 KB file can decompress to gigabytes) and the worksheets' rows are counted, so a
 * workbook too large to be a manifest is refused (413) in a few milliseconds of event-loop time.
 */
async function guardWorkbook(bytes: Uint8Array): Promise<void> {
  let entries;
  try {
    entries = await inflateZip(bytes, { maxTotalBytes: maxInflatedBytes(), maxEntries: 500 });
  } catch (err) {
    if (!(err instanceof ZipRefused)) throw err;
    if (err.reason === "too-large") throw tooLarge(`The workbook is too large to be a passenger manifest: ${err.message}.`);
    throw notASheet(`the workbook could not be opened (${err.message})`);
  }
  const rows = entries.filter((e) => /^xl\/worksheets\/[^/]+\.xml$/i.test(e.name)).reduce((n, e) => n + countRows(e.data), 0);
  if (rows > maxRawRows()) throw tooManyRows();
}

async function readXlsx(bytes: Uint8Array): Promise<SheetRow[]> {
  if (!ZIP_MAGIC.every((b, i) => bytes[i] === b)) throw notASheet("it is not an .xlsx workbook");
  await guardWorkbook(bytes);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  } catch {
    throw notASheet("the workbook could not be opened");
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw notASheet("the workbook has no worksheet");
  // only rows holding values: a stray cell far down the sheet does not make a million empty rows
  const table: SheetRow[] = [];
  try {
    sheet.eachRow({ includeEmpty: false }, (row, number) => {
      const cells: string[] = [];
      for (let c = 1; c <= row.cellCount; c++) cells.push(cellText(row.getCell(c)));
      table.push({ row: number, cells });
    });
  } catch {
    throw notASheet("the worksheet could not be read");
  }
  return table;
}

function cellText(cell: ExcelJS.Cell): string {
  try {
    return (cell.text ?? "").trim();
  } catch {
    return String(cell.value ?? "").trim();
  }
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

import ExcelJS from "exceljs";
import { overreach, type SheetBounds } from "./scan";
import { inflateZip, ZipRefused } from "./zip-guard";

/** A row of a sheet as the sheet shows it: its number (header = 1) and its cells' text. */
export type SheetRow = { row: number; cells: string[] };

export type ReadXlsxInput = { bytes: Uint8Array; bounds: SheetBounds; maxInflatedBytes: number };

/**
 * What the reader answers, never throws for a bad file: an error class does not survive the trip
 * back from a worker thread, so the caller turns a refusal into its own 413 or 422.
 * `too-large`: past a budget (bytes, rows, columns, ranges); `rows`: more rows than the bounds;
 * `unreadable`: not a workbook the reader can open.
 */
export type ReadXlsxOutput = { ok: true; rows: SheetRow[] } | { ok: false; refusal: "too-large" | "rows" | "unreadable"; why: string };

/**
 * The worker pool's spreadsheet task (lib/pool/tasks.ts): reads the first worksheet of an .xlsx
 * into text cells, off the request's event loop. Before ExcelJS builds a single cell, every part is
 * inflated under a budget of bytes (a 100 KB file can decompress to gigabytes) and every worksheet's
 * XML is scanned for its reach (lib/sheets/scan.ts), so what is loaded is at most
 * `maxRows × maxColumns` cells, in bounded memory; the caller's timeout stops the rest.
 */
export default async function readXlsx(input: ReadXlsxInput): Promise<ReadXlsxOutput> {
  const bytes = input.bytes;
  let entries;
  try {
    entries = await inflateZip(bytes, { maxTotalBytes: input.maxInflatedBytes, maxEntries: 500 });
  } catch (err) {
    if (!(err instanceof ZipRefused)) throw err;
    return { ok: false, refusal: err.reason === "too-large" ? "too-large" : "unreadable", why: err.message };
  }
  for (const e of entries.filter((e) => /^xl\/worksheets\/[^/]+\.xml$/i.test(e.name))) {
    const over = overreach(e.data, input.bounds);
    if (over) return { ok: false, refusal: over.kind === "rows" ? "rows" : "too-large", why: over.why };
  }
  entries = undefined; // the inflated parts are not needed past the scan: let them go before ExcelJS loads

  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  } catch {
    return { ok: false, refusal: "unreadable", why: "the workbook could not be opened" };
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { ok: false, refusal: "unreadable", why: "the workbook has no worksheet" };
  // only rows holding values: a stray cell far down the sheet does not make a million empty rows
  const rows: SheetRow[] = [];
  try {
    sheet.eachRow({ includeEmpty: false }, (row, number) => {
      const cells: string[] = [];
      // only the cells present, each at its column: a row's cellCount counts up to its last column
      row.eachCell({ includeEmpty: false }, (cell, col) => {
        if (col > input.bounds.maxColumns) return;
        while (cells.length < col - 1) cells.push("");
        cells[col - 1] = cellText(cell);
      });
      rows.push({ row: number, cells });
    });
  } catch {
    return { ok: false, refusal: "unreadable", why: "the worksheet could not be read" };
  }
  return { ok: true, rows };
}

function cellText(cell: ExcelJS.Cell): string {
  try {
    return (cell.text ?? "").trim();
  } catch {
    return String(cell.value ?? "").trim();
  }
}

import { type FieldError, invalid, tooLarge } from "@/lib/errors";
import { config } from "@/lib/config";
import { LOCALES } from "@/lib/i18n/locales";
import { hasVisibleChar, unprintableChar } from "@/lib/printable";
import { type BulkRowReport, Email, NewPassenger, Phone, Pnr } from "../schemas";
import type { Sheet } from "./read-sheet";

/** Contract part 5: 5,000 rows per bulk file, a setting. */
export const bulkMaxRows = () => config.BULK_MAX_ROWS;

export const COLUMNS = ["pnr", "passengerId", "firstName", "lastName", "tier", "email", "phone", "specialNeeds", "language"] as const;
type Column = (typeof COLUMNS)[number];
const REQUIRED: Column[] = ["pnr", "passengerId", "firstName", "lastName", "tier"];
const STRICT: Column[] = ["firstName", "lastName", "tier"];

export type BulkRow = { row: number; pnr: string; passenger: NewPassenger };

/** The rows grouped by PNR, in the order their PNR first appears: a manifest's passenger groups (a new case's, or an upload's). */
export function groupsOfRows(rows: readonly BulkRow[]): { pnr: string; passengers: NewPassenger[] }[] {
  const byPnr = new Map<string, NewPassenger[]>();
  for (const r of rows) (byPnr.get(r.pnr) ?? byPnr.set(r.pnr, []).get(r.pnr)!).push(r.passenger);
  return [...byPnr].map(([pnr, passengers]) => ({ pnr, passengers }));
}

/** "Passenger ID", "passenger_id" and "PASSENGERID" all name passengerId. */
const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");
/** "Premium economy" → PREMIUM_ECONOMY */
const constant = (s: string) => s.trim().toUpperCase().replace(/[\s-]+/g, "_");

function columnIndex(header: string[]): Map<Column, number> | FieldError[] {
  const squashed = header.map(squash);
  const index = new Map<Column, number>();
  for (const col of COLUMNS) {
    const at = squashed.indexOf(squash(col));
    if (at >= 0) index.set(col, at);
  }
  const missing = REQUIRED.filter((c) => !index.has(c));
  return missing.length ? missing.map((c) => ({ path: `columns.${c}`, message: `missing column ${c}` })) : index;
}

/**
 * Checks every row of an upload against the passenger schema and the case: a passenger id may
 * appear once in the file and not already be in the case. Any failure rejects the whole file
 * (422) with `errors` as `rows[<row>].<column>` and a per-row report in `rows`; nothing is written.
 */
export function validateRows(sheet: Sheet, existingIds: ReadonlySet<string>): BulkRow[] {
  if (sheet.rows.length > bulkMaxRows()) {
    throw tooLarge(`The file has ${sheet.rows.length} passenger rows; at most ${bulkMaxRows()} are accepted per upload.`);
  }
  const index = columnIndex(sheet.header);
  if (Array.isArray(index)) throw invalid("The file lacks required columns.", index, { rows: [] });
  if (sheet.rows.length === 0) throw invalid("The file has no passenger rows.", [{ path: "file", message: "no rows after the header" }], { rows: [] });

  const firstRowOf = new Map<string, number>();
  const out: BulkRow[] = [];
  const reports: BulkRowReport[] = [];
  for (const { row, cells } of sheet.rows) {
    const cell = (c: Column) => (index.has(c) ? (cells[index.get(c)!] ?? "") : "");
    const errors: { column: Column; message: string }[] = [];
    const pnr = Pnr.safeParse(cell("pnr"));
    if (!pnr.success) errors.push({ column: "pnr", message: cell("pnr") ? pnr.error.issues[0].message : "required" });
    // the schema lets the feed omit names and tier (DATA_INCOMPLETE); an upload must be complete
    // a cell of only zero-width characters is as blank as an empty one; an unprintable one is refused below
    for (const column of STRICT) if (!unprintableChar(cell(column)) && !hasVisibleChar(cell(column))) errors.push({ column, message: "required" });
    if (cell("email") && !Email.safeParse(cell("email")).success) errors.push({ column: "email", message: "not an email address" });
    if (cell("phone") && !Phone.safeParse(cell("phone")).success) errors.push({ column: "phone", message: "not a phone number" });
    const parsed = NewPassenger.safeParse({
      id: cell("passengerId"),
      firstName: cell("firstName"),
      lastName: cell("lastName"),
      tier: constant(cell("tier")),
      email: cell("email") || undefined,
      phone: cell("phone") || undefined,
      specialNeeds: cell("specialNeeds").split(/[;|,]/).map(constant).filter(Boolean),
      language: cell("language").trim().toLowerCase() || undefined,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const column = ({ id: "passengerId" } as Record<string, Column>)[String(issue.path[0])] ?? (String(issue.path[0]) as Column);
        if (column === "email" || column === "phone") continue; // reported above with the raw cell
        if (errors.some((e) => e.column === column)) continue;
        const blank = cell(column) === "";
        errors.push({ column, message: blank ? "required" : column === "tier" ? `unknown tier ${cell("tier")}` : column === "specialNeeds" ? `unknown special need in ${cell("specialNeeds")}` : column === "language" ? `unknown language ${cell("language")}: one of ${LOCALES.join(", ")}` : issue.message });
      }
    }
    const id = cell("passengerId");
    if (id && existingIds.has(id)) errors.push({ column: "passengerId", message: `passenger ${id} is already in the case` });
    else if (id && firstRowOf.has(id)) errors.push({ column: "passengerId", message: `passenger ${id} is also on row ${firstRowOf.get(id)}` });
    if (id && !firstRowOf.has(id)) firstRowOf.set(id, row);

    if (errors.length) reports.push({ row, pnr: cell("pnr") || null, passengerId: id || null, errors });
    else out.push({ row, pnr: pnr.data!, passenger: parsed.data! });
  }
  if (reports.length) {
    const errors = reports.flatMap((r) => r.errors.map((e) => ({ path: `rows[${r.row}].${e.column}`, message: e.message })));
    throw invalid(`${reports.length} of ${sheet.rows.length} rows are invalid; nothing was added.`, errors, {
      rows: reports,
      rowsRead: sheet.rows.length,
      rowsRejected: reports.length,
    });
  }
  return out;
}

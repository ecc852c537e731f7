/** How far a worksheet may reach before a single cell of it is built. */
export type SheetBounds = { maxRows: number; maxColumns: number };

/** Why a worksheet is refused unread: too many rows, or a row, column or range beyond the bounds (in words for the user). */
export type Overreach = { kind: "rows" | "reach"; why: string };

/** "A" → 1, "XFD" → 16384; letters beyond three are as far as a column can be. */
export function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/** "$B$7" → { column: 2, row: 7 }; "B" or "7" (a whole column or row) → the missing part is the sheet's edge. */
function cellOf(ref: string): { column: number; row: number } | null {
  const m = /^\$?([A-Za-z]{0,3})\$?(\d{0,7})$/.exec(ref.trim());
  if (!m || (!m[1] && !m[2])) return null;
  return { column: m[1] ? columnNumber(m[1]) : 16_384, row: m[2] ? Number(m[2]) : 1_048_576 };
}

/** The cells a range reference ("A1:XFD1048576", "A1", "C:C") covers, as its far corner and its area. */
function rangeOf(ref: string): { column: number; row: number; area: number } | null {
  const [a, b = a] = ref.split(":");
  const from = cellOf(a);
  const to = cellOf(b);
  if (!from || !to) return null;
  const column = Math.max(from.column, to.column);
  const row = Math.max(from.row, to.row);
  const area = (Math.abs(to.column - from.column) + 1) * (Math.abs(to.row - from.row) + 1);
  return { column, row, area };
}

const column = (n: number) => {
  let s = "";
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
};

// one pass over the tags that make ExcelJS build something per cell: rows and cells (their `r`),
// the sheet's stated extent, merged ranges and data-validation ranges (both expanded address by address)
const TAGS = /<(?:[A-Za-z_][\w.-]*:)?(row|c|dimension|mergeCell|dataValidation)(?=[\s/>])([^>]*)>/g;
const ATTR = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`);
const R = ATTR("r");
const REF = ATTR("ref");
const SQREF = ATTR("sqref");
const CELL = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/;

/**
 * Reads a worksheet's XML for its reach, without parsing it: the highest row and column any row,
 * cell, `<dimension>`, `<mergeCell>` or `<dataValidation>` names, the cells of each row (a cell
 * without `r` takes the next column, as a reader would place it), and the area the merged and
 * validated ranges cover. ExcelJS builds a cell for every column up to a row's last one and for
 * every address of a merged or validated range, so a 40 KB sheet naming column XFD or the range
 * A1:XFD1048576 costs gigabytes once loaded; measured here, it is refused in milliseconds.
 * Returns the first bound it oversteps, or null.
 */
export function overreach(xmlBytes: Buffer, bounds: SheetBounds): Overreach | null {
  const xml = xmlBytes.toString("latin1");
  const tooFar = (row: number, col: number, what: string): Overreach | null => {
    if (col > bounds.maxColumns) return { kind: "reach", why: `${what} reaches column ${column(col)}; a passenger manifest uses at most ${bounds.maxColumns} columns` };
    if (row > bounds.maxRows) return { kind: "reach", why: `${what} reaches row ${row}, past row ${bounds.maxRows}, the last a manifest's sheet may use` };
    return null;
  };
  const maxArea = bounds.maxRows * bounds.maxColumns;
  let rows = 0;
  let row = 0;
  let col = 0;
  let cells = 0;
  let area = 0;
  for (const [, tag, attrs] of xml.matchAll(TAGS)) {
    if (tag === "row") {
      const r = R.exec(attrs)?.[1];
      row = r ? Number(r) : row + 1;
      col = 0;
      cells = 0;
      if (++rows > bounds.maxRows) return { kind: "rows", why: `it holds more than ${bounds.maxRows} rows` };
      const far = tooFar(row, 1, `row ${row}`);
      if (far) return far;
    } else if (tag === "c") {
      const at = CELL.exec(R.exec(attrs)?.[1] ?? "");
      col = at ? columnNumber(at[1]) : col + 1;
      const far = tooFar(at ? Number(at[2]) : row, col, "a cell");
      if (far) return far;
      if (++cells > bounds.maxColumns) return { kind: "reach", why: `row ${row} holds more than ${bounds.maxColumns} cells` };
    } else {
      const refs = (tag === "dataValidation" ? SQREF : REF).exec(attrs)?.[1] ?? "";
      for (const ref of refs.split(/\s+/).filter(Boolean)) {
        const range = rangeOf(ref);
        if (!range) continue;
        const what = tag === "dimension" ? `the sheet's stated extent (${ref})` : tag === "mergeCell" ? `a merged range (${ref})` : `a validated range (${ref})`;
        const far = tooFar(range.row, range.column, what);
        if (far) return far;
        if (tag !== "dimension" && (area += range.area) > maxArea) return { kind: "reach", why: `its merged and validated ranges cover more than ${maxArea} cells` };
      }
    }
  }
  return null;
}

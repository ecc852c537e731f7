import { DomainError } from "@/lib/errors";
import { readSheet } from "./bulk/read-sheet";
import { type BulkRow, COLUMNS, groupsOfRows, validateRows } from "./bulk/validate-rows";
import type { BulkRowReport } from "./records";
import { roomsFor } from "./rooms";

/** What the preview says about one booking record (PNR) of the manifest. */
export type PreviewGroup = {
  pnr: string;
  passengers: number;
  names: string[];
  tiers: string[];
  rooms: number;
  needs: string[];
};
/** A row the upload would refuse, in words: "Row 4 (PNR AB12CD, passenger P3): tier GOLD is not a tier…". */
export type PreviewProblem = { row: number | null; text: string };
export type ManifestPreview = {
  rows: number;
  passengers: number;
  rooms: number;
  groups: PreviewGroup[];
  problems: PreviewProblem[];
};

const COLUMN_WORDS: Record<(typeof COLUMNS)[number], string> = {
  pnr: "booking reference (pnr)",
  passengerId: "passenger id (passengerId)",
  firstName: "first name (firstName)",
  lastName: "last name (lastName)",
  tier: "tier",
  email: "email",
  phone: "phone",
  specialNeeds: "special needs (specialNeeds)",
  language: "language",
};

const columnWords = (column: string) => COLUMN_WORDS[column as keyof typeof COLUMN_WORDS] ?? column;

/** "first name (firstName) is missing", "tier: unknown tier GOLD". */
function errorWords(e: { column: string; message: string }): string {
  return e.message === "required" ? `${columnWords(e.column)} is missing` : `${columnWords(e.column)}: ${e.message}`;
}

function rowWords(r: BulkRowReport): PreviewProblem {
  const who = [r.pnr && `PNR ${r.pnr}`, r.passengerId && `passenger ${r.passengerId}`].filter(Boolean).join(", ");
  return {
    row: r.row,
    text: `Row ${r.row}${who ? ` (${who})` : ""}: ${r.errors.map(errorWords).join("; ")}.`,
  };
}

/**
 * Reads a manifest typed, pasted or uploaded in the console with the bulk upload's own reader and
 * row checks (lib/cases/bulk), so the console accepts exactly what POST …/passengers:bulk accepts,
 * and answers what a case made from it would hold, or every row the upload would refuse, in words,
 * with its row number (the header is row 1). Nothing is written. `rows` is what a case may be
 * opened with: present only when there is no problem.
 */
export async function previewManifest(text: string): Promise<{ preview: ManifestPreview; rows: BulkRow[] | null }> {
  const empty = { rows: 0, passengers: 0, rooms: 0, groups: [] };
  if (!text.trim())
    return {
      preview: {
        ...empty,
        problems: [
          {
            row: null,
            text: "The manifest is empty: paste or type the passengers, one per line, under a header line.",
          },
        ],
      },
      rows: null,
    };
  let rows: BulkRow[];
  let read = 0;
  try {
    const sheet = await readSheet(new File([text], "manifest.csv", { type: "text/csv" }));
    read = sheet.rows.length;
    rows = validateRows(sheet, new Set());
  } catch (err) {
    if (!(err instanceof DomainError) || err.status >= 500) throw err;
    const reports = (err.extensions.rows as BulkRowReport[] | undefined) ?? [];
    const problems = reports.length
      ? reports.map(rowWords)
      : err.errors.length && err.errors.every((e) => e.path.startsWith("columns."))
        ? [
            {
              row: 1,
              text: `The header line (row 1) lacks ${err.errors.map((e) => columnWords(e.path.slice(8))).join(", ")}. It must name the columns: ${COLUMNS.join(", ")}.`,
            },
          ]
        : [{ row: null, text: err.message }];
    return { preview: { ...empty, rows: read, problems }, rows: null };
  }
  const groups = groupsOfRows(rows).map((g) => {
    const tiers: (string | null)[] = g.passengers.map((p) => p.tier ?? null);
    return {
      pnr: g.pnr,
      passengers: g.passengers.length,
      names: g.passengers.map((p) => [p.firstName, p.lastName].filter(Boolean).join(" ")),
      tiers: [...new Set(tiers.filter((t): t is string => t !== null))],
      rooms: roomsFor(tiers),
      needs: [...new Set(g.passengers.flatMap((p) => p.specialNeeds ?? []))],
    };
  });
  return {
    preview: {
      rows: read,
      passengers: rows.length,
      rooms: groups.reduce((n, g) => n + g.rooms, 0),
      groups,
      problems: [],
    },
    rows,
  };
}

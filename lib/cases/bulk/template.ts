import ExcelJS from "exceljs";
import { SPECIAL_NEEDS, TIERS } from "@/lib/vocabulary";
import { COLUMNS } from "./validate-rows";

/**
 * The passenger upload template, built from the same column list and vocabularies the upload
 * validates with, so it cannot drift from what the upload accepts. Two example rows show the
 * format: one PNR of two passengers, several special needs separated by ";".
 */
const EXAMPLE_ROWS: Record<(typeof COLUMNS)[number], string>[] = [
  { pnr: "X7K2QP", passengerId: "P001", firstName: "Amélie", lastName: "Martin", tier: "ECONOMY", email: "amelie.martin@example.com", phone: "+33 6 12 34 56 78", specialNeeds: "WHEELCHAIR;EARLY_CHECK_IN", language: "fr" },
  { pnr: "X7K2QP", passengerId: "P002", firstName: "Jean", lastName: "Martin", tier: "ECONOMY", email: "", phone: "", specialNeeds: "", language: "" },
];

/** What each column takes, for the template's notes and the upload dialog. */
export const ALLOWED_VALUES = { tier: TIERS, specialNeeds: SPECIAL_NEEDS } as const;

const csvCell = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

export function passengerTemplateCsv(): string {
  const lines = [COLUMNS.join(","), ...EXAMPLE_ROWS.map((r) => COLUMNS.map((c) => csvCell(r[c])).join(","))];
  return `${lines.join("\r\n")}\r\n`;
}

export async function passengerTemplateXlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Passengers");
  sheet.addRow([...COLUMNS]);
  for (const r of EXAMPLE_ROWS) sheet.addRow(COLUMNS.map((c) => r[c]));
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((col) => (col.width = 18));

  const allowed = workbook.addWorksheet("Allowed values");
  allowed.addRow(["tier", "specialNeeds (several: separate with ;)"]).font = { bold: true };
  const longest = Math.max(TIERS.length, SPECIAL_NEEDS.length);
  for (let i = 0; i < longest; i++) allowed.addRow([TIERS[i] ?? "", SPECIAL_NEEDS[i] ?? ""]);
  allowed.columns.forEach((col) => (col.width = 36));

  // the tier column offers its values as a drop-down in Excel and LibreOffice
  const tierColumn = COLUMNS.indexOf("tier") + 1;
  for (let row = 2; row <= 5001; row++) {
    sheet.getCell(row, tierColumn).dataValidation = {
      type: "list",
      allowBlank: false,
      formulae: [`'Allowed values'!$A$2:$A$${TIERS.length + 1}`],
      showErrorMessage: true,
      errorTitle: "Unknown tier",
      error: `One of ${TIERS.join(", ")}`,
    };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

import { describe, expect, it } from "vitest";
import { passengerTemplateCsv, passengerTemplateXlsx } from "@/lib/cases/bulk/template";
import { readSheet } from "@/lib/cases/bulk/read-sheet";
import { validateRows } from "@/lib/cases/bulk/validate-rows";

/** The template is only useful if the upload accepts it as it is: read and validate it with the upload's own code. */
describe("the passenger upload template", () => {
  it("as CSV passes the upload's validation", async () => {
    const sheet = await readSheet(new File([passengerTemplateCsv()], "passengers-template.csv", { type: "text/csv" }));
    const rows = validateRows(sheet, new Set());
    expect(rows.map((r) => [r.pnr, r.passenger.id, r.passenger.tier, r.passenger.specialNeeds])).toEqual([
      ["X7K2QP", "P001", "ECONOMY", ["WHEELCHAIR", "EARLY_CHECK_IN"]],
      ["X7K2QP", "P002", "ECONOMY", []],
    ]);
  });

  it("as XLSX passes the upload's validation", async () => {
    const xlsx = await passengerTemplateXlsx();
    const sheet = await readSheet(new File([new Uint8Array(xlsx)], "passengers-template.xlsx", { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }));
    expect(validateRows(sheet, new Set())).toHaveLength(2);
  });
});

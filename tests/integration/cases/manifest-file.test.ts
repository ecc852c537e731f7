import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { manifestOfFile } from "@/lib/cases/manifest-file";
import { previewNewCase } from "@/lib/cases/open-in-console";
import { ensureTenant } from "@/lib/tenants/ensure";
import { apiTestDatabase } from "../../helpers/api";
import { ctxFor, principal, uniqueTenant } from "../../helpers/factories";
import { sheetXml, workbook as zipOf } from "../security/zip-builder";

const database = apiTestDatabase({ airports: true });

async function supervisor() {
  const tenant = uniqueTenant();
  await ensureTenant(database.db, tenant);
  return ctxFor(database.db, principal({ tenant, roles: ["OPS_SUPERVISOR"], airports: ["*"] }));
}

/** A workbook as a spreadsheet program saves one: a header, passengers, a blank row, a bad tier. */
async function workbook(): Promise<File> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Manifest");
  ws.addRow(["pnr", "passengerId", "firstName", "lastName", "tier", "email"]);
  ws.addRow(["AB12CD", "P1", "Amélie", "Martin, née Roy", "Economy", "amelie@example.com"]);
  ws.addRow(["AB12CD", "P2", "Jean", "Martin", "ECONOMY", ""]);
  ws.addRow([]);
  ws.addRow(["XY98ZT", "P3", "Sam", "Lee", "GOLD", ""]);
  const bytes = await wb.xlsx.writeBuffer();
  return new File([bytes as ArrayBuffer], "manifest.xlsx", { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
}

describe("New case: a manifest loaded from a workbook", () => {
  it("reads an .xlsx as the bulk upload does; the preview numbers a problem's row as the sheet shows it", async () => {
    const ctx = await supervisor();
    const { manifest } = await manifestOfFile({ ctx, input: { file: await workbook() } });
    const preview = await previewNewCase({ ctx, input: { manifest } });
    // the bad tier of row 5 (row 4 is blank in the sheet) is named with its number
    expect(preview.problems).toEqual([expect.objectContaining({ row: 5, text: expect.stringContaining("Row 5 (PNR XY98ZT, passenger P3)") })]);

    // fixed in the text, the same manifest previews whole, the comma inside a name kept
    const fixed = await previewNewCase({ ctx, input: { manifest: manifest.replace("GOLD", "Business") } });
    expect(fixed.problems).toEqual([]);
    expect(fixed).toMatchObject({ rows: 3, passengers: 3 });
    expect(fixed.groups.map((g) => g.pnr).sort()).toEqual(["AB12CD", "XY98ZT"]);
    expect(manifest).toContain('"Martin, née Roy"');
  });

  it("refuses what is not a spreadsheet, and a role that may not open cases, with a 422 or a 403 and nothing read", async () => {
    const ctx = await supervisor();
    const notASheet = manifestOfFile({ ctx, input: { file: new File([new Uint8Array([0, 1, 2, 3])], "photo.png", { type: "image/png" }) } });
    await expect(notASheet).rejects.toMatchObject({ status: 422 });
    await expect(manifestOfFile({ ctx, input: { file: "not a file" } })).rejects.toMatchObject({ status: 422 });
    const operator = ctxFor(database.db, principal({ tenant: uniqueTenant(), roles: ["HOTEL"], airports: [] }));
    await expect(manifestOfFile({ ctx: operator, input: { file: await workbook() } })).rejects.toMatchObject({ status: 403 });
  });

  it("refuses a 1.6 KB workbook whose second row is numbered 5,000,000 (or reaching column XFD) in well under a second, padding nothing", async () => {
    const ctx = await supervisor();
    const header = sheetXml([["pnr", "passengerId", "firstName", "lastName", "tier"]]);
    const far = (cell: string) => header.replace("</sheetData>", `<row r="${cell.replace(/^[A-Z]+/, "")}"><c r="${cell}" t="inlineStr"><is><t>AB12CD</t></is></c></row></sheetData>`);
    for (const cell of ["A5000000", "XFD2"]) {
      const bytes = zipOf(far(cell));
      expect(bytes.byteLength).toBeLessThan(2048);
      const started = performance.now();
      const read = manifestOfFile({ ctx, input: { file: new File([new Uint8Array(bytes)], "manifest.xlsx") } });
      await expect(read).rejects.toMatchObject({ status: 413, message: expect.stringMatching(/row 5000000|column XFD/) });
      // refused within seconds (it took 3.1 s and answered 5 MB when rows were padded); the machine's speed varies twofold
      expect(performance.now() - started).toBeLessThan(5_000);
    }
  });
});

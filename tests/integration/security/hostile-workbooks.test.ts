import ExcelJS from "exceljs";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { passengers } from "@/db/schema";
import { POST as action } from "@/app/api/v1/cases/[caseUrn]/[action]/route";
import { runTask, TaskTimedOut } from "@/lib/pool";
import { inflateZip } from "@/lib/sheets/zip-guard";
import { apiTestDatabase, call } from "../../helpers/api";
import { casePayload, createCase, roleToken } from "../../helpers/cases";
import { uniqueTenant } from "../../helpers/factories";
import { bomb, entry, sheetXml, workbook } from "./zip-builder";

/** Worksheet XML of `rows` (a header and passengers) followed by raw XML: extra rows, merges, validations. */
function sheetWith(rows: string[][], { extraRows = "", afterData = "", dimension = "" } = {}): string {
  return sheetXml(rows)
    .replace("<sheetData>", `${dimension ? `<dimension ref="${dimension}"/>` : ""}<sheetData>`)
    .replace("</sheetData>", `${extraRows}</sheetData>${afterData}`);
}
const PASSENGER = ["AB12CD", "p1", "Ana", "Silva", "ECONOMY"];

const database = apiTestDatabase({ airports: true });
const HEADER = ["pnr", "passengerId", "firstName", "lastName", "tier", "email", "phone", "specialNeeds"];
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

function upload(caseUrn: string, token: string, bytes: Uint8Array, name = "manifest.xlsx") {
  const form = new FormData();
  form.set("file", new Blob([bytes as Uint8Array<ArrayBuffer>], { type: XLSX }), name);
  return call(action, `/cases/${caseUrn}/passengers:bulk`, { token, params: { caseUrn, action: "passengers:bulk" }, rawBody: form, method: "POST" });
}

const paxCount = async (caseUrn: string) => (await database.db.select().from(passengers).where(eq(passengers.caseUrn, caseUrn))).length;

/**
 * How long the event loop may be held while a hostile workbook is refused. The embedded database
 * answers on this thread too, so on a loaded machine its queries alone can hold it for most of a
 * second: the bound below (1.5 s) tells that from the freezes these workbooks caused (2.7 s to minutes).
 */
const HELD_AT_MOST_MS = 1_500;

/** The longest the event loop was held between two timer ticks while `fn` ran. */
async function longestBlock<T>(fn: () => Promise<T>): Promise<{ result: T; blockedMs: number }> {
  let last = performance.now();
  let worst = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
  }, 5);
  try {
    const result = await fn();
    worst = Math.max(worst, performance.now() - last);
    return { result, blockedMs: worst };
  } finally {
    clearInterval(timer);
  }
}

async function setup() {
  const token = await roleToken(uniqueTenant(), "ADMIN");
  const c = await createCase(token, casePayload());
  return { token, caseUrn: c.urn as string, before: await paxCount(c.urn) };
}

describe("hostile workbooks are refused before they cost memory or event-loop time", () => {
  it("a small .xlsx holding one 100 MiB cell: 413, nothing added, well under 100 MiB of heap", async () => {
    const { token, caseUrn, before } = await setup();
    const sheet = bomb("xl/worksheets/sheet1.xml", 100, {
      prefix: `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>`,
      fill: "A",
      suffix: `</t></is></c></row></sheetData></worksheet>`,
    });
    const file = workbook(sheet);
    expect(file.byteLength).toBeLessThan(200 * 1024);
    const heapBefore = process.memoryUsage().heapUsed;
    const { result: res, blockedMs } = await longestBlock(() => upload(caseUrn, token, file));
    expect([res.status, res.json.code]).toEqual([413, "TOO_LARGE"]);
    expect(res.json.detail).toMatch(/decompresses to more than/);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(60 * 1024 * 1024);
    expect(blockedMs).toBeLessThan(HELD_AT_MOST_MS);
    expect(await paxCount(caseUrn)).toBe(before);
  });

  it("a zip bomb (1 GiB of zeros behind a header claiming 1 KB) is refused at the budget, not inflated whole", async () => {
    const { token, caseUrn, before } = await setup();
    const file = workbook(sheetXml([HEADER]), bomb("xl/sharedStrings.xml", 1024));
    const { result: res, blockedMs } = await longestBlock(() => upload(caseUrn, token, file));
    expect([res.status, res.json.code]).toEqual([413, "TOO_LARGE"]);
    expect(blockedMs).toBeLessThan(HELD_AT_MOST_MS);
    expect(await paxCount(caseUrn)).toBe(before);
  });

  it("200,000 rows are refused by counting rows, before any cell is built: 413 in well under a second", async () => {
    const { token, caseUrn, before } = await setup();
    const rows = [HEADER, ...Array.from({ length: 200_000 }, (_, i) => [`P${i % 1000}`, `x${i}`, "F", "L", "ECONOMY"])];
    const file = workbook(sheetXml(rows));
    const started = performance.now();
    const { result: res, blockedMs } = await longestBlock(() => upload(caseUrn, token, file));
    expect([res.status, res.json.code]).toEqual([413, "TOO_LARGE"]);
    expect(res.json.detail).toMatch(/5000 passenger rows|decompresses to more than/);
    expect(blockedMs).toBeLessThan(HELD_AT_MOST_MS);
    // within seconds, not a minute: the pool's thread may be starting, on a machine whose speed varies twofold
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(await paxCount(caseUrn)).toBe(before);
  }, 30_000);

  it("20,000 short rows (small once inflated) are refused by the row count: 413 naming the limit", async () => {
    const { token, caseUrn, before } = await setup();
    const rows = [HEADER, ...Array.from({ length: 20_000 }, (_, i) => [`P${i % 1000}`, `x${i}`])];
    const file = workbook(sheetXml(rows));
    const { result: res, blockedMs } = await longestBlock(() => upload(caseUrn, token, file));
    expect([res.status, res.json.code]).toEqual([413, "TOO_LARGE"]);
    expect(res.json.detail).toMatch(/more than 5000 passenger rows/);
    expect(blockedMs).toBeLessThan(HELD_AT_MOST_MS);
    expect(await paxCount(caseUrn)).toBe(before);
  }, 30_000);

  it("a truncated or encrypted-looking zip is a 422 naming the file, never a 500", async () => {
    const { token, caseUrn, before } = await setup();
    const whole = workbook(sheetXml([HEADER, ["AB12CD", "p9", "Ana", "Silva", "ECONOMY"]]));
    for (const bytes of [whole.subarray(0, whole.byteLength - 30), whole.subarray(0, 200), Buffer.concat([whole.subarray(0, 40), Buffer.alloc(200, 0xff), whole.subarray(240)])]) {
      const res = await upload(caseUrn, token, bytes);
      expect(res.status).toBeLessThan(500);
      expect([413, 422]).toContain(res.status);
    }
    expect(await paxCount(caseUrn)).toBe(before);
  });

  it("an honest workbook (written by ExcelJS, and a hand-made one) still goes through", async () => {
    const { token, caseUrn, before } = await setup();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("Passengers");
    ws.addRow(HEADER);
    ws.addRow(["ZZ11AA", "hw-1", "Ana", "Silva", "ECONOMY"]);
    const real = Buffer.from(await wb.xlsx.writeBuffer());
    expect((await upload(caseUrn, token, real)).status).toBe(200);
    const handMade = workbook(sheetXml([HEADER, ["ZZ11AB", "hw-2", "Rui", "Silva", "BUSINESS"]]));
    const res = await upload(caseUrn, token, handMade);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await paxCount(caseUrn)).toBe(before + 2);
  });

  // each of these cost ExcelJS a cell per column or per address: 150 rows with a cell at XFD froze the
  // server 2.7 s (1,500 of them grew it to 4.5 GB), a merge over the whole sheet never ended
  const farReaching: [string, () => string, RegExp][] = [
    ["150 rows with one cell each at column XFD", () => sheetWith([HEADER, PASSENGER], { extraRows: Array.from({ length: 150 }, (_, i) => `<row r="${i + 3}"><c r="XFD${i + 3}" t="inlineStr"><is><t>x</t></is></c></row>`).join("") }), /column XFD/],
    ["a merged range over the whole sheet", () => sheetWith([HEADER, PASSENGER], { afterData: `<mergeCells count="1"><mergeCell ref="A1:XFD1048576"/></mergeCells>` }), /merged range \(A1:XFD1048576\)/],
    ["a data validation over the whole sheet", () => sheetWith([HEADER, PASSENGER], { afterData: `<dataValidations count="1"><dataValidation type="list" sqref="A1:XFD1048576"><formula1>"a"</formula1></dataValidation></dataValidations>` }), /validated range/],
    ["a second row numbered 5,000,000", () => sheetWith([HEADER], { extraRows: `<row r="5000000"><c r="A5000000" t="inlineStr"><is><t>AB12CD</t></is></c></row>` }), /row 5000000/],
    ["a stated extent of the whole sheet", () => sheetWith([HEADER, PASSENGER], { dimension: "A1:XFD1048576" }), /stated extent/],
    ["a row of 20,000 cells without positions", () => sheetWith([HEADER], { extraRows: `<row r="2">${"<c/>".repeat(20_000)}</row>` }), /column BM/],
  ];

  for (const [what, xml, detail] of farReaching) {
    it(`${what}: refused by its reach before a cell is built, 413 in well under a second, the event loop free`, async () => {
      const { token, caseUrn, before } = await setup();
      const file = workbook(xml());
      expect(file.byteLength).toBeLessThan(64 * 1024);
      const started = performance.now();
      const { result: res, blockedMs } = await longestBlock(() => upload(caseUrn, token, file));
      expect([res.status, res.json.code], JSON.stringify(res.json)).toEqual([413, "TOO_LARGE"]);
      expect(res.json.detail).toMatch(detail);
      // within seconds, not a minute: the pool's thread may be starting, on a machine whose speed varies twofold
    expect(performance.now() - started).toBeLessThan(10_000);
      expect(blockedMs).toBeLessThan(HELD_AT_MOST_MS);
      expect(await paxCount(caseUrn)).toBe(before);
    }, 15_000);
  }

  it("a workbook of 60 columns, a merged range and a column's validation inside the bounds still goes through", async () => {
    const { token, caseUrn, before } = await setup();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("Passengers");
    ws.addRow([...HEADER, ...Array.from({ length: 52 }, (_, i) => `extra${i}`)]);
    ws.addRow(["ZZ11AC", "hw-3", "Eva", "Lima", "ECONOMY"]);
    ws.mergeCells("M5:N6");
    for (let row = 2; row <= 5001; row++) ws.getCell(row, 5).dataValidation = { type: "list", allowBlank: true, formulae: ['"ECONOMY,BUSINESS"'] };
    const res = await upload(caseUrn, token, Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await paxCount(caseUrn)).toBe(before + 1);
  });

  it("a read that outlasts its time budget is given up and its worker thread stopped", async () => {
    await runTask("demo/count-primes", { below: 10 }); // a thread up, tsx loaded
    const started = performance.now();
    await expect(runTask("demo/count-primes", { below: 50_000_000 }, { timeoutMs: 200 })).rejects.toBeInstanceOf(TaskTimedOut);
    expect(performance.now() - started).toBeLessThan(2000);
    // the pool replaced the stopped thread and still answers
    expect(await runTask("demo/count-primes", { below: 100 })).toEqual({ below: 100, count: 25 });
  }, 30_000);

  it("inflateZip counts what entries really inflate to, whatever their headers claim", async () => {
    const bytes = workbook(sheetXml([HEADER]), entry("xl/sharedStrings.xml", "x".repeat(4096)));
    const entries = await inflateZip(bytes, { maxTotalBytes: 1 << 20, maxEntries: 10 });
    expect(entries.find((e) => e.name === "xl/sharedStrings.xml")!.data.byteLength).toBe(4096);
    await expect(inflateZip(workbook(sheetXml([HEADER]), bomb("xl/sharedStrings.xml", 3)), { maxTotalBytes: 2 << 20, maxEntries: 10 })).rejects.toMatchObject({ reason: "too-large" });
  });
});

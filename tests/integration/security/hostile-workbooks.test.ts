import ExcelJS from "exceljs";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { passengers } from "@/db/schema";
import { POST as action } from "@/app/api/v1/cases/[caseUrn]/[action]/route";
import { inflateZip } from "@/lib/cases/bulk/zip-guard";
import { apiTestDatabase, call } from "../../helpers/api";
import { casePayload, createCase, roleToken } from "../../helpers/cases";
import { uniqueTenant } from "../../helpers/factories";
import { bomb, entry, sheetXml, workbook } from "./zip-builder";

const database = apiTestDatabase({ airports: true });
const HEADER = ["pnr", "passengerId", "firstName", "lastName", "tier", "email", "phone", "specialNeeds"];
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

function upload(caseUrn: string, token: string, bytes: Uint8Array, name = "manifest.xlsx") {
  const form = new FormData();
  form.set("file", new Blob([bytes as Uint8Array<ArrayBuffer>], { type: XLSX }), name);
  return call(action, `/cases/${caseUrn}/passengers:bulk`, { token, params: { caseUrn, action: "passengers:bulk" }, rawBody: form, method: "POST" });
}

const paxCount = async (caseUrn: string) => (await database.db.select().from(passengers).where(eq(passengers.caseUrn, caseUrn))).length;

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
    expect(blockedMs).toBeLessThan(500);
    expect(await paxCount(caseUrn)).toBe(before);
  });

  it("a zip bomb (1 GiB of zeros behind a header claiming 1 KB) is refused at the budget, not inflated whole", async () => {
    const { token, caseUrn, before } = await setup();
    const file = workbook(sheetXml([HEADER]), bomb("xl/sharedStrings.xml", 1024));
    const { result: res, blockedMs } = await longestBlock(() => upload(caseUrn, token, file));
    expect([res.status, res.json.code]).toEqual([413, "TOO_LARGE"]);
    expect(blockedMs).toBeLessThan(500);
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
    expect(blockedMs).toBeLessThan(500);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(await paxCount(caseUrn)).toBe(before);
  }, 30_000);

  it("20,000 short rows (small once inflated) are refused by the row count: 413 naming the limit", async () => {
    const { token, caseUrn, before } = await setup();
    const rows = [HEADER, ...Array.from({ length: 20_000 }, (_, i) => [`P${i % 1000}`, `x${i}`])];
    const file = workbook(sheetXml(rows));
    const { result: res, blockedMs } = await longestBlock(() => upload(caseUrn, token, file));
    expect([res.status, res.json.code]).toEqual([413, "TOO_LARGE"]);
    expect(res.json.detail).toMatch(/more than 5000 passenger rows/);
    expect(blockedMs).toBeLessThan(500);
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

  it("inflateZip counts what entries really inflate to, whatever their headers claim", async () => {
    const bytes = workbook(sheetXml([HEADER]), entry("xl/sharedStrings.xml", "x".repeat(4096)));
    const entries = await inflateZip(bytes, { maxTotalBytes: 1 << 20, maxEntries: 10 });
    expect(entries.find((e) => e.name === "xl/sharedStrings.xml")!.data.byteLength).toBe(4096);
    await expect(inflateZip(workbook(sheetXml([HEADER]), bomb("xl/sharedStrings.xml", 3)), { maxTotalBytes: 2 << 20, maxEntries: 10 })).rejects.toMatchObject({ reason: "too-large" });
  });
});

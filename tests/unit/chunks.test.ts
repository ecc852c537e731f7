import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEntries, mealVouchers } from "@/db/schema";
import { chunks, insertChunks, MAX_BIND_PARAMETERS } from "@/lib/chunks";

describe("chunks", () => {
  it("slices in order, the last one shorter, and nothing for nothing", () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunks([], 3)).toEqual([]);
    expect(() => chunks([1], 0)).toThrow(RangeError);
  });

  it("gives each INSERT slice at most one statement's bind parameters, every column bound", () => {
    for (const table of [mealVouchers, auditEntries]) {
      const columns = Object.keys(getTableColumns(table)).length;
      const rows = Array.from({ length: 20_001 }, (_, i) => i);
      const slices = insertChunks(table, rows);
      expect(slices.flat()).toEqual(rows);
      expect(slices.length).toBeGreaterThan(1);
      for (const s of slices) expect(s.length * columns).toBeLessThanOrEqual(MAX_BIND_PARAMETERS);
    }
  });
});

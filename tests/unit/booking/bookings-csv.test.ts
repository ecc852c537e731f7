import { describe, expect, it } from "vitest";
import { bookingsCsv, csvCell } from "@/lib/booking/bookings-csv";
import { printAllView, printView } from "@/lib/vouchers/print-page";

describe("the bookings CSV", () => {
  it("neutralises a cell a spreadsheet would run as a formula, and quotes what it would split", () => {
    expect(csvCell("=HYPERLINK(\"http://evil\",\"x\")")).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell("+33 6 12")).toBe("'+33 6 12");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("Dupont, Amélie")).toBe(`"Dupont, Amélie"`);
    expect(csvCell("line\nbreak")).toBe(`"line\nbreak"`);
    expect(csvCell("O'Neil")).toBe("O'Neil");
    expect(csvCell(null)).toBe("");
    expect(csvCell(2)).toBe("2");
  });

  it("has a header and one line per guest", () => {
    const csv = bookingsCsv({
      caseUrn: "urn:x:case:1",
      flightNumber: "AF1234",
      airport: "CDG",
      timeZone: "Europe/Paris",
      lines: [
        {
          passengerId: "P-1",
          passengerName: "=cmd|' /C calc'!A0",
          groupId: "G1",
          pnr: "PNR1",
          hotel: "Hôtel du Terminal",
          rooms: 1,
          checkIn: "2026-11-21",
          checkOut: "2026-11-22",
          status: "CONFIRMED",
          confirmationCode: "HB-1",
          reservationUrn: "urn:x:reservation:1",
        },
      ],
    });
    expect(csv.split("\r\n")).toEqual([
      "passenger,passengerId,group,pnr,hotel,rooms,checkIn,checkOut,status,confirmationNumber,reservation",
      "'=cmd|' /C calc'!A0,P-1,G1,PNR1,Hôtel du Terminal,1,2026-11-21,2026-11-22,CONFIRMED,HB-1,urn:x:reservation:1",
      "",
    ]);
  });
});

describe("the print views", () => {
  const voucher = (code: string) => `<!DOCTYPE html><html lang="en"><head><title>Hotel voucher ${code}</title></head><body style="background:#fff"><div>${code}</div></body></html>`;

  it("names the console's icon, so the browser asks for no /favicon.ico", () => {
    const html = printView(voucher("A1"));
    expect(html).toContain(`<link rel="icon" href="/icon.svg" type="image/svg+xml"></head>`);
    expect(html).toContain("window.print()");
  });

  it("prints every voucher on its own page, each with its own body's styles", () => {
    const html = printAllView("Vouchers AF1234 <x>", [voucher("A1"), voucher("B2")]);
    expect(html.match(/<section class="voucher" style="background:#fff"><div>(A1|B2)<\/div><\/section>/g)).toHaveLength(2);
    expect(html).toContain("break-after:page");
    expect(html).toContain("<title>Vouchers AF1234 &lt;x&gt;</title>");
    expect(html).toContain(`rel="icon"`);
  });
});

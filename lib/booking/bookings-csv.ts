import type { CaseBookings } from "./case-bookings";

/**
 * One CSV cell. A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return
 * that hides one) as a formula: a passenger named `=HYPERLINK(…)` would be one. Such a cell gets
 * a leading apostrophe, which spreadsheets read as "this is text" (OWASP's CSV injection advice),
 * and a cell holding a quote, comma or line break is quoted.
 */
export function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const HEADER = ["passenger", "passengerId", "group", "pnr", "hotel", "rooms", "checkIn", "checkOut", "status", "confirmationNumber", "reservation"];

/** The case's bookings as CSV (RFC 4180 line ends): one line per guest of each reservation, dates in the airport's calendar. */
export function bookingsCsv(b: CaseBookings): string {
  const rows = b.lines.map((l) => [l.passengerName, l.passengerId, l.groupId, l.pnr, l.hotel, l.rooms, l.checkIn, l.checkOut, l.status, l.confirmationCode, l.reservationUrn]);
  return `${[HEADER, ...rows].map((r) => r.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

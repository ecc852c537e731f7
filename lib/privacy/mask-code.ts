/**
 * A voucher's code (a meal voucher's, a taxi voucher's code or link) as anyone but the passenger
 * sees it: every character but the last 4 hidden. The code is the passenger's money or ride; staff
 * need only enough of it to match what the passenger reads out.
 */
export function maskCode(code: string | null): string | null {
  if (!code) return null;
  return code.length <= 4 ? code : `${"•".repeat(Math.min(8, code.length - 4))}${code.slice(-4)}`;
}

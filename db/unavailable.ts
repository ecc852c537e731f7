/**
 * Whether an error means the database cannot be reached right now (restarting, failing over, the
 * network between), rather than a bug: what a client should retry. Drizzle wraps the driver's
 * error in `cause`, so the chain is walked.
 */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);
// SQLSTATE class 08 (connection exception) and 57P01–57P03 (admin/crash shutdown, cannot connect now)
const SQLSTATE = /^(08\w{3}|57P0[123])$/;
// node-postgres and pg-pool raise these as plain Errors without a code
const DRIVER_MESSAGES = [/^Connection terminated/, /not queryable/, /^timeout exceeded when trying to connect/];

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (NETWORK_CODES.has(code) || SQLSTATE.test(code))) return true;
    // a Unix socket's file absent: its server is not listening (yet)
    if (code === "ENOENT" && (e as { syscall?: unknown }).syscall === "connect") return true;
    if (typeof message === "string" && DRIVER_MESSAGES.some((m) => m.test(message))) return true;
  }
  return false;
}

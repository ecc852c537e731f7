/** A field-level problem, as listed in a problem+json `errors` array. */
export type FieldError = { path: string; message: string };

/** The mark every DomainError carries, shared by every copy of this module (Symbol.for is process-wide). */
const DOMAIN_ERROR = Symbol.for("das.DomainError");

/**
 * Every refusal a service can make. The API layer maps these to problem+json; anything that is
 * not a DomainError is a bug and answers a 500 without its message.
 *
 * `instanceof DomainError` recognises the mark, not the class: Next bundles this module once per
 * layer (pages, route handlers, server actions), while a process-wide object (the rate limiter
 * kept on globalThis) throws the errors of the copy that created it. A 429 made by a server
 * action's copy failed the page's `instanceof` and the passenger page answered 500, not "busy".
 */
export class DomainError extends Error {
  readonly [DOMAIN_ERROR] = true;

  static [Symbol.hasInstance](value: unknown): value is DomainError {
    // a subclass (TokenTtlError) keeps the ordinary prototype check
    if (this !== DomainError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[DOMAIN_ERROR] === true;
  }

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: FieldError[] = [],
    readonly headers: Record<string, string> = {},
    /** RFC 9457 extension members added to the problem body (e.g. a bulk upload's per-row report) */
    readonly extensions: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export const TITLES: Record<number, string> = {
  400: "Malformed request",
  401: "Unauthenticated",
  403: "Forbidden",
  404: "Not found",
  405: "Method not allowed",
  409: "Conflict",
  413: "Payload too large",
  415: "Unsupported media type",
  422: "Unprocessable content",
  429: "Too many requests",
  500: "Internal error",
  503: "Service unavailable",
};

export const malformed = (detail: string) => new DomainError(400, "MALFORMED_BODY", detail);
export const unauthenticated = (detail = "A valid bearer token or console session is required.") =>
  new DomainError(401, "UNAUTHENTICATED", detail);
export const forbidden = (detail: string) => new DomainError(403, "FORBIDDEN", detail);
export const outOfScope = (airport: string) =>
  new DomainError(403, "OUT_OF_SCOPE", `Airport ${airport} is outside the airports of your claims.`);
export const notFound = (what: string) => new DomainError(404, "NOT_FOUND", `${what} was not found.`);
export const conflict = (code: "CASE_CLOSED" | "INVALID_TRANSITION" | "ALREADY_CLAIMED" | "CONFLICT", detail: string) =>
  new DomainError(409, code, detail);
export const tooLarge = (detail: string) => new DomainError(413, "TOO_LARGE", detail);
export const unsupportedMediaType = (detail: string) => new DomainError(415, "UNSUPPORTED_MEDIA_TYPE", detail);
export const invalid = (detail: string, errors: FieldError[] = [], extensions: Record<string, unknown> = {}) =>
  new DomainError(422, "VALIDATION_FAILED", detail, errors, {}, extensions);
export const reasonRequired = () =>
  new DomainError(422, "REASON_REQUIRED", "A reason is required for this action.", [
    { path: "reason", message: "must be a non-empty string" },
  ]);
export const rateLimited = (retryAfterSeconds: number) =>
  new DomainError(429, "RATE_LIMITED", "Too many requests for this token; retry later.", [], {
    "Retry-After": String(retryAfterSeconds),
  });
/** The database cannot be reached for now (a restart, a failover): nothing was done, retry shortly. */
export const serviceUnavailable = () =>
  new DomainError(503, "SERVICE_UNAVAILABLE", "The database cannot be reached right now; nothing was changed. Retry shortly.", [], { "Retry-After": "2" });

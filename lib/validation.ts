import type { z } from "zod";
import { DomainError, type FieldError, invalid } from "@/lib/errors";
import { unstorableFields } from "@/lib/primitives";
import "@/lib/validation-messages";

/** A zod failure as the field errors of a problem+json body. */
export function issuesToErrors(error: z.ZodError, root = "(body)"): FieldError[] {
  return error.issues.map((i) => ({ path: i.path.join(".") || root, message: i.message }));
}

/**
 * The one place that decides REASON_REQUIRED (contract part 4): a failing `reason` field has its
 * own code; any other failure is VALIDATION_FAILED. Used by the API wrapper, the verbs and the
 * console's action results, so all three answer the same.
 */
export function validationError(error: z.ZodError, root?: string): DomainError {
  return fieldsError(issuesToErrors(error, root));
}

function fieldsError(errors: FieldError[]): DomainError {
  if (errors.some((e) => e.path === "reason")) {
    return new DomainError(422, "REASON_REQUIRED", "A reason is required for this action.", errors);
  }
  return invalid("The request does not match the schema.", errors);
}

/**
 * The check every body, form and query passes before its schema: no string or name in it holds
 * a NUL or a lone surrogate, which PostgreSQL cannot store (a 500 at the insert, after a provider
 * may already have been called). 422 naming each field (REASON_REQUIRED for `reason`).
 */
export function assertStorable(value: unknown, root = "(body)"): void {
  const errors = unstorableFields(value, root);
  if (errors.length > 0) throw fieldsError(errors);
}

/** Parses a verb's input with its domain schema: 422 (VALIDATION_FAILED or REASON_REQUIRED) otherwise. */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown, root?: string): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw validationError(result.error, root);
}

/**
 * A record checked against its response schema inside the transaction that wrote it: a record the
 * API could not answer rolls the change back (a 500 with nothing saved) instead of failing after
 * the commit, when every later read would fail the same way.
 */
export function shapeRecord<V>(schema: z.ZodType, value: V): V {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`record does not match its response schema: ${result.error.issues.slice(0, 3).map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  return value;
}

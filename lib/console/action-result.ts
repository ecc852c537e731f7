import { unstable_rethrow } from "next/navigation";
import { ZodError } from "zod";
import { DomainError, type FieldError } from "@/lib/errors";
import { errorFields, log } from "@/lib/log";

export type ActionError = { code: string; message: string; errors: FieldError[] };
export type ActionResult<T = null> = { ok: true; data: T } | { ok?: undefined; error: ActionError };

/**
 * Runs a console server action's service call and answers a plain result the form can show:
 * a DomainError keeps its code, message and field errors (the same the API would answer); an
 * unknown error is logged and never leaks its message. Next's redirect/notFound pass through.
 */
export async function runAction<T>(fn: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, data: await fn() };
  } catch (err) {
    unstable_rethrow(err);
    return { error: toActionError(err) };
  }
}

export function toActionError(err: unknown): ActionError {
  if (err instanceof DomainError) return { code: err.code, message: err.message, errors: err.errors };
  if (err instanceof ZodError) {
    const errors = err.issues.map((i) => ({ path: i.path.join(".") || "(form)", message: i.message }));
    if (errors.some((e) => e.path === "reason")) return { code: "REASON_REQUIRED", message: "A reason is required for this action.", errors };
    return { code: "VALIDATION_FAILED", message: "Some fields need attention.", errors };
  }
  log("error", "console action failed", errorFields(err));
  return { code: "INTERNAL", message: "Something went wrong on our side; the change was not saved. Try again, or tell the on-call engineer.", errors: [] };
}

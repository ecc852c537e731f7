import { unstable_rethrow } from "next/navigation";
import { ZodError } from "zod";
import { writeAudit } from "@/lib/audit/write";
import { sessionCtx } from "@/lib/console/session-ctx";
import type { Ctx } from "@/lib/context";
import { DomainError, type FieldError } from "@/lib/errors";
import { errorFields, log } from "@/lib/log";
import { validationError } from "@/lib/validation";

export type ActionError = { code: string; message: string; errors: FieldError[] };
export type ActionResult<T = null> = { ok: true; data: T } | { ok?: undefined; error: ActionError };

/**
 * A console server action: builds the signed-in user's context and calls one service verb with
 * it. The verb checks the permission, the input and the airport scope itself, exactly as for the
 * API, so a server action holds no rule of its own. A refusal (403) is audited as the API audits
 * its 403s; the result is a plain object the form can show.
 */
export async function consoleAction<T>(fn: (ctx: Ctx) => Promise<T>, entityUrn = "console"): Promise<ActionResult<T>> {
  let ctx: Ctx | undefined;
  try {
    ctx = await sessionCtx();
    return { ok: true, data: await fn(ctx) };
  } catch (err) {
    unstable_rethrow(err);
    if (ctx && err instanceof DomainError && err.status === 403) await auditRefusal(ctx, err, entityUrn);
    return { error: toActionError(err) };
  }
}

/** Runs a console action's work and answers a plain result: for work that is no single verb call. */
export async function runAction<T>(fn: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, data: await fn() };
  } catch (err) {
    unstable_rethrow(err);
    return { error: toActionError(err) };
  }
}

/**
 * A DomainError keeps its code, message and field errors (the same the API would answer); a zod
 * failure is decided by the one rule (lib/validation: REASON_REQUIRED or VALIDATION_FAILED); an
 * unknown error is logged and never leaks its message. Next's redirect/notFound pass through.
 */
export function toActionError(err: unknown): ActionError {
  const known = err instanceof ZodError ? validationError(err, "(form)") : err;
  if (known instanceof DomainError) {
    const message = known.code === "VALIDATION_FAILED" && err instanceof ZodError ? "Some fields need attention." : known.message;
    return { code: known.code, message, errors: known.errors };
  }
  log("error", "console action failed", errorFields(err));
  return { code: "INTERNAL", message: "Something went wrong on our side; the change was not saved. Try again, or tell the on-call engineer.", errors: [] };
}

async function auditRefusal(ctx: Ctx, err: DomainError, entityUrn: string): Promise<void> {
  try {
    await writeAudit(ctx, {
      entity: entityUrn.startsWith("urn:svc:") ? entityUrn.split(":")[2] : "console",
      entityUrn,
      action: "access-denied",
      reason: `console: ${err.code}: ${err.message}`,
    });
  } catch (auditErr) {
    log("error", "could not audit a refused console action", errorFields(auditErr));
  }
}

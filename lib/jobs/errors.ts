import type { JobError } from "@/db/schema";
import { boundedText } from "@/lib/log";
import { NonRetriableError } from "./define";

/**
 * A failure as its run or step row keeps it, bounded as a log line is (lib/log.ts boundedText): a
 * failed query's message and the stack's first line carry its parameters, the passengers' names,
 * e-mails and phones, which the row would keep for the retention age and the console would show.
 */
export function toJobError(err: unknown): JobError {
  if (err instanceof Error) return { name: err.name, message: boundedText(err.message), ...(err.stack ? { stack: boundedStack(err.stack) } : {}) };
  return { name: "Error", message: boundedText(typeof err === "string" ? err : JSON.stringify(err) ?? String(err)) };
}

/** The stack's head (its error's message) bounded, its frames kept. */
function boundedStack(stack: string): string {
  const lines = stack.split("\n");
  const head = lines.filter((l) => !/^\s+at /.test(l)).join("\n");
  const frames = lines.filter((l) => /^\s+at /.test(l));
  return [boundedText(head), ...frames].join("\n");
}

/** Rebuilds a stored step failure, so replay rethrows what the first execution threw. */
export function fromJobError(e: JobError | null): Error {
  const err = e?.name === "NonRetriableError" ? new NonRetriableError(e.message) : new Error(e?.message ?? "step failed");
  err.name = e?.name ?? "Error";
  if (e?.stack) err.stack = e.stack;
  return err;
}

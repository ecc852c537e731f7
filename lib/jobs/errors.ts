import type { JobError } from "@/db/schema";
import { NonRetriableError } from "./define";

export function toJobError(err: unknown): JobError {
  if (err instanceof Error) return { name: err.name, message: err.message, ...(err.stack ? { stack: err.stack } : {}) };
  return { name: "Error", message: typeof err === "string" ? err : JSON.stringify(err) ?? String(err) };
}

/** Rebuilds a stored step failure, so replay rethrows what the first execution threw. */
export function fromJobError(e: JobError | null): Error {
  const err = e?.name === "NonRetriableError" ? new NonRetriableError(e.message) : new Error(e?.message ?? "step failed");
  err.name = e?.name ?? "Error";
  if (e?.stack) err.stack = e.stack;
  return err;
}

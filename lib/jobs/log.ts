import type { Logger } from "inngest";
import { errorFields, log } from "@/lib/log";

type Level = "debug" | "info" | "warn" | "error";

/** The app's JSON-line log (errors on stderr), with an `err` field expanded to name, message and stack. */
export function logJson(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  const { err, ...rest } = fields;
  log(level, msg, err === undefined ? rest : { ...rest, ...errorFields(err) });
}

const isFields = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Error);

/**
 * The `logger` a job handler receives: Inngest's Logger shape, bound to the run. Takes
 * `(msg, fields)` as our code writes it and `(fields, msg)` as pino-minded code does.
 */
export function runLogger(bound: Record<string, unknown>): Logger {
  const at = (level: Level) => (...args: unknown[]) => {
    const msg = args.find((a): a is string => typeof a === "string") ?? "log";
    const rest = args.filter((a) => a !== msg);
    const fields =
      rest.length === 1 && isFields(rest[0]) ? rest[0] : rest.length === 1 && rest[0] instanceof Error ? { err: rest[0] } : rest.length ? { args: rest } : {};
    logJson(level, msg, { ...bound, ...fields });
  };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

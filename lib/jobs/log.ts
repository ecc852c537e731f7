import type { Logger } from "inngest";
import { errorFields, log } from "@/lib/log";

type Level = "debug" | "info" | "warn" | "error";

/** The app's JSON-line log (errors on stderr), with an `err` field expanded to name, message and stack. */
export function logJson(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  const { err, ...rest } = fields;
  log(level, msg, err === undefined ? rest : { ...rest, ...errorFields(err) });
}

/** The `logger` a job handler receives: Inngest's Logger shape, bound to the run. */
export function runLogger(bound: Record<string, unknown>): Logger {
  const at = (level: Level) => (...args: unknown[]) => {
    const [first, ...rest] = args;
    if (typeof first === "string") logJson(level, first, { ...bound, ...(rest.length ? { args: rest } : {}) });
    else logJson(level, typeof rest[0] === "string" ? rest[0] : "log", { ...bound, data: first });
  };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

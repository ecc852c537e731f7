import type { Logger } from "inngest";

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof LEVELS, "silent">;

function threshold(): number {
  const name = (process.env.LOG_LEVEL ?? "info") as keyof typeof LEVELS;
  return LEVELS[name] ?? LEVELS.info;
}

/**
 * One JSON line on stderr: the runner runs inside the web server, whose stdout belongs to Next,
 * and a line per record is what log collectors parse.
 */
export function logJson(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  if (LEVELS[level] < threshold()) return;
  const line: Record<string, unknown> = { ts: new Date().toISOString(), level, msg, ...fields };
  if (fields.err instanceof Error) line.err = { name: fields.err.name, message: fields.err.message, stack: fields.err.stack };
  try {
    console.error(JSON.stringify(line));
  } catch {
    console.error(JSON.stringify({ ts: line.ts, level, msg, note: "fields not serializable" }));
  }
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

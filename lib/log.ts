type Level = "debug" | "info" | "warn" | "error";
const ORDER: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

function threshold(): number {
  return ORDER[(process.env.LOG_LEVEL as Level | "silent") || "info"] ?? ORDER.info;
}

/** Structured JSON lines on stdout (stderr for errors), one object per event. */
export function log(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  if (ORDER[level] < threshold()) return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), msg, ...fields });
  if (level === "error") console.error(line);
  else console.log(line);
}

export function errorFields(err: unknown): Record<string, unknown> {
  if (err instanceof Error) return { err: { name: err.name, message: err.message, stack: err.stack } };
  return { err: String(err) };
}

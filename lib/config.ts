import path from "node:path";

/** Where the embedded database, the generated auth secret and other local state live. */
export function dataDir(): string {
  // runtime state, never part of the build output
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), process.env.DATA_DIR || ".data");
}

export function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : fallback;
}

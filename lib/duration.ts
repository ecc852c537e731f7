const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** "30s", "5m", "1h", "7d", "1h30m" or a number of milliseconds → milliseconds; NaN when unreadable. */
export function parseDuration(value: string | number): number {
  if (typeof value === "number") return value;
  const parts = [...value.trim().matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d|w)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join("") !== value.trim()) return Number.NaN;
  return parts.reduce((sum, [, n, unit]) => sum + Number(n) * UNITS[unit], 0);
}

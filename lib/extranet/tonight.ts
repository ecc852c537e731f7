/** The instants bounding every check-in that can fall on a local date, whatever the zone (±14 h): a wide window the index reads, filtered exactly after. */
export function dateWindow(date: string): { from: Date; to: Date } {
  const midnight = Date.parse(`${date}T00:00:00Z`);
  return { from: new Date(midnight - 15 * 3_600_000), to: new Date(midnight + 39 * 3_600_000) };
}

/** Whole days from `from` to `to` (YYYY-MM-DD), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

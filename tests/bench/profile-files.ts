/**
 * Reads what the app processes wrote under PROFILE_FILE (lib/observability/profile.ts) and turns
 * two snapshots into per-booking figures: app CPU ms, database round trips and rows, per label.
 */
import fs from "node:fs";
import path from "node:path";
import type { ProcessProfile } from "@/lib/observability/profile";

export type Snapshot = Map<number, ProcessProfile>;

export function readProfiles(file: string): Snapshot {
  const dir = path.dirname(file);
  const base = path.basename(file);
  const out: Snapshot = new Map();
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    if (!name.startsWith(`${base}.`) || !name.endsWith(".json")) continue;
    try {
      const p = JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")) as ProcessProfile;
      out.set(p.pid, p);
    } catch {
      /* being rewritten: the next read has it */
    }
  }
  return out;
}

export type LabelFigures = { label: string; roundTrips: number; rows: number; dbMs: number };
export type PerBooking = { cpuMs: number; roundTrips: number; rows: number; processes: number; workers: number; byLabel: LabelFigures[] };

/** The difference between two snapshots, divided by `bookings`; a process that appeared later counts from zero. */
export function perBooking(before: Snapshot, after: Snapshot, bookings: number): PerBooking {
  const n = Math.max(1, bookings);
  let cpuUs = 0;
  const labels = new Map<string, { roundTrips: number; rows: number; ms: number }>();
  for (const [pid, end] of after) {
    const start = before.get(pid);
    cpuUs += end.cpu.user + end.cpu.system - (start ? start.cpu.user + start.cpu.system : 0);
    for (const [label, c] of Object.entries(end.queries)) {
      const s = start?.queries[label] ?? { roundTrips: 0, rows: 0, ms: 0 };
      const l = labels.get(label) ?? { roundTrips: 0, rows: 0, ms: 0 };
      l.roundTrips += c.roundTrips - s.roundTrips;
      l.rows += c.rows - s.rows;
      l.ms += c.ms - s.ms;
      labels.set(label, l);
    }
  }
  const r = (x: number) => Math.round(x * 100) / 100;
  const byLabel = [...labels]
    .map(([label, l]) => ({ label, roundTrips: r(l.roundTrips / n), rows: r(l.rows / n), dbMs: r(l.ms / n) }))
    .filter((l) => l.roundTrips > 0)
    .sort((a, b) => b.roundTrips - a.roundTrips);
  // job workers alive at the end: a process killed and started again (--chaos) left its file behind
  const lastAt = Math.max(0, ...[...after.values()].map((p) => p.at));
  const workers = [...after.values()].filter((p) => p.role === "worker" && p.at >= lastAt - 3000).length;
  return {
    workers,
    cpuMs: r(cpuUs / 1000 / n),
    roundTrips: r(byLabel.reduce((s, l) => s + l.roundTrips, 0)),
    rows: r(byLabel.reduce((s, l) => s + l.rows, 0)),
    processes: after.size,
    byLabel,
  };
}

/**
 * The web process's event-loop delay p99 (ms) since the bench's mark (`<PROFILE_FILE>.mark`,
 * lib/observability/profile.ts), the worst of the web processes that saw it (a chaos run starts the
 * app again); null when none reported since the mark.
 */
export function webEventLoopP99(after: Snapshot, mark: string): number | null {
  const seen = [...after.values()].filter((p) => p.role === "web" && p.eventLoop?.since === mark);
  return seen.length ? Math.max(...seen.map((p) => p.eventLoop.p99Ms)) : null;
}

/** Marks the event's start for every app process: their event-loop histograms restart from it. */
export function writeMark(file: string, mark: string): void {
  fs.writeFileSync(`${file}.mark`, mark);
}

import { formatZoned } from "@/components/console/format";
import { duration } from "@/lib/care/regimes/wait";
import type { MealVoucherItem } from "@/lib/meals/schemas";

type Item = Pick<MealVoucherItem, "passengerId" | "seq" | "owedFrom" | "status" | "lastError">;

/**
 * Why the case's PENDING meal vouchers wait and when each falls due, beside "0 issued · 80 waiting"
 * (so "meals owed now" in the care panel does not read as a contradiction): the due ones are being
 * issued, or not for a named reason; the later ones by the airport-local time they fall due, with
 * the rule that dates them (lib/meals/schedule: the first at the scheduled departure plus the wait
 * the right to care sets, each next one a policy's interval later while the next flight has not
 * left). "40 due now, being issued; 40 due Wed 25 Nov 01:05 CET (meal 2: one every 6 h until the next flight)".
 */
export function waitingMealWords(items: readonly Item[], opts: { now: Date; zone: string; scheduledDeparture: string }): string[] {
  const pending = items.filter((i) => i.status === "PENDING");
  const owedAt = new Map(items.map((i) => [`${i.passengerId}:${i.seq}`, new Date(i.owedFrom).getTime()]));
  const due = pending.filter((i) => new Date(i.owedFrom).getTime() <= opts.now.getTime());
  const out: string[] = [];
  const byError = new Map<string | null, number>();
  for (const i of due) byError.set(i.lastError, (byError.get(i.lastError) ?? 0) + 1);
  for (const [error, n] of byError) out.push(`${n} due now, ${error ? `not issued: ${error}` : "being issued"}`);

  const later = new Map<string, { n: number; why: string }>();
  for (const i of pending) {
    const at = new Date(i.owedFrom).getTime();
    if (at <= opts.now.getTime()) continue;
    const key = `${i.owedFrom}|${i.seq}`;
    const known = later.get(key);
    if (known) known.n += 1;
    else later.set(key, { n: 1, why: whyThen(i, at, owedAt.get(`${i.passengerId}:${i.seq - 1}`), opts.scheduledDeparture) });
  }
  const times = [...later.entries()].sort(([a], [b]) => a.localeCompare(b));
  for (const [key, { n, why }] of times) out.push(`${n} due ${formatZoned(key.split("|")[0], opts.zone)} (${why})`);
  return out;
}

function whyThen(i: Item, at: number, previous: number | undefined, scheduledDeparture: string): string {
  if (i.seq === 1) {
    const after = Math.round((at - new Date(scheduledDeparture).getTime()) / 60_000);
    return after > 0 ? `the first meal: owed ${duration(after)} after the scheduled departure` : "the first meal: owed from the scheduled departure";
  }
  const every = previous === undefined ? null : Math.round((at - previous) / 60_000);
  return every ? `meal ${i.seq}: one every ${duration(every)} until the next flight` : `meal ${i.seq} of the wait for the next flight`;
}

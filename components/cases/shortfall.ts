import type { DemandSummary } from "@/lib/records/demand";

export type ShortfallLine = { key: string; rooms: number; label: string; text: string };

const words = (s: string) => s.replaceAll("_", " ").toLowerCase();

/**
 * The case's shortfall as a person reads it: approved rooms not booked, without the rooms held for
 * passengers added later (no group waits for those), and never without its reason. The reasons,
 * in order: the open review items (what holds their groups), rooms allocated whose booking is
 * under way, and what is left: groups waiting for an allocation. The lines add up to the shortfall.
 */
export function explainShortfall(s: Pick<DemandSummary, "shortfall" | "heldForLater" | "shortfallReasons" | "totalAllocated" | "totalBooked">): {
  shortfall: number;
  lines: ShortfallLine[];
} {
  const shortfall = Math.max(0, s.shortfall - s.heldForLater);
  const lines: ShortfallLine[] = [];
  let left = shortfall;
  // a group held for two reasons (a mixed-tier group also partly unfulfilled) is one shortfall, not
  // two: a reason whose groups are all named already joins that line instead of adding its rooms again
  const lineOfGroup = new Map<string, ShortfallLine>();
  for (const r of s.shortfallReasons) {
    const named = r.groups.length > 0 ? r.groups.map((g) => lineOfGroup.get(g)) : [];
    const same = named[0];
    if (same && named.every((l) => l === same)) {
      same.label = `${same.label}, ${words(r.category)}`;
      continue;
    }
    const rooms = Math.min(left, r.rooms);
    left -= rooms;
    const line = { key: r.category, rooms: r.rooms, label: words(r.category), text: `${r.rooms} room${r.rooms === 1 ? "" : "s"}, groups ${r.groups.join(", ") || "—"}` };
    lines.push(line);
    for (const g of r.groups) lineOfGroup.set(g, line);
  }
  const booking = Math.min(left, Math.max(0, s.totalAllocated - s.totalBooked));
  if (booking > 0) {
    left -= booking;
    lines.push({ key: "booking", rooms: booking, label: "booking", text: `${booking} room${booking === 1 ? "" : "s"} allocated, booking under way` });
  }
  if (left > 0) {
    lines.push({ key: "waiting", rooms: left, label: "waiting", text: `${left} room${left === 1 ? "" : "s"} for groups not placed yet: waiting for an allocation (see Progress)` });
  }
  return { shortfall, lines };
}

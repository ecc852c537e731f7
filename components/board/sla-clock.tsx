"use client";

import { cn } from "@/lib/utils";

/** Time left on an SLA as "12:04" (mm:ss) or "1 h 05 min"; past due reads "overdue 3 min". */
export function slaText(dueAt: string | null, now: number): { text: string; overdue: boolean } {
  if (!dueAt) return { text: "—", overdue: false };
  const ms = new Date(dueAt).getTime() - now;
  const abs = Math.abs(ms);
  const s = Math.floor(abs / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const text = h > 0 ? `${h} h ${String(m).padStart(2, "0")} min` : `${String(m).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
  return ms < 0 ? { text: `overdue ${text}`, overdue: true } : { text, overdue: false };
}

export function SlaClock({ dueAt, now, overdue: flagged }: { dueAt: string | null; now: number; overdue: boolean }) {
  const { text, overdue } = slaText(dueAt, now);
  return (
    <span className={cn("tabular-nums", (overdue || flagged) && "font-semibold text-destructive")} data-testid="board-sla" data-overdue={overdue || flagged}>
      {text}
    </span>
  );
}

"use client";

import { formatSla, slaDueTitle } from "@/components/console/format";
import { cn } from "@/lib/utils";

/** Time left on an SLA in the console's one wording ("due in 56 min", "overdue by 3 min"); the due time in the airport's zone on hover. */
export function SlaClock({ dueAt, now, overdue: flagged, zone }: { dueAt: string | null; now: number; overdue: boolean; zone: string | null }) {
  const { text, overdue } = formatSla(dueAt, now, { flagged });
  return (
    <span className={cn("tabular-nums", overdue && "font-semibold text-destructive")} data-testid="board-sla" data-overdue={overdue} title={slaDueTitle(dueAt, zone)}>
      {text}
    </span>
  );
}

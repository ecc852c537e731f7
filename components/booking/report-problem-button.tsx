"use client";

import { useState } from "react";
import { ReasonDialog } from "@/components/cases/reason-dialog";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { SAYABLE_TAGS } from "@/lib/quality/schemas";
import { reportProblemAction } from "./actions";

const tagText = (t: string) => t.replaceAll("_", " ").toLowerCase().replace(/^./, (c) => c.toUpperCase());

/** An operator records what went wrong at the hotel: at least one tag and what happened; it counts in the hotel's stay quality. */
export function ReportProblemButton({ reservationUrn, hotel }: { reservationUrn: string; hotel: string }) {
  const [tags, setTags] = useState<string[]>([]);
  return (
    <ReasonDialog
      trigger="Report a problem"
      triggerVariant="ghost"
      triggerTestId="report-problem"
      title={`Report a problem at ${hotel}`}
      description="Recorded against the hotel's stay quality (a score of 1); several may be recorded for one stay."
      confirmLabel="Record problem"
      placeholder="What happened (e.g. the desk refused the voucher at 23:10)"
      success="Problem recorded"
      action={(note) => reportProblemAction(reservationUrn, tags, note)}
    >
      <fieldset className="grid grid-cols-2 gap-2">
        <legend className="mb-1 text-sm font-medium">What went wrong</legend>
        {SAYABLE_TAGS.map((t) => (
          <div key={t} className="flex items-center gap-2">
            <Checkbox id={`problem-${reservationUrn}-${t}`} checked={tags.includes(t)} onCheckedChange={(v) => setTags((xs) => (v === true ? [...xs, t] : xs.filter((x) => x !== t)))} data-testid={`problem-tag-${t}`} />
            <Label htmlFor={`problem-${reservationUrn}-${t}`}>{tagText(t)}</Label>
          </div>
        ))}
      </fieldset>
    </ReasonDialog>
  );
}

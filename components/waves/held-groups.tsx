import { CircleAlert, ExternalLink } from "lucide-react";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import type { HeldGroup } from "@/lib/allocation/schemas";
import { constraintText, HELD_CAUSE_TEXT, tierText } from "./held-causes";
import { OverrideButton } from "./override-dialog";

/** The groups this wave could not place: why, the constraint that bit, and what would help. */
export function HeldGroups({ held }: { held: HeldGroup[] }) {
  return (
    <ul className="grid gap-3 md:grid-cols-2" data-testid="held-groups">
      {held.map((h) => (
        <li key={h.groupId} className="grid gap-2 rounded-lg border border-warning/60 bg-warning/10 p-3 text-sm" data-testid="held-group" data-group={h.groupId} data-cause={h.cause}>
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="warning">
              <CircleAlert aria-hidden /> HELD
            </Badge>
            <span className="font-mono font-semibold">{h.groupId}</span>
            {h.pnr !== h.groupId && <span className="font-mono text-xs text-muted-foreground">PNR {h.pnr}</span>}
            <span className="text-xs text-muted-foreground">
              {tierText(h.tier)} · {h.rooms} room{h.rooms === 1 ? "" : "s"}
            </span>
            <span className="ml-auto">
              <OverrideButton groupId={h.groupId} label="Place" />
            </span>
          </div>
          <p className="font-medium" data-testid="held-cause">
            {HELD_CAUSE_TEXT[h.cause]}
            {h.constraint && (
              <>
                {" "}
                (most often: <span title={h.constraint}>{constraintText(h.constraint)}</span>)
              </>
            )}
          </p>
          {h.detail && <p className="text-xs text-muted-foreground">{h.detail}</p>}
          {h.suggestions.length > 0 && (
            <div className="text-xs">
              <span className="font-medium">What would help:</span>
              <ul className="ml-4 list-disc">
                {h.suggestions.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ul>
            </div>
          )}
          {h.reviewUrn && (
            <Link href={`/review/${encodeURIComponent(h.reviewUrn)}`} className="inline-flex w-fit items-center gap-1 text-xs font-medium text-primary hover:underline" data-testid="held-review-link">
              Open the review item <ExternalLink className="size-3" aria-hidden />
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

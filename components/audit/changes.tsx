"use client";

import { formatInstant } from "@/components/console/format";
import { useTimeMode } from "@/components/console/local-time";
import type { AuditEntry } from "@/lib/audit/schemas";
import { changeWords, inReadingOrder, type WordingNames } from "@/lib/audit/wording";

const SHOWN = 6;

/**
 * The before/after of each changed field in words ("Status: requested → approved"): field and
 * enum labels, times as the header's Local/UTC choice wants them (local: the entry's airport zone),
 * people and policies by name, nested objects summarised. The recorded JSON stays one click away,
 * behind "details", for whoever needs the exact values.
 */
export function Changes({ changes: recorded, names: resolved, zone }: { changes: AuditEntry["changes"]; names: WordingNames; zone: string | null | undefined }) {
  const mode = useTimeMode();
  if (recorded.length === 0) return <span className="text-muted-foreground">—</span>;
  const names: WordingNames = { ...resolved, time: (iso) => formatInstant(iso, zone, mode).text };
  const changes = inReadingOrder(recorded);
  const head = changes.length > SHOWN + 1 ? changes.slice(0, SHOWN) : changes;
  const rest = changes.slice(head.length);
  return (
    <div className="grid gap-1">
      <FieldList changes={head} names={names} />
      {rest.length > 0 && (
        <details>
          <summary className="cursor-pointer text-xs text-muted-foreground">{rest.length} more fields</summary>
          <FieldList changes={rest} names={names} />
        </details>
      )}
      <details data-testid="audit-raw">
        <summary className="cursor-pointer text-xs text-muted-foreground">details</summary>
        <pre className="mt-1 max-h-64 overflow-auto rounded bg-muted p-2 font-mono text-[11px] whitespace-pre-wrap break-all">{JSON.stringify(recorded, null, 2)}</pre>
      </details>
    </div>
  );
}

function FieldList({ changes, names }: { changes: AuditEntry["changes"]; names: WordingNames }) {
  return (
    <ul className="grid gap-0.5 text-xs" data-testid="audit-changes">
      {changes.map((c) => {
        const w = changeWords(c, names);
        return (
          <li key={c.field} className="min-w-0 break-words" data-testid="audit-change">
            <span className="text-muted-foreground">{w.field}: </span>
            {w.before !== null && (
              // the arrow is read aloud too ("requested right arrow approved"): the line reads the same to everyone
              <>
                <del className="bg-destructive/10 px-0.5 text-destructive decoration-destructive/50">{w.before}</del> →{" "}
              </>
            )}
            <ins className="bg-success/10 px-0.5 text-success no-underline">{w.after}</ins>
          </li>
        );
      })}
    </ul>
  );
}

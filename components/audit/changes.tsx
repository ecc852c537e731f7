import { formatValue } from "@/components/console/format";
import type { AuditEntry } from "@/lib/audit/schemas";

const SHOWN = 6;

/**
 * The before/after of each changed field: one line per field, old struck through, new beside it.
 * A field that did not exist before (a create) shows only its value. Long lists fold.
 */
export function Changes({ changes }: { changes: AuditEntry["changes"] }) {
  if (changes.length === 0) return <span className="text-muted-foreground">—</span>;
  const head = changes.length > SHOWN + 1 ? changes.slice(0, SHOWN) : changes;
  const rest = changes.slice(head.length);
  return (
    <div className="grid gap-1">
      <FieldList changes={head} />
      {rest.length > 0 && (
        <details>
          <summary className="cursor-pointer text-xs text-muted-foreground">{rest.length} more fields</summary>
          <FieldList changes={rest} />
        </details>
      )}
    </div>
  );
}

function FieldList({ changes }: { changes: AuditEntry["changes"] }) {
  return (
    <dl className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-3 gap-y-0.5 text-xs">
      {changes.map((c) => (
        <div key={c.field} className="contents">
          <dt className="font-mono text-muted-foreground">{c.field}</dt>
          <dd className="min-w-0 break-words font-mono">
            {c.before !== null && c.before !== undefined && (
              <>
                <span className="sr-only">before </span>
                <del className="bg-destructive/10 px-0.5 text-destructive decoration-destructive/50">{formatValue(c.before)}</del>
                <span aria-hidden className="px-1 text-muted-foreground">→</span>
                <span className="sr-only"> after </span>
              </>
            )}
            {c.after === null || c.after === undefined ? (
              <span className="text-muted-foreground">(removed)</span>
            ) : (
              <ins className="bg-success/10 px-0.5 text-success no-underline">{formatValue(c.after)}</ins>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

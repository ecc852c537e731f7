import { FileClock } from "lucide-react";
import Link from "next/link";
import { formatAge, formatZoned } from "@/components/console/format";
import { ReasonText } from "@/components/console/reason-text";
import { FoldSection } from "@/components/console/fold-section";
import { Badge } from "@/components/ui/badge";
import { auditLabels } from "@/lib/read-models/audit-labels";
import { listAudit } from "@/lib/audit/list";
import { actionWords, changeWords, inReadingOrder } from "@/lib/audit/wording";
import type { Ctx } from "@/lib/context";
import { subjectWords } from "@/lib/users/subject-words";

const EXCERPT = 8;
const CHANGES_SHOWN = 2;

/** Where the case's whole audit is: the audit page scoped to the case (its demands, waves, bookings, rides, review items too). */
export function caseAuditHref(caseUrn: string): string {
  return `/audit?caseUrn=${encodeURIComponent(caseUrn)}`;
}

/**
 * The case page's "Recent activity": the newest entries of the case and of what belongs to it, in
 * words (who did what to which record, and what changed), refused requests left out; the audit
 * page has the rest.
 */
export async function CaseAudit({ ctx, caseUrn, zone }: { ctx: Ctx; caseUrn: string; zone: string | null }) {
  const page = await listAudit({ ctx, input: { caseUrn, refused: "exclude", limit: EXCERPT } });
  const labels = await auditLabels({ ctx, input: { entries: page.items } });
  return (
    <FoldSection
      title="Recent activity"
      testId="case-audit"
      summary={page.items[0] ? `newest ${formatAge(page.items[0].at)} ago: ${actionWords(page.items[0].entity, page.items[0].action)}` : "nothing recorded yet"}
    >
      <Link href={caseAuditHref(caseUrn)} className="inline-flex items-center gap-1 text-sm text-primary underline underline-offset-2" data-testid="case-audit-all">
        <FileClock className="size-4" aria-hidden /> full audit
      </Link>
      {page.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing recorded yet.</p>
      ) : (
        <ol className="grid gap-2 text-sm">
          {page.items.map((e) => (
            <li key={e.urn} className="grid gap-0.5 rounded-md border px-3 py-2" data-testid="case-audit-entry">
              <div className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-medium">{actionWords(e.entity, e.action)}</span>
                <span className="text-muted-foreground">{labels.entities[e.entityUrn]?.label ?? ""}</span>
                <Badge variant="muted" className="ml-auto" title={`${formatZoned(e.at, zone)} (${formatZoned(e.at, "UTC")})`}>
                  {formatAge(e.at)} ago
                </Badge>
              </div>
              <div className="text-xs text-muted-foreground">
                by {subjectWords(e.actor, labels.users)}
                {e.reason && (
                  <>
                    {" "}
                    · “<ReasonText text={e.reason} policies={labels.policies} />”
                  </>
                )}
              </div>
              {e.changes.length > 0 && (
                <ul className="text-xs">
                  {inReadingOrder(e.changes).slice(0, CHANGES_SHOWN).map((c) => {
                    const w = changeWords(c, { ...labels, time: (iso) => formatZoned(iso, zone) });
                    return (
                      <li key={c.field}>
                        {w.field}: {w.before !== null && <>{w.before} → </>}
                        {w.after}
                      </li>
                    );
                  })}
                  {e.changes.length > CHANGES_SHOWN && <li className="text-muted-foreground">and {e.changes.length - CHANGES_SHOWN} more</li>}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </FoldSection>
  );
}

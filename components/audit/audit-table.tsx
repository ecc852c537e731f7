"use client";

import Link from "next/link";
import { useState, useTransition } from "react";
import { roleLabel } from "@/components/console/format";
import { LocalTime } from "@/components/console/local-time";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toaster";
import type { AuditEntry } from "@/lib/audit/schemas";
import type { ActionResult } from "@/lib/console/action-result";
import { ReasonText } from "@/components/console/reason-text";
import type { AuditLabels, EntityLabel } from "@/lib/read-models/audit-labels";
import type { PolicyName } from "@/lib/policies/names";
import { policyUrnsIn } from "@/lib/policies/href";
import { actionWords, refusalWords } from "@/lib/audit/wording";
import { ACCESS_DENIED_ACTION } from "@/lib/audit/refused";
import { subjectWords } from "@/lib/users/subject-words";
import { Changes } from "./changes";

/** `zones`: the IANA zone of each airport the entries name, so times read in the airport's local time when the header says Local. */
type Page = { items: AuditEntry[]; nextCursor: string | null; labels: AuditLabels; zones: Record<string, string> };
type Filters = { entity?: string; entityUrn?: string; action?: string; caseUrn?: string; refused?: "include" | "exclude" };

export function AuditTable({
  initial,
  filters,
  loadMore,
}: {
  initial: Page;
  filters: Filters;
  loadMore: (filters: Filters, cursor: string) => Promise<ActionResult<Page>>;
}) {
  const [items, setItems] = useState(initial.items);
  const [labels, setLabels] = useState(initial.labels);
  const [zones, setZones] = useState(initial.zones);
  const [cursor, setCursor] = useState(initial.nextCursor);
  const [pending, start] = useTransition();

  function more() {
    if (!cursor) return;
    start(async () => {
      const res = await loadMore(filters, cursor);
      if ("error" in res) {
        toast.error("Could not load more entries", { description: res.error.message });
        return;
      }
      setItems((prev) => [...prev, ...res.data.items]);
      setLabels((prev) => ({
        entities: { ...prev.entities, ...res.data.labels.entities },
        policies: { ...prev.policies, ...res.data.labels.policies },
        users: { ...prev.users, ...res.data.labels.users },
      }));
      setZones((prev) => ({ ...prev, ...res.data.zones }));
      setCursor(res.data.nextCursor);
    });
  }

  return (
    <div className="grid gap-3">
      <Table stack data-testid="audit-table">
        <TableHeader>
          <TableRow>
            <TableHead className="w-40">Time</TableHead>
            <TableHead>Entity</TableHead>
            <TableHead>Action</TableHead>
            <TableHead>Actor</TableHead>
            <TableHead>Reason</TableHead>
            <TableHead className="min-w-56 2xl:min-w-72">Changes</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((e) => (
            <TableRow key={e.urn} data-testid="audit-row" className="align-top">
              <TableCell className="whitespace-nowrap align-top text-xs" data-label="Time">
                <LocalTime at={e.at} zone={e.airport ? zones[e.airport] : null} seconds testId="audit-time" />
              </TableCell>
              <TableCell className="align-top" data-key>
                <div className="flex flex-col gap-0.5">
                  <span className="flex items-center gap-1.5">
                    <Badge variant="secondary">{e.entity}</Badge>
                    {e.airport && <span className="text-xs text-muted-foreground">{e.airport}</span>}
                  </span>
                  <EntityLink urn={e.entityUrn} label={labels.entities[e.entityUrn]} />
                </div>
              </TableCell>
              <TableCell className="align-top font-medium" data-testid="audit-action" title={e.action} data-label="Action">
                {actionWords(e.entity, e.action)}
              </TableCell>
              <TableCell className="align-top" data-label="By">
                <div className="flex flex-col" data-testid="audit-actor">
                  <span className="break-words" title={e.actor}>
                    {labels.users[e.actor] ?? actorLabel(e, labels.policies)}
                  </span>
                  {/* a job acts with a system principal: its internal roles say nothing to a reader */}
                  {!e.actor.startsWith("system:") && <span className="text-xs text-muted-foreground">{e.actorRoles.map(roleLabel).join(", ")}</span>}
                </div>
              </TableCell>
              <TableCell className="max-w-64 align-top whitespace-pre-wrap break-words" data-testid="audit-reason" data-label="Reason" data-wide>
                {e.action === ACCESS_DENIED_ACTION ? (
                  <Refusal reason={e.reason} />
                ) : e.reason ? (
                  <ReasonText text={e.reason} policies={labels.policies} />
                ) : (
                  <span className="text-muted-foreground">—</span>
                )}
              </TableCell>
              <TableCell className="align-top" data-label="Changes" data-wide>
                <Changes changes={e.changes} names={labels} zone={e.airport ? zones[e.airport] : null} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <div className="flex items-center justify-between text-sm text-muted-foreground">
        <span aria-live="polite">
          {items.length} {items.length === 1 ? "entry" : "entries"} shown{cursor ? "" : " — that is all of them"}
        </span>
        {cursor && (
          <Button variant="outline" size="sm" onClick={more} disabled={pending} data-testid="audit-load-more">
            {pending ? "Loading…" : "Load more"}
          </Button>
        )}
      </div>
    </div>
  );
}

function EntityLink({ urn, label }: { urn: string; label: EntityLabel | undefined }) {
  const text = label ? (
    <span className="text-xs" title={urn} data-testid="audit-entity-label">
      {label.label}
    </span>
  ) : (
    // a record gone, or a refused request's path: the id is what there is, kept whole for copying
    <span className="font-mono text-xs break-all" title={urn}>
      {urn}
    </span>
  );
  if (label?.href) {
    return (
      <Link href={label.href} className="text-primary hover:underline">
        {text}
      </Link>
    );
  }
  return text;
}

/** Who acted, when no user name is known: a job or automatic rule says so, naming the policy it applied. */
function actorLabel(e: AuditEntry, policies: Record<string, PolicyName>): string {
  if (e.actor.startsWith("system:")) {
    const policy = policyUrnsIn([e.reason]).map((u) => policies[u]).find(Boolean);
    if (policy) return `Automatic (policy “${policy.name}” v${policy.version})`;
    return `Automatic (${e.actor.slice(7).replaceAll("-", " ")})`;
  }
  return subjectWords(e.actor, {});
}

/** A refused request: why, in the service's words; what was asked (method and path) on hover. */
function Refusal({ reason }: { reason: string | null }) {
  const r = refusalWords(reason);
  return (
    <span title={r.request ?? undefined} data-testid="audit-refusal">
      {r.why}
    </span>
  );
}

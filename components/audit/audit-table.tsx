"use client";

import Link from "next/link";
import { useState, useTransition } from "react";
import { formatUtc, roleLabel, shortUrn } from "@/components/console/format";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toaster";
import type { AuditEntry } from "@/lib/audit/schemas";
import type { ActionResult } from "@/lib/console/action-result";
import { Changes } from "./changes";

type Page = { items: AuditEntry[]; nextCursor: string | null; names: Record<string, string> };
type Filters = { entity?: string; entityUrn?: string; action?: string };

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
  const [names, setNames] = useState(initial.names);
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
      setNames((prev) => ({ ...prev, ...res.data.names }));
      setCursor(res.data.nextCursor);
    });
  }

  return (
    <div className="grid gap-3">
      <Table data-testid="audit-table">
        <TableHeader>
          <TableRow>
            <TableHead className="w-40">Time (UTC)</TableHead>
            <TableHead>Entity</TableHead>
            <TableHead>Action</TableHead>
            <TableHead>Actor</TableHead>
            <TableHead>Reason</TableHead>
            <TableHead className="min-w-72">Changes</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((e) => (
            <TableRow key={e.urn} data-testid="audit-row" className="align-top">
              <TableCell className="whitespace-nowrap align-top font-mono text-xs">{formatUtc(e.at, { seconds: true })}</TableCell>
              <TableCell className="align-top">
                <div className="flex flex-col gap-0.5">
                  <span className="flex items-center gap-1.5">
                    <Badge variant="secondary">{e.entity}</Badge>
                    {e.airport && <span className="text-xs text-muted-foreground">{e.airport}</span>}
                  </span>
                  <EntityLink urn={e.entityUrn} />
                </div>
              </TableCell>
              <TableCell className="align-top font-medium">{e.action}</TableCell>
              <TableCell className="align-top">
                <div className="flex flex-col">
                  <span className="truncate" title={e.actor}>{names[e.actor] ?? actorLabel(e.actor)}</span>
                  <span className="text-xs text-muted-foreground">{e.actorRoles.map(roleLabel).join(", ")}</span>
                </div>
              </TableCell>
              <TableCell className="max-w-64 align-top whitespace-pre-wrap break-words">{e.reason ?? <span className="text-muted-foreground">—</span>}</TableCell>
              <TableCell className="align-top">
                <Changes changes={e.changes} />
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

function EntityLink({ urn }: { urn: string }) {
  const text = <span className="font-mono text-xs" title={urn}>{shortUrn(urn)}</span>;
  if (urn.startsWith("urn:svc:case:")) {
    return (
      <Link href={`/cases/${encodeURIComponent(urn)}`} className="text-primary hover:underline">
        {text}
      </Link>
    );
  }
  return text;
}

function actorLabel(actor: string): string {
  if (actor.startsWith("system:")) return `System (${actor.slice(7)})`;
  if (actor.startsWith("urn:svc:")) return shortUrn(actor);
  return actor;
}

"use client";

import { ChevronRight, Pencil } from "lucide-react";
import Link from "next/link";
import { Fragment, useEffect, useState } from "react";
import { formatAge, formatUtc } from "@/components/console/format";
import { StatusBadge } from "@/components/console/status-badge";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { STICKY_COLUMN, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { Policy } from "@/lib/policies/schemas";
import { cn } from "@/lib/utils";
import { policyAnchor } from "@/lib/policies/href";
import { ActivateButton } from "./activate-button";
import { policyDiff } from "./policy-diff";

export type PolicyGroup = { key: string; label: string; tiers: string[]; versions: Policy[] };

export function policySummary(p: Policy): string {
  const c = p.constraints;
  return [
    `${c.minStars}★+`,
    `≤ ${c.maxDistanceKm} km`,
    c.maxNightlyRate != null ? `≤ ${c.maxNightlyRate} ${p.currency}/night` : "no rate ceiling",
    p.autoApproveDemand ? `auto-approve ≤ ${p.maxAutomaticRoomsPerWave} rooms` : "supervisor approves",
  ].join(" · ");
}

/**
 * One row per context (airport, airline, country, tier set) showing the version in force; its
 * version history unfolds beneath it with the activate and roll-back buttons.
 */
/** What changed from the version before, in words: "Minimum stars 3★ → 4★". */
function changesFrom(p: Policy, previous: Policy | undefined): string[] {
  if (!previous) return [];
  return policyDiff(p, previous)
    .filter((r) => r.changed)
    .map((r) => `${r.label} ${r.active} → ${r.draft}`);
}

export function PolicyTable({
  groups,
  names,
  canWrite,
  expandAll,
  query = "",
}: {
  groups: PolicyGroup[];
  names: Record<string, string>;
  canWrite: boolean;
  expandAll: boolean;
  /** the list's filters (?status=&airport=), carried to the forms so saving returns here */
  query?: string;
}) {
  const [open, setOpen] = useState<Set<string>>(
    () => new Set(expandAll ? groups.map((g) => g.key) : groups.filter((g) => g.versions.some((v) => v.status === "DRAFT")).map((g) => g.key)),
  );
  const toggle = (key: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const who = (sub: string | null) => (sub ? (names[sub] ?? sub.replace(/^system:/, "system ")) : "—");
  // a link to one policy (/policies#policy-…) opens its context's history and scrolls to it
  useEffect(() => {
    const id = window.location.hash.slice(1);
    const group = id && groups.find((g) => g.versions.some((v) => policyAnchor(v.urn) === id));
    if (!group) return;
    // after the first paint: the location hash is only known in the browser
    const frame = requestAnimationFrame(() => {
      setOpen((prev) => new Set(prev).add(group.key));
      requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView({ block: "center" }));
    });
    return () => cancelAnimationFrame(frame);
  }, [groups]);

  return (
    <Table data-testid="policies-table">
      <TableHeader>
        <TableRow>
          <TableHead className="w-8">
            <span className="sr-only">History</span>
          </TableHead>
          <TableHead className={STICKY_COLUMN}>Context</TableHead>
          <TableHead>Tiers</TableHead>
          <TableHead>In force</TableHead>
          <TableHead>Rules</TableHead>
          <TableHead className="text-right">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {groups.map((g) => {
          const active = g.versions.find((v) => v.status === "ACTIVE") ?? null;
          const shown = active ?? g.versions[0];
          const drafts = g.versions.filter((v) => v.status === "DRAFT").length;
          const expanded = open.has(g.key);
          // the toggle controls the version rows; the first carries its own anchor id (policyAnchor)
          const historyId = policyAnchor(g.versions[0].urn);
          return (
            <Fragment key={g.key}>
              <TableRow data-testid="policy-context" className={cn(expanded && "border-b-0 bg-muted/30")}>
                <TableCell className="px-1">
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    onClick={() => toggle(g.key)}
                    aria-expanded={expanded}
                    aria-controls={historyId}
                    aria-label={`${expanded ? "Hide" : "Show"} the ${g.versions.length} versions of ${g.label}`}
                    data-testid="policy-history-toggle"
                  >
                    <ChevronRight className={cn("transition-transform", expanded && "rotate-90")} aria-hidden />
                  </Button>
                </TableCell>
                <TableCell className={cn("font-medium", STICKY_COLUMN, expanded && "bg-muted")}>{g.label}</TableCell>
                <TableCell>
                  <div className="flex flex-wrap gap-1">
                    {g.tiers.map((t) => (
                      <Badge key={t} variant="secondary">
                        {t.replaceAll("_", " ").toLowerCase()}
                      </Badge>
                    ))}
                  </div>
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  {active ? (
                    <span className="text-sm">
                      <span className="font-mono font-semibold">v{active.version}</span> <span className="text-muted-foreground">{active.name}</span>
                    </span>
                  ) : (
                    <Badge variant="warning">none active</Badge>
                  )}
                  <div className="text-xs text-muted-foreground">
                    {g.versions.length} {g.versions.length === 1 ? "version" : "versions"}
                    {drafts > 0 && ` · ${drafts} draft${drafts > 1 ? "s" : ""}`}
                  </div>
                </TableCell>
                <TableCell className="text-xs text-muted-foreground">{policySummary(shown)}</TableCell>
                <TableCell className="text-right">
                  {canWrite && active && (
                    <Button asChild size="sm" variant="outline" data-testid="policy-new-version">
                      <Link href={`/policies/${encodeURIComponent(active.urn)}/edit${query}`}>
                        <Pencil aria-hidden />
                        New version
                      </Link>
                    </Button>
                  )}
                </TableCell>
              </TableRow>
              {expanded &&
                g.versions.map((p, i) => (
                  <TableRow
                    key={p.urn}
                    id={policyAnchor(p.urn)}
                    data-testid="policy-version"
                    data-urn={p.urn}
                    data-status={p.status}
                    className={cn("bg-muted/30 text-sm", i < g.versions.length - 1 && "border-b-0")}
                  >
                    <TableCell />
                    <TableCell className={cn("pl-6", STICKY_COLUMN, "bg-muted")}>
                      <span className="font-mono font-semibold">v{p.version}</span> <span data-testid="policy-version-name">{p.name}</span>
                      {p.provenance?.source === "ai" && (
                        <Badge variant="outline" className="ml-2" title={`confidence ${p.provenance.confidence}`}>
                          drafted by AI
                        </Badge>
                      )}
                    </TableCell>
                    <TableCell>
                      <StatusBadge status={p.status} testId="policy-status" />
                    </TableCell>
                    <TableCell className="whitespace-nowrap text-xs">
                      {p.activatedAt ? (
                        <>
                          activated <span className="font-mono">{formatUtc(p.activatedAt)}</span>
                          <div className="text-muted-foreground">by {who(p.activatedBy)}</div>
                        </>
                      ) : (
                        <>
                          created {formatAge(p.createdAt)} ago
                          <div className="text-muted-foreground">by {who(p.createdBy)}</div>
                        </>
                      )}
                    </TableCell>
                    <TableCell className="text-xs text-muted-foreground">
                      {policySummary(p)}
                      <VersionChanges changes={changesFrom(p, g.versions.find((v) => v.version === p.version - 1))} previous={p.version - 1} />
                    </TableCell>
                    <TableCell>
                      <div className="flex justify-end gap-2">
                        {canWrite && p.status !== "ACTIVE" && <ActivateButton policy={p} activeVersion={active?.version ?? null} />}
                        {canWrite && p.status === "DRAFT" && (
                          <Button asChild size="sm" variant="outline" data-testid="policy-edit">
                            <Link href={`/policies/${encodeURIComponent(p.urn)}/edit${query}`}>
                              <Pencil aria-hidden />
                              Edit
                            </Link>
                          </Button>
                        )}
                      </div>
                    </TableCell>
                  </TableRow>
                ))}
            </Fragment>
          );
        })}
      </TableBody>
    </Table>
  );
}

function VersionChanges({ changes, previous }: { changes: string[]; previous: number }) {
  if (previous < 1) return null;
  if (changes.length === 0) return <div className="mt-1">same rules as v{previous}</div>;
  return (
    <details className="mt-1" data-testid="policy-version-diff">
      <summary className="cursor-pointer text-foreground">
        {changes.length} {changes.length === 1 ? "change" : "changes"} from v{previous}
      </summary>
      <ul className="mt-1 grid gap-0.5">
        {changes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
    </details>
  );
}

import { Workflow } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { z } from "zod";
import { AutoRefresh } from "@/components/console/auto-refresh";
import { EmptyState } from "@/components/console/empty-state";
import { FilterForm } from "@/components/console/filter-form";
import { formatAge, formatDuration, formatUtc } from "@/components/console/format";
import { PageHeader } from "@/components/console/page-header";
import { StatusBadge } from "@/components/console/status-badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { hasPermission } from "@/lib/auth/roles";
import { pageParam, refused } from "@/lib/console/page-params";
import { sessionCtx } from "@/lib/console/session-ctx";
import { jobMode } from "@/lib/config/job-mode";
import { listRuns, listUnheardEvents, type RunStatus } from "@/lib/jobs/queries";
import { Text } from "@/lib/primitives";

export const metadata: Metadata = { title: "Job runs" };

const STATUSES: RunStatus[] = ["QUEUED", "RUNNING", "SLEEPING", "RETRYING", "COMPLETED", "FAILED", "CANCELLED"];
const ACTIVE = new Set<string>(["QUEUED", "RUNNING", "RETRYING"]);

function one(v: string | string[] | undefined): string | undefined {
  const s = Array.isArray(v) ? v[0] : v;
  return s?.trim() || undefined;
}

export default async function JobRunsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const ctx = await sessionCtx();
  if (!hasPermission(ctx.principal.roles, "admin")) return null; // the admin layout explains
  const sp = await searchParams;
  // filter values are case-insensitive in a URL: ?status=failed
  const statusParam = one(sp.status)?.toUpperCase();
  const status = STATUSES.find((s) => s === statusParam);
  // a run's id is its UUIDv7 and the page's cursor; a function id is NUL-free text (lib/primitives)
  const functionParam = pageParam(Text.trim().max(200), sp.function);
  const cursorParam = pageParam(z.uuid(), sp.cursor);
  if (refused(functionParam) || refused(cursorParam)) notFound();
  const functionId = functionParam.value;
  const cursor = cursorParam.value;
  const [{ items, nextCursor }, unheard] = await Promise.all([
    listRuns(ctx.db, { tenant: ctx.principal.tenant, status, functionId, cursor, limit: 50 }),
    listUnheardEvents(ctx.db, ctx.principal.tenant, 10),
  ]);
  const filtered = Boolean(status || functionId);
  const mode = jobMode();
  const qs = (extra: Record<string, string | undefined>) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries({ status, function: functionId, ...extra })) if (v) p.set(k, v);
    const s = p.toString();
    return s ? `?${s}` : "";
  };

  return (
    <>
      <AutoRefresh active={items.some((r) => ACTIVE.has(r.status))} />
      <PageHeader
        title="Job runs"
        description={
          mode === "embedded"
            ? "Background work run by the embedded job runner: allocation, booking, notifications. Each run keeps its steps, attempts and errors."
            : "Jobs run on the configured Inngest server; its dashboard shows their runs."
        }
      />
      <FilterForm values={[status, functionId]} label="Filter job runs" clearHref="/admin/jobs" filtered={filtered}>
        <div className="grid gap-1.5">
          <Label htmlFor="status">Status</Label>
          <NativeSelect id="status" name="status" defaultValue={status ?? ""} className="w-40">
            <option value="">Any status</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s.toLowerCase()}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="function">Function</Label>
          <Input id="function" name="function" defaultValue={functionId ?? ""} placeholder="Any function" className="w-56 font-mono" />
        </div>
      </FilterForm>
      {items.length === 0 ? (
        <EmptyState icon={Workflow} title={filtered ? "No runs match these filters" : cursor ? "No older runs" : "No job runs yet"} testId="jobs-empty">
          {mode === "inngest" ? (
            <p>This server sends its events to Inngest, so runs appear in the Inngest dashboard rather than here.</p>
          ) : (
            <p>A run appears here when an event starts background work, for example when a demand is approved and allocation begins.</p>
          )}
        </EmptyState>
      ) : (
        <>
          <Table data-testid="jobs-table">
            <TableHeader>
              <TableRow>
                <TableHead>Function</TableHead>
                <TableHead>Event</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right" title="failed attempts so far, of the attempts allowed">Failures / max</TableHead>
                <TableHead>Queued (UTC)</TableHead>
                <TableHead>Started</TableHead>
                <TableHead className="text-right">Took</TableHead>
                <TableHead>Error</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {items.map((r) => (
                <TableRow key={r.id} data-testid="job-row">
                  <TableCell>
                    <Link href={`/admin/jobs/${r.id}`} className="font-mono text-xs font-medium text-primary hover:underline">
                      {r.functionId}
                    </Link>
                  </TableCell>
                  <TableCell className="font-mono text-xs">{r.eventName}</TableCell>
                  <TableCell>
                    <StatusBadge status={r.status} />
                    {r.status === "SLEEPING" || r.status === "RETRYING" ? (
                      <div className="mt-0.5 text-xs text-muted-foreground">next {formatAge(r.nextRunAt)}</div>
                    ) : null}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">
                    {r.attempt}/{r.maxAttempts}
                  </TableCell>
                  <TableCell className="whitespace-nowrap font-mono text-xs">{formatUtc(r.createdAt, { seconds: true })}</TableCell>
                  <TableCell className="whitespace-nowrap text-xs">{r.startedAt ? `${formatAge(r.startedAt)} ago` : "—"}</TableCell>
                  <TableCell className="text-right text-xs tabular-nums">
                    {r.startedAt && r.endedAt ? formatDuration(r.endedAt.getTime() - r.startedAt.getTime()) : "—"}
                  </TableCell>
                  <TableCell className="max-w-80 truncate text-xs text-destructive" title={r.error?.message}>
                    {r.error ? `${r.error.name}: ${r.error.message}` : ""}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <div className="mt-3 flex justify-end gap-2">
            {cursor && (
              <Button asChild variant="outline" size="sm">
                <Link href={`/admin/jobs${qs({})}`}>Newest</Link>
              </Button>
            )}
            {nextCursor && (
              <Button asChild variant="outline" size="sm">
                <Link href={`/admin/jobs${qs({ cursor: nextCursor })}`}>Older runs</Link>
              </Button>
            )}
          </div>
        </>
      )}
      {mode === "embedded" && unheard.length > 0 ? (
        <section className="mt-8" data-testid="jobs-unheard">
          <h2 className="text-sm font-semibold">Events no function listened to</h2>
          <p className="mb-2 text-xs text-muted-foreground">The latest events this process dispatched without starting any run: their job may not exist yet.</p>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Event</TableHead>
                <TableHead>Emitted (UTC)</TableHead>
                <TableHead>Id</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {unheard.map((e) => (
                <TableRow key={e.id} data-testid="unheard-row">
                  <TableCell className="font-mono text-xs">{e.name}</TableCell>
                  <TableCell className="whitespace-nowrap font-mono text-xs">{formatUtc(e.createdAt, { seconds: true })}</TableCell>
                  <TableCell className="font-mono text-xs text-muted-foreground">{e.id}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </section>
      ) : null}
    </>
  );
}

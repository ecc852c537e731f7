import { ArrowLeft } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { z } from "zod";
import { AutoRefresh } from "@/components/console/auto-refresh";
import { EmptyState } from "@/components/console/empty-state";
import { formatDuration, formatUtc } from "@/components/console/format";
import { JsonView } from "@/components/console/json-view";
import { PageHeader } from "@/components/console/page-header";
import { StatusBadge } from "@/components/console/status-badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { hasPermission } from "@/lib/auth/roles";
import { pageParam } from "@/lib/console/page-params";
import { sessionCtx } from "@/lib/console/session-ctx";
import { decodeSegment } from "@/lib/ids";
import { getRun } from "@/lib/jobs/queries";
import { ListChecks } from "lucide-react";
import type { JobError } from "@/db/schema";

export const metadata: Metadata = { title: "Job run" };

const ACTIVE = new Set(["QUEUED", "RUNNING", "RETRYING", "SLEEPING"]);

export default async function JobRunPage({ params }: { params: Promise<{ runId: string }> }) {
  const ctx = await sessionCtx();
  if (!hasPermission(ctx.principal.roles, "admin")) return null;
  const { runId } = await params;
  // a run's id is a UUIDv7: anything else names no run (and "%00" made PostgreSQL refuse the query)
  const id = pageParam(z.uuid(), decodeSegment(runId));
  if (!id.given || !id.ok) notFound();
  const detail = await getRun(ctx.db, id.value, ctx.principal.tenant);
  if (!detail) notFound();
  const { run, steps, event } = detail;

  return (
    <>
      <AutoRefresh active={ACTIVE.has(run.status)} />
      <Link href="/admin/jobs" className="mb-3 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden /> Job runs
      </Link>
      <PageHeader title={run.functionId} description={<span className="font-mono text-xs">run {run.id}</span>} actions={<StatusBadge status={run.status} testId="job-status" />} />
      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-1">
          <CardHeader>
            <CardTitle className="text-sm">Run</CardTitle>
          </CardHeader>
          <CardContent>
            {/* minmax(0, 1fr): a long event name wraps instead of widening the card past a phone's width */}
            <dl className="grid grid-cols-[8rem_minmax(0,1fr)] gap-y-1.5 text-sm">
              <dt className="text-muted-foreground">Event</dt>
              <dd className="font-mono text-xs [overflow-wrap:anywhere]">{run.eventName}</dd>
              <dt className="text-muted-foreground">Failures</dt>
              <dd className="tabular-nums">
                {run.attempt} (at most {run.maxAttempts} attempts)
              </dd>
              <dt className="text-muted-foreground">Queued</dt>
              <dd className="font-mono text-xs">{formatUtc(run.createdAt, { seconds: true })}</dd>
              <dt className="text-muted-foreground">Started</dt>
              <dd className="font-mono text-xs">{formatUtc(run.startedAt, { seconds: true })}</dd>
              <dt className="text-muted-foreground">Ended</dt>
              <dd className="font-mono text-xs">{formatUtc(run.endedAt, { seconds: true })}</dd>
              <dt className="text-muted-foreground">Took</dt>
              <dd>{run.startedAt && run.endedAt ? formatDuration(run.endedAt.getTime() - run.startedAt.getTime()) : "—"}</dd>
              {!["COMPLETED", "FAILED", "CANCELLED"].includes(run.status) && (
                <>
                  <dt className="text-muted-foreground">Next run</dt>
                  <dd className="font-mono text-xs">{formatUtc(run.nextRunAt, { seconds: true })}</dd>
                </>
              )}
              {run.concurrencyKey && (
                <>
                  <dt className="text-muted-foreground">Concurrency key</dt>
                  <dd className="break-all font-mono text-xs">{run.concurrencyKey}</dd>
                </>
              )}
            </dl>
          </CardContent>
        </Card>
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle className="text-sm">Event data</CardTitle>
          </CardHeader>
          <CardContent>
            <JsonView value={event?.data ?? run.event} />
          </CardContent>
        </Card>
        {run.error && (
          <Card className="border-destructive/40 lg:col-span-3">
            <CardHeader>
              <CardTitle className="text-sm text-destructive">Error</CardTitle>
            </CardHeader>
            <CardContent>
              <ErrorView error={run.error} />
            </CardContent>
          </Card>
        )}
        {run.output !== null && run.output !== undefined && (
          <Card className="lg:col-span-3">
            <CardHeader>
              <CardTitle className="text-sm">Output</CardTitle>
            </CardHeader>
            <CardContent>
              <JsonView value={run.output} />
            </CardContent>
          </Card>
        )}
      </div>
      <h2 className="mb-2 mt-6 font-semibold">Steps</h2>
      {steps.length === 0 ? (
        <EmptyState icon={ListChecks} title="No steps recorded yet" testId="steps-empty">
          <p>Each completed step is kept here and never run again when the run resumes.</p>
        </EmptyState>
      ) : (
        <Table data-testid="steps-table">
          <TableHeader>
            <TableRow>
              <TableHead>Step</TableHead>
              <TableHead>Kind</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Attempts</TableHead>
              <TableHead>Started (UTC)</TableHead>
              <TableHead>Last change</TableHead>
              <TableHead className="min-w-72">Output / error</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {steps.map((s) => (
              <TableRow key={s.stepId} className="align-top">
                <TableCell className="align-top font-mono text-xs font-medium [overflow-wrap:anywhere]">{s.stepId}</TableCell>
                <TableCell className="align-top text-xs">{s.op}</TableCell>
                <TableCell className="align-top">
                  <StatusBadge status={s.status} />
                  {s.wakeAt && s.status === "SLEEPING" && <div className="mt-0.5 text-xs text-muted-foreground">wakes {formatUtc(s.wakeAt)}</div>}
                  {s.status === "WAITING" && (
                    <div className="mt-0.5 text-xs text-muted-foreground">
                      for <span className="font-mono">{s.waitEvent}</span>
                      {s.waitMatch ? ` (${s.waitMatch} = ${JSON.stringify(s.waitValue)})` : ""}
                      {s.wakeAt ? `, until ${formatUtc(s.wakeAt)}` : ""}
                    </div>
                  )}
                </TableCell>
                <TableCell className="text-right align-top tabular-nums">{s.attempts}</TableCell>
                <TableCell className="whitespace-nowrap align-top font-mono text-xs">{formatUtc(s.createdAt, { seconds: true })}</TableCell>
                <TableCell className="whitespace-nowrap align-top font-mono text-xs">{formatUtc(s.updatedAt, { seconds: true })}</TableCell>
                <TableCell className="align-top">{s.error ? <ErrorView error={s.error} /> : <JsonView value={s.output} maxHeight="10rem" />}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </>
  );
}

function ErrorView({ error }: { error: JobError }) {
  return (
    <div className="grid gap-1 text-sm">
      <p className="font-medium text-destructive">
        {error.name}: {error.message}
      </p>
      {error.stack && (
        <details>
          <summary className="cursor-pointer text-xs text-muted-foreground">Stack trace</summary>
          <pre className="mt-1 max-h-64 overflow-auto rounded-md bg-muted/60 p-2 font-mono text-xs">{error.stack}</pre>
        </details>
      )}
    </div>
  );
}

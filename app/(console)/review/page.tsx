import { Inbox } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { AutoRefresh } from "@/components/console/auto-refresh";
import { EmptyState } from "@/components/console/empty-state";
import { FilterForm } from "@/components/console/filter-form";
import { formatAge, formatInstant } from "@/components/console/format";
import { PageHeader } from "@/components/console/page-header";
import { PriorityBadge, SlaBadge, StatusBadge } from "@/components/console/status-badge";
import { byUrgency, priorityTone, slaState, TONE_VARIANT } from "@/components/console/urgency";
import { ModeBadge } from "@/components/drills/mode-badge";
import { ReviewQueueKeys } from "@/components/review/queue-keys";
import { WaitingDemands } from "@/components/demand/waiting-demands";
import { hasPermission } from "@/lib/auth/roles";
import { demandsAwaitingDecision } from "@/lib/demand/awaiting";
import { deskAsks } from "@/lib/review/ask-desk";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import {
  STICKY_COLUMN,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { sessionCtx } from "@/lib/console/session-ctx";
import { airportTimeZones } from "@/lib/cases/airports";
import {
  type ReviewCaseLabel,
  reviewCaseLabels,
} from "@/lib/review/case-flights";
import { listReviewItems } from "@/lib/review/list";
import { type ReviewQueueSummary, reviewQueueSummary } from "@/lib/review/summary";
import {
  type ReviewItem,
  type ReviewPriority,
  ReviewListQuery,
  ReviewPriority as Priorities,
  ReviewState,
} from "@/lib/records/review";
import { upperCaseEnums } from "@/lib/api/query-case";
import { userNames } from "@/lib/users/names";
import { subjectWords } from "@/lib/users/subject-words";
import { cn } from "@/lib/utils";
import { ListRefusal, tryList } from "../list-refusal";

export const metadata: Metadata = { title: "Review queue" };

function one(v: string | string[] | undefined): string | undefined {
  const s = Array.isArray(v) ? v[0] : v;
  return s?.trim() || undefined;
}

const label = (s: string) => s.replaceAll("_", " ").toLowerCase();

export default async function ReviewQueuePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const ctx = await sessionCtx();
  const sp = await searchParams;
  const raw = {
    state: one(sp.state),
    priority: one(sp.priority),
    cursor: one(sp.cursor),
    limit: 100,
  };
  const parsed = ReviewListQuery.safeParse(upperCaseEnums(ReviewListQuery, raw));
  const query = parsed.success
    ? parsed.data
    : ReviewListQuery.parse({ limit: 100 });
  const filtered = Boolean(query.state || query.priority);
  // without a state filter the queue is the work still to do: open and claimed items
  // a broken cursor in the URL: a calm notice, not the error page
  const listed = await tryList(() => listReviewItems({ ctx, input: { ...query, unresolvedOnly: true } }));
  const page = listed.ok ? listed.value : { items: [], nextCursor: null };
  const cases = await reviewCaseLabels(
    ctx,
    page.items.map((i) => i.caseUrn),
  );
  // the page is oldest first; within it, overdue first, then by priority (a stable sort keeps age order)
  const now = new Date();
  const items = byUrgency(page.items, now);
  const summary = await reviewQueueSummary({ ctx, now });
  // rooms requested and not decided are a supervisor's work too: listed above the items, decided here
  // items a supervisor handed to an airport's desk, shown until an operator claims them
  const asks = await deskAsks(ctx, items.filter((i) => i.state === "OPEN").map((i) => i.urn));
  const demands = filtered || query.cursor ? [] : await demandsAwaitingDecision({ ctx });
  const zones = await airportTimeZones(ctx, page.items.map((i) => cases.get(i.caseUrn)?.airport ?? i.airport));
  // claimants by name, in one query for the page and the summary
  const names = await userNames({ ctx, input: { urns: [...items.map((i) => i.assignedTo ?? ""), ...summary.claimedBy.map((c) => c.assignee)] } });
  const qs = (extra: Record<string, string | undefined>) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries({
      state: query.state,
      priority: query.priority,
      ...extra,
    }))
      if (v) p.set(k, v);
    const s = p.toString();
    return s ? `?${s}` : "";
  };

  return (
    <>
      <AutoRefresh active intervalMs={15_000} />
      <PageHeader
        title="Review queue"
        actions={<ReviewQueueKeys />}
        description="Everything automation could not resolve: groups no compliant hotel could take, bookings every hotel refused, payment failures, mixed-tier groups, incomplete manifests; and rooms requested that wait for a supervisor's approval. Most urgent first, then oldest."
      />
      <FilterForm values={[query.state, query.priority]}
        label="Filter review items"
        clearHref="/review"
        filtered={filtered}
        testId="review-filters"
        applyTestId="review-filter-apply"
        notice={!parsed.success && (
          <p className="w-full text-sm text-destructive">
            Some filters were not valid and were ignored:{" "}
            {parsed.error.issues
              .map((i) => `${i.path.join(".")}: ${i.message}`)
              .join("; ")}
          </p>
        )}
      >
        <div className="grid gap-1.5">
          <Label htmlFor="state">State</Label>
          <NativeSelect
            id="state"
            name="state"
            defaultValue={query.state ?? ""}
            className="w-44"
            data-testid="review-filter-state"
          >
            <option value="">Open and claimed</option>
            {ReviewState.options.map((s) => (
              <option key={s} value={s}>
                {label(s)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="priority">Priority</Label>
          <NativeSelect
            id="priority"
            name="priority"
            defaultValue={query.priority ?? ""}
            className="w-36"
            data-testid="review-filter-priority"
          >
            <option value="">Any priority</option>
            {Priorities.options.map((p) => (
              <option key={p} value={p}>
                {label(p)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </FilterForm>
      <QueueSummary summary={summary} names={names} />
      <WaitingDemands demands={demands} now={now.getTime()} canDecide={hasPermission(ctx.principal.roles, "demand:decide")} showAirport />
      {!listed.ok ? (
        <ListRefusal error={listed.error} what="review items" myAirports={ctx.principal.airports} clearHref="/review" />
      ) : items.length === 0 ? (
        <EmptyState
          icon={Inbox}
          title={
            filtered
              ? "No review items match these filters"
              : query.cursor
                ? "No more review items"
                : demands.length > 0
                  ? "No review items"
                  : "Nothing waits for a person"
          }
          testId="review-empty"
        >
          {filtered ? (
            <p>
              Try another state or priority, or{" "}
              <Link href="/review" className="text-primary underline">
                clear the filters
              </Link>
              .
            </p>
          ) : (
            <p>
              An item appears here when automation cannot finish on its own at{" "}
              {ctx.principal.airports.includes("*")
                ? "any of your airports"
                : ctx.principal.airports.join(", ")}
              : a group no compliant hotel could take, a booking every hotel
              refused, a payment failure, a mixed-tier group or an incomplete
              manifest. Each carries an SLA clock from the moment it is raised.
            </p>
          )}
        </EmptyState>
      ) : (
        <>
          <Table stack data-testid="review-table">
            <TableHeader>
              <TableRow>
                <TableHead className={STICKY_COLUMN}>Item</TableHead>
                <TableHead>Case</TableHead>
                <TableHead>Groups</TableHead>
                <TableHead>Detail</TableHead>
                <TableHead>State</TableHead>
                <TableHead className="text-right">Age</TableHead>
                <TableHead className="text-right">SLA due</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {items.map((item) => (
                <ReviewRow
                  key={item.urn}
                  item={item}
                  flight={cases.get(item.caseUrn)}
                  names={names}
                  desk={asks.get(item.urn)?.desk}
                  now={now}
                  zone={zones[cases.get(item.caseUrn)?.airport ?? item.airport ?? ""] ?? null}
                />
              ))}
            </TableBody>
          </Table>
          <div className="mt-3 flex justify-end gap-2">
            {query.cursor && (
              <Button asChild variant="outline" size="sm">
                <Link href={`/review${qs({})}`}>Oldest</Link>
              </Button>
            )}
            {page.nextCursor && (
              <Button asChild variant="outline" size="sm">
                <Link href={`/review${qs({ cursor: page.nextCursor })}`}>
                  Newer items
                </Link>
              </Button>
            )}
          </div>
        </>
      )}
    </>
  );
}

function ReviewRow({
  item,
  flight,
  names,
  desk,
  now,
  zone,
}: {
  desk?: string;
  item: ReviewItem;
  flight: ReviewCaseLabel | undefined;
  names: Record<string, string>;
  now: Date;
  zone: string | null;
}) {
  const raised = formatInstant(item.createdAt, zone, "local");
  const overdue = slaState(item, now) === "overdue";
  return (
    <TableRow
      className={cn(overdue && "bg-destructive/5")}
      data-testid="review-row"
      data-overdue={overdue || undefined}
      data-urn={item.urn}
      data-priority={item.priority}
      data-state={item.state}
    >
      {/* priority and what it is stay in view while the rest scrolls on a phone */}
      <TableCell className={cn("whitespace-nowrap", STICKY_COLUMN)} data-key>
        <PriorityBadge priority={item.priority} testId="review-priority" />
        <div className="mt-1">
          <Link
            href={`/review/${encodeURIComponent(item.urn)}`}
            className="text-primary hover:underline"
            data-testid="review-item-link"
          >
            {label(item.category)}
          </Link>
        </div>
      </TableCell>
      <TableCell>
        <Link
          href={`/cases/${encodeURIComponent(item.caseUrn)}`}
          className="font-mono font-semibold text-primary hover:underline"
          data-testid="review-case-link"
        >
          {flight?.flight.number ?? "case"}
        </Link>
        <ModeBadge mode={flight?.mode} className="ml-2" />
        <div className="font-mono text-xs text-muted-foreground">
          {flight?.airport ?? item.airport ?? "—"}
        </div>
      </TableCell>
      <TableCell className="font-mono text-xs" data-label="Groups">
        {item.affectedGroups.length ? item.affectedGroups.join(", ") : "—"}
      </TableCell>
      <TableCell className="max-w-md text-sm" data-wide>
        <p className="line-clamp-2" title={item.detail ?? undefined}>
          {item.detail ?? "—"}
        </p>
      </TableCell>
      <TableCell>
        <StatusBadge status={item.state} testId="review-state" />
        {desk && item.state === "OPEN" && (
          <div className="mt-1 text-xs text-muted-foreground" data-testid="review-desk">
            asked of the {desk} desk
          </div>
        )}
        {item.assignedTo && (
          <div className="mt-1 truncate text-xs text-muted-foreground" data-testid="review-assignee">
            {subjectWords(item.assignedTo, names)}
          </div>
        )}
      </TableCell>
      <TableCell
        className="whitespace-nowrap text-right text-xs tabular-nums"
        title={`Raised ${raised.text} (${raised.other.slice(-9)})`}
        data-label="Age"
      >
        {formatAge(item.createdAt, now)}
      </TableCell>
      <TableCell className="whitespace-nowrap text-right text-xs tabular-nums" data-label="SLA">
        <SlaBadge item={item} now={now} testId="review-sla" zone={zone} />
        {item.escalations > 0 && (
          <div className="font-semibold text-destructive" data-testid="review-escalations" title="SLA breaches: each paged on-call and raised the priority">
            escalated ×{item.escalations}
          </div>
        )}
      </TableCell>
    </TableRow>
  );
}

/** Counts over every unresolved item in the caller's airports: by priority, by age, overdue, and who holds what. */
function QueueSummary({ summary, names }: { summary: ReviewQueueSummary; names: Record<string, string> }) {
  return (
    <div className="mb-4 grid gap-3 rounded-md border p-3 text-sm sm:grid-cols-3" data-testid="review-summary">
      <div>
        <div className="text-xs font-medium text-muted-foreground">By priority</div>
        <div className="mt-1 flex flex-wrap gap-2">
          {(Object.keys(summary.byPriority) as ReviewPriority[]).map((p) => (
            <Badge key={p} variant={TONE_VARIANT[priorityTone(p)]} data-testid={`review-count-${p}`}>
              {label(p)} {summary.byPriority[p]}
            </Badge>
          ))}
          {summary.overdue > 0 && <span className="font-semibold text-destructive" data-testid="review-count-overdue">{summary.overdue} overdue</span>}
        </div>
      </div>
      <div>
        <div className="text-xs font-medium text-muted-foreground">By age</div>
        <div className="mt-1 flex flex-wrap gap-3 tabular-nums">
          {summary.byAge.map((b) => (
            <span key={b.label}>
              {b.label}: <strong>{b.count}</strong>
            </span>
          ))}
        </div>
      </div>
      <div>
        <div className="text-xs font-medium text-muted-foreground">Claimed</div>
        <div className="mt-1 grid gap-0.5" data-testid="review-claimants">
          <span>unclaimed: <strong>{summary.unclaimed}</strong></span>
          {summary.claimedBy.map((c) => (
            <span key={c.assignee} className="truncate">
              {subjectWords(c.assignee, names)}: <strong>{c.count}</strong>
            </span>
          ))}
        </div>
      </div>
    </div>
  );
}

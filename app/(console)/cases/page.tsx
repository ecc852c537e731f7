import { ClipboardList } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { AutoRefresh } from "@/components/console/auto-refresh";
import { EmptyState } from "@/components/console/empty-state";
import { FilterForm } from "@/components/console/filter-form";
import { FilterNotice } from "@/components/console/filter-notice";
import { formatAge } from "@/components/console/format";
import { LocalTime } from "@/components/console/local-time";
import { airportTimeZones } from "@/lib/cases/airports";
import { PageHeader } from "@/components/console/page-header";
import { StatusBadge } from "@/components/console/status-badge";
import { RoomsMeter } from "@/components/cases/rooms-meter";
import { ModeBadge } from "@/components/drills/mode-badge";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { STICKY_COLUMN, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { sessionCtx } from "@/lib/console/session-ctx";
import { listCases } from "@/lib/cases/list";
import { upperCaseEnums } from "@/lib/api/query-case";
import { CASE_STATUSES, CaseListQuery } from "@/lib/cases/schemas";
import { userNames } from "@/lib/users/names";
import { subjectWords } from "@/lib/users/subject-words";
import type { z } from "zod";
import { ListRefusal, tryList } from "../list-refusal";

export const metadata: Metadata = { title: "Cases" };

const FILTER_LABELS: Record<string, string> = { q: "Search", status: "Status", airport: "Airport", flight: "Flight", sort: "Sort", order: "Order", cursor: "The page link" };

// one select for field and direction: "departure-desc" submits as sort=departure&order=desc (see sortChoice)
const SORT_CHOICES = [
  { value: "created", label: "Newest first" },
  { value: "created-asc", label: "Oldest first" },
  { value: "departure", label: "Departure, earliest first" },
  { value: "departure-desc", label: "Departure, latest first" },
  { value: "flight", label: "Flight number" },
  { value: "status", label: "Status, needs a person first" },
] as const;

function sortChoice(sort: string, order: string | undefined): string {
  const defaultOrder = sort === "created" ? "desc" : "asc";
  return !order || order === defaultOrder ? sort : `${sort}-${order}`;
}

/** The raw filters minus those the schema refused, so the rest still apply. */
function withoutFailed(raw: Record<string, unknown>, error: z.ZodError): Record<string, unknown> {
  const failed = new Set(error.issues.map((i) => String(i.path[0])));
  return Object.fromEntries(Object.entries(raw).filter(([k]) => !failed.has(k)));
}

function one(v: string | string[] | undefined): string | undefined {
  const s = Array.isArray(v) ? v[0] : v;
  return s?.trim() || undefined;
}

/** "departure-desc" from the sort select: the field and the direction. */
function splitSort(v: string | undefined, order: string | undefined): { sort?: string; order?: string } {
  const m = v ? /^([a-z]+)-(asc|desc)$/.exec(v) : null;
  return m ? { sort: m[1], order: m[2] } : { sort: v, order };
}

export default async function CasesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const ctx = await sessionCtx();
  const sp = await searchParams;
  const raw = {
    q: one(sp.q),
    status: one(sp.status),
    airport: one(sp.airport)?.toUpperCase(),
    flight: one(sp.flight)?.toUpperCase(),
    ...splitSort(one(sp.sort), one(sp.order)),
    cursor: one(sp.cursor),
    limit: 50,
  };
  const parsed = CaseListQuery.safeParse(upperCaseEnums(CaseListQuery, raw));
  // the valid filters still apply when one is refused: drop only the fields that failed
  const query = parsed.success ? parsed.data : CaseListQuery.parse(withoutFailed(raw, parsed.error));
  const filtered = Boolean(query.q || query.status || query.airport || query.flight);
  // an airport outside the user's scope or a broken cursor in the URL: a calm notice, not the error page
  const listed = await tryList(() => listCases({ ctx, input: query }));
  const page = listed.ok ? listed.value : { items: [], nextCursor: null };
  const creators = await userNames({ ctx, input: { urns: page.items.map((c) => c.createdBy) } });
  const allAirports = ctx.principal.airports.includes("*");
  const now = new Date();
  const zones = await airportTimeZones(ctx, page.items.map((c) => c.airport));
  const qs = (extra: Record<string, string | undefined>) => {
    const p = new URLSearchParams();
    const sorting = { sort: query.sort === "created" ? undefined : query.sort, order: query.order };
    for (const [k, v] of Object.entries({ q: query.q, status: query.status, airport: query.airport, flight: query.flight, ...sorting, ...extra })) if (v) p.set(k, v);
    const s = p.toString();
    return s ? `?${s}` : "";
  };

  return (
    <>
      {/* a list left open through the night keeps itself current */}
      <AutoRefresh active intervalMs={15_000} />
      <PageHeader title="Cases" description="One case per disrupted flight: its passengers, the rooms requested for them and how many are booked. Search by flight, PNR or passenger name." />
      <FilterForm
        values={[query.q, query.status, query.airport, query.flight, query.sort, query.order]}
        label="Filter cases"
        clearHref="/cases"
        filtered={filtered}
        testId="case-filters"
        applyTestId="case-filter-apply"
        notice={!parsed.success && <FilterNotice error={parsed.error} labels={FILTER_LABELS} testId="case-filter-notice" />}
      >
        <div className="grid w-full gap-1.5 sm:w-64">
          <Label htmlFor="q">Search</Label>
          <Input id="q" name="q" type="search" defaultValue={query.q ?? raw.q ?? ""} placeholder="Flight, PNR or passenger name" data-testid="case-search" />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="status">Status</Label>
          <NativeSelect id="status" name="status" defaultValue={query.status ?? ""} className="w-44" data-testid="case-filter-status">
            <option value="">Any status</option>
            {CASE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s.replaceAll("_", " ").toLowerCase()}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="airport">Airport</Label>
          {allAirports ? (
            <Input id="airport" name="airport" defaultValue={query.airport ?? ""} placeholder="Any" maxLength={3} className="w-24 font-mono uppercase placeholder:font-sans placeholder:normal-case" data-testid="case-filter-airport" />
          ) : (
            <NativeSelect id="airport" name="airport" defaultValue={query.airport ?? ""} className="w-32" data-testid="case-filter-airport">
              <option value="">All mine</option>
              {ctx.principal.airports.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </NativeSelect>
          )}
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="flight">Flight</Label>
          <Input id="flight" name="flight" defaultValue={query.flight ?? ""} placeholder="e.g. AF1234" className="w-32 font-mono uppercase placeholder:font-sans placeholder:normal-case" />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="sort">Sort by</Label>
          <NativeSelect id="sort" name="sort" defaultValue={sortChoice(query.sort, query.order)} className="w-48" data-testid="case-sort">
            {SORT_CHOICES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </NativeSelect>
        </div>
      </FilterForm>
      {!listed.ok ? (
        <ListRefusal error={listed.error} what="cases" airport={query.airport} myAirports={ctx.principal.airports} clearHref="/cases" />
      ) : page.items.length === 0 ? (
        <EmptyState icon={ClipboardList} title={query.q ? `No case matches “${query.q}”` : filtered ? "No cases match these filters" : query.cursor ? "No more cases" : "No cases yet"} testId="cases-empty">
          {filtered ? (
            <p>
              {query.q ? "The search looks in flight numbers, PNRs, passenger names and event ids. " : "Try another status or airport, or "}
              <Link href="/cases" className="text-primary underline">clear the filters</Link>.
            </p>
          ) : (
            <p>
              A case appears here when the airline&apos;s feed reports a disrupted flight at {allAirports ? "any of your airports" : ctx.principal.airports.join(", ")}. Its
              passengers, room demand and bookings then fill in as the night goes on.
            </p>
          )}
        </EmptyState>
      ) : (
        <>
          <Table stack data-testid="cases-table">
            <TableHeader>
              <TableRow>
                <TableHead className={STICKY_COLUMN}>Flight</TableHead>
                <TableHead>Airport</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right">Passengers</TableHead>
                <TableHead className="w-56">Rooms booked / requested</TableHead>
                <TableHead className="text-right">Review</TableHead>
                <TableHead>Opened</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {page.items.map((c) => (
                <TableRow key={c.urn} data-testid="case-row" data-urn={c.urn}>
                  <TableCell className={STICKY_COLUMN} data-key>
                    <Link href={`/cases/${encodeURIComponent(c.urn)}`} className="font-mono font-semibold text-primary hover:underline" data-testid="case-link">
                      {c.flight.number}
                    </Link>
                    <ModeBadge mode={c.mode} className="ml-2" />
                    <div className="text-xs text-muted-foreground">
                      {c.flight.origin} → {c.flight.destination} · <LocalTime at={c.flight.scheduledDeparture} zone={zones[c.airport]} />
                    </div>
                    <div className="max-w-56 break-all font-mono text-xs text-muted-foreground" title={`external event id ${c.externalEventId}`} data-testid="case-event-id">
                      {c.externalEventId}
                    </div>
                  </TableCell>
                  <TableCell className="font-mono" data-label="Airport">{c.airport}</TableCell>
                  <TableCell>
                    <StatusBadge status={c.status} testId="case-status" />
                  </TableCell>
                  <TableCell className="text-right tabular-nums" data-label="Passengers">{c.passengers}</TableCell>
                  <TableCell data-label="Rooms">
                    <RoomsMeter booked={c.roomsBooked} requested={c.roomsRequested} needed={c.roomsNeeded} compact />
                  </TableCell>
                  <TableCell className="text-right" data-label="Review">
                    {c.openReviewItems > 0 ? <Badge variant="warning">{c.openReviewItems} open</Badge> : <span className="text-muted-foreground">—</span>}
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-xs" data-testid="case-opened" data-label="Opened">
                    <div>
                      <LocalTime at={c.createdAt} zone={zones[c.airport]} />
                      <span className="text-muted-foreground"> · {formatAge(c.createdAt, now)} ago</span>
                    </div>
                    <div className="max-w-40 truncate text-muted-foreground" title={c.createdBy} data-testid="case-creator">
                      by {subjectWords(c.createdBy, creators)}
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <div className="mt-3 flex justify-end gap-2">
            {query.cursor && (
              <Button asChild variant="outline" size="sm">
                <Link href={`/cases${qs({})}`}>First page</Link>
              </Button>
            )}
            {page.nextCursor && (
              <Button asChild variant="outline" size="sm">
                <Link href={`/cases${qs({ cursor: page.nextCursor })}`}>Next page</Link>
              </Button>
            )}
          </div>
        </>
      )}
    </>
  );
}

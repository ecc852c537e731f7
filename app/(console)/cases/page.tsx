import { ClipboardList } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { AutoRefresh } from "@/components/console/auto-refresh";
import { EmptyState } from "@/components/console/empty-state";
import { FilterForm } from "@/components/console/filter-form";
import { formatAge, formatUtc } from "@/components/console/format";
import { PageHeader } from "@/components/console/page-header";
import { StatusBadge } from "@/components/console/status-badge";
import { RoomsMeter } from "@/components/cases/rooms-meter";
import { ModeBadge } from "@/components/drills/mode-badge";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { sessionCtx } from "@/lib/auth/session-ctx";
import { listCases } from "@/lib/cases/list";
import { upperCaseEnums } from "@/lib/api/query-case";
import { CASE_STATUSES, CaseListQuery } from "@/lib/cases/schemas";
import { ListRefusal, tryList } from "../list-refusal";

export const metadata: Metadata = { title: "Cases" };

function one(v: string | string[] | undefined): string | undefined {
  const s = Array.isArray(v) ? v[0] : v;
  return s?.trim() || undefined;
}

export default async function CasesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const ctx = await sessionCtx();
  const sp = await searchParams;
  const raw = { status: one(sp.status), airport: one(sp.airport)?.toUpperCase(), flight: one(sp.flight)?.toUpperCase(), cursor: one(sp.cursor), limit: 50 };
  const parsed = CaseListQuery.safeParse(upperCaseEnums(CaseListQuery, raw));
  const query = parsed.success ? parsed.data : CaseListQuery.parse({ limit: 50 });
  const filtered = Boolean(query.status || query.airport || query.flight);
  // an airport outside the user's scope or a broken cursor in the URL: a calm notice, not the error page
  const listed = await tryList(() => listCases({ ctx, input: query }));
  const page = listed.ok ? listed.value : { items: [], nextCursor: null };
  const allAirports = ctx.principal.airports.includes("*");
  const now = new Date();
  const qs = (extra: Record<string, string | undefined>) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries({ status: query.status, airport: query.airport, flight: query.flight, ...extra })) if (v) p.set(k, v);
    const s = p.toString();
    return s ? `?${s}` : "";
  };

  return (
    <>
      {/* a list left open through the night keeps itself current */}
      <AutoRefresh active intervalMs={15_000} />
      <PageHeader title="Cases" description="One case per disrupted flight: its passengers, the rooms requested for them and how many are booked. Newest first." />
      <FilterForm values={[query.status, query.airport, query.flight]} label="Filter cases" clearHref="/cases" filtered={filtered} testId="case-filters" applyTestId="case-filter-apply" notice={!parsed.success && <p className="w-full text-sm text-destructive">Some filters were not valid and were ignored: {parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}</p>}>
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
      </FilterForm>
      {!listed.ok ? (
        <ListRefusal error={listed.error} what="cases" airport={query.airport} myAirports={ctx.principal.airports} clearHref="/cases" />
      ) : page.items.length === 0 ? (
        <EmptyState icon={ClipboardList} title={filtered ? "No cases match these filters" : query.cursor ? "No older cases" : "No cases yet"} testId="cases-empty">
          {filtered ? (
            <p>
              Try another status or airport, or <Link href="/cases" className="text-primary underline">clear the filters</Link>.
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
          <Table data-testid="cases-table">
            <TableHeader>
              <TableRow>
                <TableHead>Flight</TableHead>
                <TableHead>Airport</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right">Passengers</TableHead>
                <TableHead className="w-56">Rooms booked / requested</TableHead>
                <TableHead className="text-right">Review</TableHead>
                <TableHead className="text-right">Age</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {page.items.map((c) => (
                <TableRow key={c.urn} data-testid="case-row" data-urn={c.urn}>
                  <TableCell>
                    <Link href={`/cases/${encodeURIComponent(c.urn)}`} className="font-mono font-semibold text-primary hover:underline" data-testid="case-link">
                      {c.flight.number}
                    </Link>
                    <ModeBadge mode={c.mode} className="ml-2" />
                    <div className="text-xs text-muted-foreground">
                      {c.flight.origin} → {c.flight.destination} · {formatUtc(c.flight.scheduledDeparture)}
                    </div>
                  </TableCell>
                  <TableCell className="font-mono">{c.airport}</TableCell>
                  <TableCell>
                    <StatusBadge status={c.status} testId="case-status" />
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{c.passengers}</TableCell>
                  <TableCell>
                    <RoomsMeter booked={c.roomsBooked} requested={c.roomsRequested} needed={c.roomsNeeded} compact />
                  </TableCell>
                  <TableCell className="text-right">
                    {c.openReviewItems > 0 ? <Badge variant="warning">{c.openReviewItems} open</Badge> : <span className="text-muted-foreground">—</span>}
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-right text-xs tabular-nums" title={formatUtc(c.createdAt)}>
                    {formatAge(c.createdAt, now)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <div className="mt-3 flex justify-end gap-2">
            {query.cursor && (
              <Button asChild variant="outline" size="sm">
                <Link href={`/cases${qs({})}`}>Newest</Link>
              </Button>
            )}
            {page.nextCursor && (
              <Button asChild variant="outline" size="sm">
                <Link href={`/cases${qs({ cursor: page.nextCursor })}`}>Older cases</Link>
              </Button>
            )}
          </div>
        </>
      )}
    </>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { AutoRefresh } from "@/components/console/auto-refresh";
import { FilterForm } from "@/components/console/filter-form";
import { PageHeader } from "@/components/console/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { unassignedSummary } from "@/components/transport/board";
import { SegmentBoard } from "@/components/transport/segment-board";
import { upperCaseEnums } from "@/lib/api/query-case";
import { hasPermission } from "@/lib/auth/roles";
import { airportTimeZones } from "@/lib/cases/airports";
import { sessionCtx } from "@/lib/console/session-ctx";
import { caseLabels } from "@/lib/read-models/case-labels";
import { listSegments } from "@/lib/transport";
import { SegmentListQuery } from "@/lib/transport/schemas";
import { SegmentDirection, SegmentStatus } from "@/lib/vocabulary";
import { ListRefusal, tryList } from "../list-refusal";

export const metadata: Metadata = { title: "Ground transport" };

function one(v: string | string[] | undefined): string | undefined {
  const s = Array.isArray(v) ? v[0] : v;
  return s?.trim() || undefined;
}

const label = (s: string) => s.replaceAll("_", " ").toLowerCase();

/** The airport's transport board: every ride of the user's airports (or one), unassigned first, then by pickup slot. */
export default async function TransportPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const ctx = await sessionCtx();
  const sp = await searchParams;
  const raw = { airport: one(sp.airport), status: one(sp.status), direction: one(sp.direction), cursor: one(sp.cursor), limit: 200 };
  const parsed = SegmentListQuery.safeParse(upperCaseEnums(SegmentListQuery, raw));
  const query = parsed.success ? parsed.data : SegmentListQuery.parse({ limit: 200 });
  const listed = await tryList(() => listSegments({ ctx, input: query }));
  const page = listed.ok ? listed.value : { items: [], nextCursor: null };
  const waiting = unassignedSummary(page.items);
  const zones = await airportTimeZones(ctx, page.items.map((s) => s.airport));
  const cases = await caseLabels({ ctx, input: { urns: page.items.map((s) => s.caseUrn) } });
  const qs = (extra: Record<string, string | undefined>) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries({ airport: query.airport, status: query.status, direction: query.direction, ...extra })) if (v) p.set(k, v);
    const s = p.toString();
    return s ? `?${s}` : "";
  };
  return (
    <>
      <AutoRefresh active intervalMs={30_000} />
      <PageHeader
        title="Ground transport"
        description="Rides between the airport and the hotels: rides still without a vehicle first, then by pickup time (each airport's local time), with load against seats. Retime, assign or cancel a ride with a reason."
        actions={
          waiting.rides > 0 ? (
            <Badge variant="warning" data-testid="transport-unassigned">
              {waiting.rides} rides without a vehicle ({waiting.passengers} passengers)
            </Badge>
          ) : undefined
        }
      />
      <FilterForm
        values={[query.airport, query.status, query.direction]}
        label="Filter rides"
        clearHref="/transport"
        filtered={Boolean(query.airport || query.status || query.direction)}
        testId="transport-filters"
        applyTestId="transport-filter-apply"
        notice={!parsed.success && <p className="w-full text-sm text-destructive">Some filters were not valid and were ignored.</p>}
      >
        <div className="grid gap-1.5">
          <Label htmlFor="airport">Airport</Label>
          <Input id="airport" name="airport" defaultValue={query.airport ?? ""} placeholder="CDG" className="w-24 uppercase" maxLength={3} data-testid="transport-filter-airport" />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="status">Status</Label>
          <NativeSelect id="status" name="status" defaultValue={query.status ?? ""} className="w-40">
            <option value="">Any</option>
            {SegmentStatus.options.map((s) => (
              <option key={s} value={s}>
                {label(s)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="direction">Direction</Label>
          <NativeSelect id="direction" name="direction" defaultValue={query.direction ?? ""} className="w-44">
            <option value="">Both</option>
            {SegmentDirection.options.map((d) => (
              <option key={d} value={d}>
                {label(d)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </FilterForm>
      {listed.ok ? (
        <SegmentBoard segments={page.items} mayAct={hasPermission(ctx.principal.roles, "transport:write")} cases={cases} testId="transport-board" zones={zones} />
      ) : (
        <ListRefusal error={listed.error} what="rides" airport={query.airport} myAirports={ctx.principal.airports} clearHref="/transport" />
      )}
      {page.nextCursor && (
        <div className="mt-4 flex justify-end">
          <Button asChild variant="outline">
            <Link href={`/transport${qs({ cursor: page.nextCursor })}`}>Later rides</Link>
          </Button>
        </div>
      )}
    </>
  );
}

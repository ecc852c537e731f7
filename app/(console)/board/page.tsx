import { FilePlus2 } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { BoardView } from "@/components/board/board-view";
import { airportZoneLabel } from "@/components/console/format";
import { PageHeader } from "@/components/console/page-header";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { hasPermission } from "@/lib/auth/roles";
import { pageParam, refused } from "@/lib/console/page-params";
import { sessionCtx } from "@/lib/console/session-ctx";
import { boardAirports, getBoard } from "@/lib/board";
import { airportTimeZones } from "@/lib/cases/airports";
import { IataCode } from "@/lib/primitives";
import { ListRefusal, tryList } from "../list-refusal";

export const metadata: Metadata = { title: "Operations board" };

export default async function BoardPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const ctx = await sessionCtx();
  const sp = await searchParams;
  // the airport as GET /board parses it: a link with no airport code in it is a page that does not exist
  const airportParam = pageParam(IataCode, sp.airport);
  if (refused(airportParam)) notFound();
  const asked = airportParam.value;
  const choices = await boardAirports({ ctx });
  const airport = asked ?? choices[0] ?? "CDG";
  const read = await tryList(() => getBoard({ ctx, input: { airport } }));
  const options = choices.includes(airport) ? choices : [airport, ...choices];
  // each airport says its zone, as it stands now: "CDG · CET (UTC+1)"
  const zones = await airportTimeZones(ctx, options);
  const now = new Date();

  return (
    <>
      <PageHeader
        title={`Operations board · ${airportZoneLabel(airport, zones[airport] ?? "UTC", now)}`}
        description="The airport at a glance: open cases, rooms booked against rooms needed, what waits for a person and how long is left on its SLA, transport still to run, and the hotel sources' health. It updates by itself."
        actions={
          <>
            {hasPermission(ctx.principal.roles, "case:create") && (
              <Button asChild data-testid="board-new-case">
                <Link href="/cases/new">
                  <FilePlus2 aria-hidden /> New case
                </Link>
              </Button>
            )}
            <form method="get" className="flex items-end gap-2" data-testid="board-airport-form">
              <div className="grid gap-1.5">
                <Label htmlFor="board-airport">Airport</Label>
                <NativeSelect id="board-airport" name="airport" defaultValue={airport} className="w-48" data-testid="board-airport">
                  {options.map((a) => (
                    <option key={a} value={a}>
                      {airportZoneLabel(a, zones[a] ?? "UTC", now)}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <Button type="submit" variant="outline" data-testid="board-airport-apply">
                Show
              </Button>
            </form>
          </>
        }
      />
      {read.ok ? (
        <BoardView key={airport} initial={read.value} zone={zones[airport] ?? "UTC"} canCallHotels={hasPermission(ctx.principal.roles, "capacity:call")} canDecideDemands={hasPermission(ctx.principal.roles, "demand:decide")} canConfigure={hasPermission(ctx.principal.roles, "settings:write")} />
      ) : (
        <ListRefusal error={read.error} what="the board" airport={airport} myAirports={ctx.principal.airports} clearHref="/board" />
      )}
    </>
  );
}

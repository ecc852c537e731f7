import { OctagonAlert } from "lucide-react";
import Link from "next/link";
import { formatAge } from "@/components/console/format";
import { StatusBadge } from "@/components/console/status-badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import type { BoardFlight, BoardWaiting, WaitingKind } from "@/lib/board/schemas";
import { cn } from "@/lib/utils";

const plural = (n: number, one: string, many: string) => (n === 1 ? one : `${n} ${many}`);
const WAITING_TEXT: Record<WaitingKind, (n: number) => string> = {
  BOOKING_FAILED: (n) => plural(n, "booking failed", "bookings failed"),
  REVIEW_OVERDUE: (n) => plural(n, "review item overdue", "review items overdue"),
  BOOKING_RETRYING: (n) => plural(n, "booking retrying", "bookings retrying"),
  GROUPS_HELD: (n) => `${n} group${n === 1 ? "" : "s"} held`,
  REVIEW_OPEN: (n) => plural(n, "review item open", "review items open"),
  DEMAND_REQUESTED: (n) => plural(n, "rooms requested, waiting for approval", "room requests waiting for approval"),
  GROUPS_WAITING: (n) => `${n} group${n === 1 ? "" : "s"} waiting for a room`,
  BOOKING_UNDER_WAY: (n) => plural(n, "booking under way", "bookings under way"),
};

/** "12 groups waiting for a room · 14 min": what waits and for how long, by the board's ticking clock. */
export function waitingText(w: BoardWaiting, now: number): string {
  return `${WAITING_TEXT[w.kind](w.count)} · ${formatAge(w.since, new Date(now))}`;
}

/**
 * The night flight by flight: a row per open case, in the order the read model gives (most urgent
 * first: lib/board/flight-rows.ts), each linking to its case. A list rather than a table, so a row
 * stacks on a phone and lays out in three columns on a wide screen, with nothing cut off.
 */
export function FlightRows({ flights, airport, now }: { flights: BoardFlight[]; airport: string; now: number }) {
  return (
    <Card data-testid="board-flights-card">
      <CardHeader>
        <CardTitle className="text-base">Flight by flight</CardTitle>
        <CardDescription>Most urgent first: anything failed or stuck, then what has waited longest, then the least booked.</CardDescription>
      </CardHeader>
      <CardContent>
        {flights.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="board-flights-empty">
            No open case at {airport}.
          </p>
        ) : (
          <ol className="grid grid-cols-1" aria-label={`Open cases at ${airport}, most urgent first`} data-testid="board-flights">
            {flights.map((f) => (
              <FlightRow key={f.caseUrn} flight={f} now={now} />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

function FlightRow({ flight: f, now }: { flight: BoardFlight; now: number }) {
  const [first, ...rest] = f.waiting;
  const { needed, booked, booking } = f.rooms;
  return (
    <li
      className="grid min-w-0 gap-2 border-b py-3 first:pt-0 last:border-0 last:pb-0 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)_minmax(0,1.5fr)] lg:items-center lg:gap-4"
      data-testid="board-flight"
      data-case-urn={f.caseUrn}
      data-flight={f.flightNumber}
      data-urgency={f.urgency}
    >
      <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
        <Link href={`/cases/${encodeURIComponent(f.caseUrn)}`} className="font-mono font-semibold text-primary underline-offset-2 hover:underline" data-testid="board-flight-link">
          {f.flightNumber}
        </Link>
        <span className="text-sm" data-testid="board-flight-route">
          {f.origin} → {f.destination}
        </span>
        <StatusBadge status={f.status} testId="board-flight-status" />
        <span className="text-sm text-muted-foreground tabular-nums" data-testid="board-flight-passengers">
          {f.passengers} passenger{f.passengers === 1 ? "" : "s"}
        </span>
      </div>
      <div className="grid min-w-0 gap-1">
        {needed > 0 ? (
          <Progress
            value={Math.min(booked, needed)}
            max={needed}
            aria-label={`Rooms booked for ${f.flightNumber}`}
            getValueLabel={(value, max) => `${value} of ${max} rooms booked`}
            data-testid="board-flight-bar"
          />
        ) : null}
        <span className="text-xs text-muted-foreground tabular-nums" data-testid="board-flight-rooms">
          {needed > 0 ? `${booked} of ${needed} rooms booked` : "no room needed"}
          {booking > 0 && ` · ${booking} booking`}
        </span>
      </div>
      <div className="min-w-0 text-sm" data-testid="board-flight-waiting">
        {first ? (
          <>
            <p className={cn("flex items-start gap-1.5", f.urgency === "STUCK" && "font-semibold text-destructive")} data-testid="board-flight-headline" data-kind={first.kind}>
              {f.urgency === "STUCK" && <OctagonAlert aria-hidden className="mt-0.5 size-4 shrink-0" />}
              <span>{waitingText(first, now)}</span>
            </p>
            {rest.length > 0 && <p className="text-xs text-muted-foreground">{rest.map((w) => waitingText(w, now)).join("; ")}</p>}
          </>
        ) : (
          <p className="text-muted-foreground" data-testid="board-flight-headline" data-kind="">
            nothing waiting
          </p>
        )}
      </div>
    </li>
  );
}

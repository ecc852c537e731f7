"use client";

import { BedDouble, Bus, CircleCheck, CircleX, ClipboardList, Inbox, Mail, MailCheck, MailWarning } from "lucide-react";
import Link from "next/link";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { noServerWords } from "@/lib/messages/no-server-words";
import { LocalClock, LocalTime } from "@/components/console/local-time";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { Board } from "@/lib/board/schemas";
import { WaitingDemands } from "@/components/demand/waiting-demands";
import { cn } from "@/lib/utils";
import type { ReviewPriority } from "@/lib/vocabulary";
import { CapacityCallRow } from "./capacity-call";
import { FleetShortfallRows } from "./fleet-shortfall";
import { FlightRows } from "./flight-rows";
import { SlaClock } from "./sla-clock";

const POLL_MS = 5000;
const PRIORITY_VARIANT: Record<ReviewPriority, BadgeVariant> = { HIGH: "destructive", MEDIUM: "warning", LOW: "muted" };
const words = (s: string) => s.replaceAll("_", " ").toLowerCase();

/**
 * The board, kept current by polling GET /api/v1/board (the session authenticates) and taking the
 * new figures only when the revision moved. The database is the source, so a change made by any
 * process shows. "Updated" is the last time the server confirmed the figures, not the last render.
 * Times read in the airport's zone (`zone`), or UTC when the console's toggle says so.
 */
/**
 * `canConfigure`: the viewer may change the server's settings (an admin), so a missing mail server or
 * SMS provider is named by the setting to set; everyone else is told to tell their administrator.
 */
export function BoardView({
  initial,
  zone,
  canCallHotels = false,
  canDecideDemands = false,
  canConfigure = false,
}: {
  initial: Board;
  zone: string;
  canCallHotels?: boolean;
  canDecideDemands?: boolean;
  canConfigure?: boolean;
}) {
  const [board, setBoard] = useState(initial);
  const [checkedAt, setCheckedAt] = useState(() => new Date(initial.generatedAt).getTime());
  const [offline, setOffline] = useState(false);
  // the first render uses the server's clock so server and client HTML agree; then it ticks
  const [now, setNow] = useState(() => new Date(initial.generatedAt).getTime());
  const revision = useRef(initial.revision);

  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, []);

  useEffect(() => {
    let stopped = false;
    async function poll() {
      if (document.visibilityState !== "visible") return;
      try {
        const res = await fetch(`/api/v1/board?airport=${encodeURIComponent(initial.airport)}`, { cache: "no-store", headers: { accept: "application/json" } });
        if (!res.ok) throw new Error(String(res.status));
        const next = (await res.json()) as Board;
        if (stopped) return;
        setOffline(false);
        setCheckedAt(new Date(next.generatedAt).getTime());
        if (next.revision !== revision.current) {
          revision.current = next.revision;
          setBoard(next);
        }
      } catch {
        if (!stopped) setOffline(true);
      }
    }
    const id = setInterval(poll, POLL_MS);
    document.addEventListener("visibilitychange", poll);
    return () => {
      stopped = true;
      clearInterval(id);
      document.removeEventListener("visibilitychange", poll);
    };
  }, [initial.airport]);

  const { cases, rooms, review, transport, providers, emails } = board;
  return (
    <div className="grid grid-cols-1 gap-4" data-testid="board" data-revision={board.revision}>
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status" data-testid="board-status">
        <span aria-hidden className={cn("size-2 rounded-full", offline ? "bg-warning" : "bg-success")} />
        {offline ? (
          <span data-testid="board-offline">Offline: showing the figures of <LocalClock at={checkedAt} zone={zone} />, retrying every {POLL_MS / 1000} s</span>
        ) : (
          <span>
            Updated <LocalClock at={checkedAt} zone={zone} testId="board-updated" /> · checks every {POLL_MS / 1000} s
          </span>
        )}
      </p>
      <CapacityCallRow airport={board.airport} call={board.capacityCall ?? null} canCall={canCallHotels} zone={zone} />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Figure title="Open cases" icon={<ClipboardList aria-hidden className="size-4" />} value={cases.open} testId="board-open-cases">
          {cases.passengers} passengers
          {Object.keys(cases.byStatus).length > 0 && (
            <span className="block">
              {Object.entries(cases.byStatus)
                .map(([s, n]) => `${n} ${words(s)}`)
                .join(" · ")}
            </span>
          )}
        </Figure>
        <Figure title="Rooms booked" icon={<BedDouble aria-hidden className="size-4" />} value={`${rooms.booked} / ${rooms.needed}`} testId="board-rooms">
          <span data-testid="board-rooms-pending">{rooms.pending} booking</span> · <span data-testid="board-rooms-held">{rooms.held} held</span> ·{" "}
          <span data-testid="board-rooms-unplaced">{rooms.notYetPlaced} not yet placed</span>
          {rooms.forLater > 0 && (
            <span className="block" data-testid="board-rooms-for-later">
              {rooms.forLater} held for passengers added later
            </span>
          )}
        </Figure>
        <Figure title="Review items" icon={<Inbox aria-hidden className="size-4" />} value={Object.values(review.byPriority).reduce((a, b) => a + b, 0)} testId="board-review-count">
          {(Object.keys(review.byPriority) as ReviewPriority[]).map((p) => `${review.byPriority[p]} ${words(p)}`).join(" · ")}
          {review.overdue > 0 && <span className="block font-semibold text-destructive">{review.overdue} overdue</span>}
        </Figure>
        <Figure title="Transport" icon={<Bus aria-hidden className="size-4" />} value={transport.segments} testId="board-transport">
          {transport.riders} riders{transport.seats > 0 && ` · ${Math.round((100 * transport.riders) / transport.seats)} % of ${transport.seats} seats`}
        </Figure>
      </div>
      <EmailDelivery emails={emails} canConfigure={canConfigure} />
      {board.reach && <PassengerReach reach={board.reach} canConfigure={canConfigure} />}
      <FlightRows flights={board.flights ?? []} airport={board.airport} now={now} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle className="text-base">Waiting for a person</CardTitle>
          </CardHeader>
          <CardContent>
            <FleetShortfallRows shortfalls={board.fleetShortfalls} />
            <WaitingDemands demands={board.demands} now={now} canDecide={canDecideDemands} />
            {review.items.length === 0 ? (
              board.demands.length === 0 && <p className="text-sm text-muted-foreground" data-testid="board-review-empty">Nothing waits for a person at {board.airport}.</p>
            ) : (
              <Table stack data-testid="board-review-table">
                <TableHeader>
                  <TableRow>
                    <TableHead>Priority</TableHead>
                    <TableHead>Item</TableHead>
                    <TableHead>Flight</TableHead>
                    <TableHead>State</TableHead>
                    <TableHead className="text-right">SLA</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {review.items.map((i) => (
                    <TableRow key={i.urn} data-testid="board-review-row">
                      <TableCell>
                        <Badge variant={PRIORITY_VARIANT[i.priority]}>{words(i.priority)}</Badge>
                      </TableCell>
                      <TableCell data-key>
                        <Link href={`/review/${encodeURIComponent(i.urn)}`} className="text-primary underline-offset-2 hover:underline">
                          {words(i.category)}
                        </Link>
                      </TableCell>
                      <TableCell>
                        <Link href={`/cases/${encodeURIComponent(i.caseUrn)}`} className="font-mono text-primary underline-offset-2 hover:underline">
                          {i.flightNumber ?? "case"}
                        </Link>
                      </TableCell>
                      <TableCell className="text-sm">{i.state === "CLAIMED" ? `claimed${i.assignedTo ? ` by ${i.assignedTo}` : ""}` : "open"}</TableCell>
                      <TableCell className="text-right text-sm" data-label="SLA left">
                        <SlaClock dueAt={i.slaDueAt} now={now} overdue={i.overdue} zone={zone} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Hotel sources</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2 text-sm" data-testid="board-providers">
            {providers.sources.length === 0 ? (
              <p className="text-muted-foreground">No wave has run for an open case at {board.airport} yet.</p>
            ) : (
              <>
                <p className="text-xs text-muted-foreground">
                  As seen by the latest wave,{" "}
                  <Link href={`/waves/${encodeURIComponent(providers.waveUrn ?? "")}`} className="text-primary underline underline-offset-2">
                    <LocalTime at={providers.at} zone={zone} />
                  </Link>
                </p>
                <ul className="grid gap-1.5">
                  {providers.sources.map((s) => (
                    <li key={s.provider} className="flex items-center gap-2" data-testid="board-provider" data-ok={s.ok}>
                      {s.ok ? <CircleCheck className="size-4 text-success" aria-hidden /> : <CircleX className="size-4 text-destructive" aria-hidden />}
                      <span className="font-medium">{words(s.provider)}</span>
                      <span className="ml-auto text-xs text-muted-foreground">{s.ok ? `${s.offers} offers` : (s.error ?? "failed")}</span>
                    </li>
                  ))}
                </ul>
              </>
            )}
            <WalksByHotel walks={board.walks ?? []} />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

/** Tonight's walks by hotel under the sources they came from: a hotel that keeps walking groups shows here first. */
function WalksByHotel({ walks }: { walks: Board["walks"] }) {
  return (
    <div className="grid gap-1.5 border-t pt-2" data-testid="board-walks">
      <p className="text-xs font-medium text-muted-foreground">Walks tonight</p>
      {walks.length === 0 ? (
        <p className="text-xs text-muted-foreground">No hotel walked a group.</p>
      ) : (
        <ul className="grid gap-1">
          {walks.map((w) => (
            <li key={w.hotelUrn} className="flex items-center gap-2" data-testid="board-walk" title={w.hotelUrn}>
              <span className="truncate font-medium">{w.hotelName ?? w.hotelUrn}</span>
              <span className="ml-auto shrink-0 text-xs text-muted-foreground">
                {w.walked} walked · {w.rehoused} rehoused
              </span>
              {w.waiting > 0 && <Badge variant="destructive">{w.waiting} waiting</Badge>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Voucher emails as delivered, never "sent" when they were kept: without a mail server the outbox
 * keeps them (amber, with what to configure), which is not a failure (red) either.
 */
function EmailDelivery({ emails, canConfigure }: { emails: Board["emails"]; canConfigure: boolean }) {
  const total = emails.delivered + emails.kept + emails.queued + emails.failed;
  if (total === 0) return null;
  const tone: DeliveryTone = emails.failed > 0 ? "failed" : emails.kept > 0 ? "kept" : emails.queued > 0 ? "queued" : "delivered";
  const Icon = tone === "delivered" ? MailCheck : tone === "queued" ? Mail : MailWarning;
  return (
    <DeliveryNotice tone={tone} testId="board-emails">
      <Icon aria-hidden className={cn("size-4 shrink-0", tone === "kept" ? "text-warning" : tone === "failed" ? "text-destructive" : tone === "delivered" ? "text-success" : "text-muted-foreground")} />
      <span>
        Voucher emails: <span data-testid="board-emails-delivered">{emails.delivered} of {total} delivered</span>
        {emails.queued > 0 && <> · {emails.queued} waiting for the mailer</>}
        {emails.failed > 0 && <> · {emails.failed} failed (see the Outbox)</>}
      </span>
      {emails.kept > 0 && (
        <span data-testid="board-emails-kept">
          {emails.kept} kept — {emails.mailServer ? "kept before a mail server was configured; the delivery sweep sends them" : noServerWords(["mail"], canConfigure)}
        </span>
      )}
    </DeliveryNotice>
  );
}

/**
 * Passengers of booked groups not yet reached, by why, over email and SMS: a passenger is reached
 * when an email to them was accepted or an SMS to them was confirmed by the handset.
 */
function PassengerReach({ reach, canConfigure }: { reach: Board["reach"]; canConfigure: boolean }) {
  if (reach.passengers === 0) return null;
  const notReached = reach.passengers - reach.reached;
  const missing = [!reach.mailServer ? ("mail" as const) : null, !reach.smsProvider ? ("sms" as const) : null].filter((m) => m !== null);
  const tone: DeliveryTone = reach.failed > 0 ? "failed" : reach.kept > 0 || reach.noContact > 0 ? "kept" : notReached > 0 ? "queued" : "delivered";
  return (
    <DeliveryNotice tone={tone} testId="board-reach">
      <span>
        Passengers reached: <span data-testid="board-reach-reached">{reach.reached} of {reach.passengers}</span>
        {notReached > 0 && <> · {notReached} not yet reached</>}
      </span>
      {reach.waiting > 0 && <span data-testid="board-reach-waiting">{reach.waiting} waiting for delivery</span>}
      {reach.failed > 0 && <span data-testid="board-reach-failed" className="text-destructive">{reach.failed} whose every message failed (see their case&apos;s messages)</span>}
      {reach.kept > 0 && (
        <span data-testid="board-reach-kept">
          {reach.kept} kept — {missing.length ? noServerWords(missing, canConfigure) : "written before a server was configured"}
        </span>
      )}
      {reach.noContact > 0 && <span data-testid="board-reach-no-contact">{reach.noContact} whose group has no email or usable phone: hand them a printed voucher</span>}
    </DeliveryNotice>
  );
}

type DeliveryTone = "delivered" | "queued" | "kept" | "failed";

/** The board's line about what reached people: amber when something was kept, red when something failed. */
function DeliveryNotice({ tone, testId, children }: { tone: DeliveryTone; testId: string; children: ReactNode }) {
  return (
    <p
      className={cn(
        "flex flex-wrap items-center gap-x-2 gap-y-1 rounded-md border px-3 py-2 text-sm",
        tone === "kept" && "border-warning/60 bg-warning/10",
        tone === "failed" && "border-destructive/60 bg-destructive/5",
      )}
      data-testid={testId}
      data-state={tone}
    >
      {children}
    </p>
  );
}

function Figure({ title, icon, value, children, testId }: { title: string; icon: ReactNode; value: ReactNode; children: ReactNode; testId: string }) {
  return (
    <Card className="gap-2">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
          {icon}
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-1">
        <div className="text-3xl font-semibold tabular-nums" data-testid={testId}>
          {value}
        </div>
        <div className="text-xs text-muted-foreground">{children}</div>
      </CardContent>
    </Card>
  );
}

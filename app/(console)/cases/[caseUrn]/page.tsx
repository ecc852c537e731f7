import { ArrowLeft, Check, Download, Eraser, FileClock, Lock, LockOpen, MapPinOff, Printer, Users, X } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { CaseCare } from "@/components/care/case-care";
import { roomsFromCare } from "@/lib/care/rooms";
import { loadCase } from "@/lib/cases/load";
import { CasePoller } from "@/components/cases/case-poller";
import { CaseProgress } from "@/components/cases/case-progress";
import { ReasonDialog } from "@/components/cases/reason-dialog";
import { RequestRoomsDialog } from "@/components/cases/request-rooms-dialog";
import { RoomsMeter } from "@/components/cases/rooms-meter";
import { explainShortfall } from "@/components/cases/shortfall";
import { PRINTED } from "@/lib/vouchers/case-vouchers";
import { SplitGroupDialog } from "@/components/cases/split-group-dialog";
import { UploadPassengersDialog } from "@/components/cases/upload-passengers-dialog";
import { ReservationsPanel } from "@/components/booking/reservations-panel";
import { ModeBadge } from "@/components/drills/mode-badge";
import { CaseTransport } from "@/components/transport/case-transport";
import { CaseMealVouchers } from "@/components/meals/case-meal-vouchers";
import { CaseRides } from "@/components/rides/case-rides";
import { CaseMessages } from "@/components/messages/case-messages";
import { CaseAudit, caseAuditHref } from "@/components/audit/case-audit";
import { CaseWaves } from "@/components/waves/case-waves";
import { HeldMarker } from "@/components/waves/held-marker";
import { EmptyState } from "@/components/console/empty-state";
import { FoldSection, FoldSectionLoading } from "@/components/console/fold-section";
import { HousingSummary } from "@/components/cases/housing-summary";
import { housingOf } from "@/components/cases/housing";
import { airportZoneLabel, formatAge, formatMoney, msSince } from "@/components/console/format";
import { LocalTime } from "@/components/console/local-time";
import { airportTimeZone } from "@/lib/cases/airports";
import { PriorityBadge, StatusBadge } from "@/components/console/status-badge";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { STICKY_COLUMN, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { GroupPager, pageHolding, pageOfGroups } from "@/components/cases/group-pager";
import { ScrollToTarget } from "@/components/cases/scroll-to-target";
import { approvalGuard, waitingPassengers } from "@/components/cases/case-guards";
import { policyHref } from "@/lib/policies/href";
import { ReasonText } from "@/components/console/reason-text";
import { policyNames } from "@/lib/policies/names";
import { policyUrnsIn } from "@/lib/policies/href";
import { hasPermission } from "@/lib/auth/roles";
import { cn } from "@/lib/utils";
import { sessionCtx } from "@/lib/console/session-ctx";
import { getCase } from "@/lib/cases/get";
import type { Case } from "@/lib/cases/schemas";
import { demandSummary } from "@/lib/demand/summary";
import { decisionsFor, hasApprovedInitial, hasLiveInitial } from "@/lib/demand/rules";
import { DomainError } from "@/lib/errors";
import { decodeSegment, isUrn } from "@/lib/ids";
import { hotelLabels } from "@/lib/hotels/names";
import { userNames } from "@/lib/users/names";
import { subjectWords } from "@/lib/users/subject-words";
import { approveDemandAction, closeCaseAction, erasePassengerAction, rejectDemandAction, reopenCaseAction, splitGroupAction } from "../actions";

export const metadata: Metadata = { title: "Case" };

/** Up to this many groups, a case with groups still waiting opens its groups table (about two screens on a laptop). */
const GROUPS_SHOWN_OPEN = 20;

// work the background jobs are doing: poll fast while any of it is under way
const BUSY_CASE = new Set(["ALLOCATING", "BOOKING"]);

/** A case of an airport outside the user's claims: say which airport, which are theirs, and the way back. */
function OutOfScopeCase({ message, myAirports }: { message: string; myAirports: string[] }) {
  const airport = /Airport ([A-Z]{3})/.exec(message)?.[1];
  return (
    <EmptyState icon={MapPinOff} title={airport ? `This case is at ${airport}, outside your airports` : "This case is outside your airports"} testId="case-out-of-scope">
      <p>
        Your account works on {myAirports.join(", ")}. Ask an administrator of your airline if you need to see cases at {airport ?? "that airport"}.
      </p>
      <div className="mt-3">
        <Button asChild variant="outline">
          <Link href="/cases">Back to your cases</Link>
        </Button>
      </div>
    </EmptyState>
  );
}

export default async function CasePage({
  params,
  searchParams,
}: {
  params: Promise<{ caseUrn: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const ctx = await sessionCtx();
  const query = await searchParams;
  // ?group=<id>&passenger=<id> (the command palette's passenger result): that group's page, the group marked
  const target = { group: one(query.group), passenger: one(query.passenger) };
  const urn = decodeSegment((await params).caseUrn);
  if (!isUrn(urn, "case")) notFound();
  let record: Case;
  try {
    record = await getCase({ ctx, input: { caseUrn: urn } });
  } catch (err) {
    if (err instanceof DomainError && err.status === 404) notFound();
    if (err instanceof DomainError && err.code === "OUT_OF_SCOPE") return <OutOfScopeCase message={err.message} myAirports={ctx.principal.airports} />;
    throw err;
  }
  const groupPage = pageOfGroups(record.passengerGroups, String(pageHolding(record.passengerGroups, target.group) ?? one(query.groups) ?? ""));
  // the first screen waits for these reads: asked side by side, it waits for the slowest, not their sum
  // (a meltdown's pool queues each one)
  const [summary, zone, names, hotelsByUrn, policies, { row, care }] = await Promise.all([
    demandSummary({ ctx, input: { caseUrn: urn } }),
    // every time on the page reads in the case's airport's zone (the toggle can switch to UTC)
    airportTimeZone(ctx, record.airport),
    userNames({ ctx, input: { urns: [...record.demands.flatMap((d) => [d.createdBy, d.decidedBy ?? ""]), record.createdBy] } }),
    hotelLabels({ ctx, input: { urns: [...record.reservations.map((r) => r.hotelUrn), ...groupPage.groups.map((g) => g.hotelUrn ?? "")] } }),
    policyNames({ ctx, input: { urns: [...record.demands.map((d) => d.policyUrn ?? ""), ...policyUrnsIn(record.demands.map((d) => d.decisionReason))] } }),
    // under requestRoomsFromCare only the groups owed a hotel count; the others are named with the reason
    loadCase(ctx, record.urn).then(async (row) => ({ row, care: await roomsFromCare(ctx, row) })),
  ]);
  const shortfall = explainShortfall(summary);
  const waiting = waitingPassengers(record);
  const can = (p: Parameters<typeof hasPermission>[1]) => hasPermission(ctx.principal.roles, p);
  const closed = record.status === "CLOSED";
  // an approval starts allocation and booking: expect movement for a while after it
  const recentlyApproved = record.demands.some(
    (d) => d.status === "APPROVED" && d.roomsBooked < d.roomsRequested && d.decidedAt && msSince(d.decidedAt) < 15 * 60_000,
  );
  const busy = BUSY_CASE.has(record.status) || recentlyApproved;
  const hasInitial = hasLiveInitial(record.demands);
  const owedNeeded = care.flagged ? care.groups.filter((g) => !g.flagged || g.owedHotel || g.overridden).reduce((n, g) => n + g.rooms, 0) : record.roomsNeeded;
  const unrequested = Math.max(0, owedNeeded - summary.totalRequested);
  // a split that adds rooms offers to request them (once the case has approved rooms, its groups are placed by themselves)
  const splitRooms = hasApprovedInitial(record.demands) ? { spare: Math.max(0, summary.totalRequested - record.roomsNeeded), approves: can("demand:decide") } : undefined;
  const notOwed = care.groups.filter((g) => g.flagged && g.waiting && !g.owedHotel && !g.overridden).map((g) => `${g.groupId}: ${g.explanation}`);
  const who = (sub: string | null) => subjectWords(sub, names);
  const housing = housingOf(
    record,
    new Map(care.groups.filter((g) => g.flagged && g.waiting && !g.owedHotel && !g.overridden).map((g) => [g.groupId, g.explanation])),
    (h) => hotelsByUrn[h]?.name ?? "a hotel no longer listed",
  );
  const openReview = record.manualReviewItems.filter((i) => i.state !== "RESOLVED").length;
  const undecided = record.demands.filter((d) => d.status === "REQUESTED").length;
  // a token's holder no users row names is named by what the token said at creation
  const openedBy = names[record.createdBy] ? who(record.createdBy) : (row.createdByName ?? who(record.createdBy));

  return (
    <>
      <Link href="/cases" className="mb-3 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden /> Cases
      </Link>

      <div className="mb-5 flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="font-mono text-xl font-semibold tracking-tight" data-testid="case-flight">
              {record.flight.number}
            </h1>
            <span className="text-lg text-muted-foreground">
              {record.flight.origin} → {record.flight.destination}
            </span>
            <StatusBadge status={record.status} testId="case-status" />
            <ModeBadge mode={record.mode} className="text-sm" />
            <CasePoller caseUrn={record.urn} revision={record.revision} busy={busy} />
          </div>
          <p className="text-sm text-muted-foreground">
            Flight {record.flight.status.toLowerCase()}, scheduled <LocalTime at={record.flight.scheduledDeparture} zone={zone} testId="case-scheduled" /> · case opened{" "}
            <LocalTime at={record.createdAt} zone={zone} testId="case-created" /> ({formatAge(record.createdAt)} ago) by{" "}
            <span data-testid="case-opened-by">{openedBy}</span>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {!closed && can("case:passengers") && <UploadPassengersDialog caseUrn={record.urn} />}
          {!closed && can("demand:create") && <RequestRoomsDialog caseUrn={record.urn} hasInitial={hasInitial} suggestedRooms={unrequested} notOwed={notOwed} />}
          {!closed && can("case:close") && (
            <ReasonDialog
              trigger={
                <>
                  <Lock aria-hidden /> Close case
                </>
              }
              triggerTestId="case-close"
              title={`Close ${record.flight.number}?`}
              description="A closed case refuses every further change until an ADMIN reopens it."
              confirmLabel="Close case"
              confirmVariant="destructive"
              placeholder="e.g. all passengers re-accommodated on the morning flight"
              guard={
                waiting.total > 0
                  ? {
                      warning: (
                        <>
                          {waiting.total} {waiting.total === 1 ? "passenger has" : "passengers have"} no hotel yet
                          {waiting.parts.length > 0 && <> ({waiting.parts.join(", ")})</>}. Closing the case stops allocation and booking for them.
                        </>
                      ),
                      acknowledge: "Close anyway: they are looked after another way",
                    }
                  : undefined
              }
              success="Case closed"
              action={closeCaseAction.bind(null, record.urn)}
            />
          )}
          {closed && can("case:reopen") && (
            <ReasonDialog
              trigger={
                <>
                  <LockOpen aria-hidden /> Reopen
                </>
              }
              triggerTestId="case-reopen"
              title={`Reopen ${record.flight.number}?`}
              description="The case accepts changes again."
              confirmLabel="Reopen case"
              success="Case reopened"
              action={reopenCaseAction.bind(null, record.urn)}
            />
          )}
          {record.reservations.length > 0 && (
            <>
              <Button asChild size="sm" variant="outline">
                {/* a download, not a page: a plain anchor so the router does not try to render it */}
                <a href={`/cases/${encodeURIComponent(record.urn)}/bookings.csv`} download data-testid="case-bookings-csv">
                  <Download aria-hidden /> Bookings CSV
                </a>
              </Button>
              {record.reservations.some((r) => (PRINTED as string[]).includes(r.status)) && (
                <Button asChild size="sm" variant="outline">
                  <a href={`/cases/${encodeURIComponent(record.urn)}/vouchers/print`} target="_blank" rel="noopener" data-testid="case-print-vouchers">
                    <Printer aria-hidden /> Print all vouchers
                  </a>
                </Button>
              )}
            </>
          )}
          <Button asChild size="sm" variant="ghost">
            {/* the case's entries and those of its demands, waves, bookings, rides and review items */}
            <Link href={caseAuditHref(record.urn)} data-testid="case-audit-link">
              <FileClock aria-hidden /> Audit
            </Link>
          </Button>
        </div>
      </div>

      {closed && (
        <p className="mb-4 rounded-md border bg-muted/50 px-4 py-2 text-sm" data-testid="case-closed-note">
          Closed <LocalTime at={record.closedAt} zone={zone} />: {record.closeReason}
        </p>
      )}

      <HousingSummary housing={housing} />

      <div className="mb-4 grid gap-4 lg:grid-cols-3">
        <Card className="gap-3 lg:col-span-2">
          <CardHeader>
            <CardTitle className="text-sm">Rooms</CardTitle>
            <CardDescription>Booked against requested; the manifest needs {record.roomsNeeded}.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <RoomsMeter booked={summary.totalBooked} requested={summary.totalRequested} needed={record.roomsNeeded} forLater={summary.heldForLater} />
            <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-5">
              <Stat label="Needed" value={record.roomsNeeded} />
              <Stat label="Requested" value={summary.totalRequested} />
              <Stat label="Approved" value={summary.totalApproved} />
              <Stat label="Allocated" value={summary.totalAllocated} />
              <Stat label="Shortfall" value={shortfall.shortfall} warn={shortfall.shortfall > 0} />
            </dl>
            {/* a shortfall is never shown without its reason; rooms held for later are not a shortfall */}
            {(shortfall.lines.length > 0 || summary.heldForLater > 0) && (
              <ul className="grid gap-1 text-sm" data-testid="shortfall-reasons">
                {shortfall.lines.map((r) => (
                  <li key={r.key} className="flex flex-wrap items-center gap-2" data-testid="shortfall-reason" data-reason={r.key}>
                    <Badge variant="warning">{r.label}</Badge>
                    <span>{r.text}</span>
                  </li>
                ))}
                {summary.heldForLater > 0 && (
                  <li className="flex flex-wrap items-center gap-2" data-testid="rooms-held-for-later">
                    <Badge variant="info">held for later</Badge>
                    <span>
                      {summary.heldForLater} room{summary.heldForLater === 1 ? "" : "s"} held for passengers added later: approved, with no group waiting. The next
                      group added to the case is placed there first.
                    </span>
                  </li>
                )}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card className="gap-3">
          <CardHeader>
            <CardTitle className="text-sm">Stay</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[7rem_1fr] gap-y-1.5 text-sm">
              <dt className="text-muted-foreground">Passengers</dt>
              <dd className="tabular-nums">
                {record.passengerCount} in {record.passengerGroups.length} groups
              </dd>
              <dt className="text-muted-foreground">Next flight</dt>
              <dd>
                {record.nextFlight ? (
                  <>
                    {record.nextFlight.number} · <LocalTime at={record.nextFlight.scheduledDeparture} zone={zone} testId="case-next-flight-time" />
                  </>
                ) : (
                  "not known yet"
                )}
              </dd>
              <dt className="text-muted-foreground">Nights</dt>
              <dd>{record.stay ? `${record.stay.nights}${record.stay.overnight ? "" : " (no overnight gap)"}` : "—"}</dd>
              <dt className="text-muted-foreground">Airport time</dt>
              <dd data-testid="case-zone">
                {airportZoneLabel(record.airport, zone, new Date())} · {zone}
              </dd>
              {record.wave && (
                <>
                  <dt className="text-muted-foreground">Latest wave</dt>
                  <dd>
                    <StatusBadge status={record.wave.status} /> {formatMoney(record.wave.totalCost)} ·{" "}
                    <Link href={`/waves/${encodeURIComponent(record.wave.urn)}`} className="text-primary underline" data-testid="case-latest-wave">
                      explain
                    </Link>
                  </dd>
                </>
              )}
            </dl>
          </CardContent>
        </Card>
      </div>

      <FoldSection
        title="Demand"
        count={record.demands.length}
        testId="case-demands"
        open={undecided > 0 && !closed}
        summary={
          record.demands.length === 0
            ? "no rooms requested yet"
            : `${summary.totalRequested} rooms requested · ${summary.totalApproved} approved · ${summary.totalBooked} booked${undecided > 0 ? ` · ${undecided} waiting for a decision` : ""}`
        }
      >
        {record.demands.length === 0 ? (
          <EmptyState icon={Users} title="No rooms requested yet" testId="demands-empty" className="py-8">
            <p>Rooms are requested for the case (normally by the airline feed), then approved by the policy or a supervisor. Allocation starts on approval.</p>
          </EmptyState>
        ) : (
          <Table stack data-testid="demands-table">
            <TableHeader>
              <TableRow>
                <TableHead>Type</TableHead>
                <TableHead className="text-right">Rooms</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Decision</TableHead>
                <TableHead className="text-right">Allocated</TableHead>
                <TableHead className="text-right">Booked</TableHead>
                <TableHead className="text-right">
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {record.demands.map((d) => (
                <TableRow key={d.urn} data-testid="demand-row" data-urn={d.urn}>
                  <TableCell data-key>
                    {d.type.toLowerCase()}
                    <div className="text-xs text-muted-foreground">
                      {formatAge(d.createdAt)} ago by {who(d.createdBy)}
                    </div>
                  </TableCell>
                  <TableCell className="text-right tabular-nums" data-label="Rooms">
                    {d.roomsRequested}
                  </TableCell>
                  <TableCell>
                    {closed && d.status === "REQUESTED" ? (
                      <span title="The case was closed before anyone decided on this demand">
                        <StatusBadge status="WITHDRAWN" testId="demand-status" />
                      </span>
                    ) : (
                      <StatusBadge status={d.status} testId="demand-status" />
                    )}
                  </TableCell>
                  <TableCell className="max-w-80 text-xs" data-wide>
                    {d.decidedAt ? (
                      <>
                        <div>
                          {d.automatic ? "Automatically" : who(d.decidedBy)}, <LocalTime at={d.decidedAt} zone={zone} />
                          {d.policyUrn && (
                            <span className="text-muted-foreground">
                              {" "}
                              · under{" "}
                              <Link href={policyHref(d.policyUrn)} title={d.policyUrn} className="text-primary underline underline-offset-2" data-testid="demand-policy">
                                {policies[d.policyUrn]?.name ?? "policy"} v{d.policyVersion}
                              </Link>
                            </span>
                          )}
                        </div>
                        {d.decisionReason && (
                          <div className="text-muted-foreground">
                            “<ReasonText text={d.decisionReason} policies={policies} />”
                          </div>
                        )}
                      </>
                    ) : closed ? (
                      <span className="text-muted-foreground" data-testid="demand-undecided-closed">
                        not decided: the case closed
                      </span>
                    ) : (
                      <span className="text-muted-foreground">waiting for a supervisor</span>
                    )}
                  </TableCell>
                  <TableCell className="text-right tabular-nums" data-label="Allocated">
                    {d.roomsAllocated}
                  </TableCell>
                  <TableCell className="text-right tabular-nums" data-label="Booked">
                    {d.roomsBooked}
                  </TableCell>
                  <TableCell data-wide>
                    {decisionsFor(d.status).length > 0 && !closed && can("demand:decide") && (
                      <div className="flex justify-end gap-2 max-sm:justify-start">
                        <ReasonDialog
                          trigger={
                            <>
                              <Check aria-hidden /> Approve
                            </>
                          }
                          triggerVariant="default"
                          triggerTestId="demand-approve"
                          title={`Approve ${d.roomsRequested} rooms?`}
                          description="Allocation starts at once against the case's active policies. Your reason is recorded with the approval."
                          guard={approvalGuard(d.roomsRequested, record.roomsNeeded - (summary.totalRequested - d.roomsRequested))}
                          confirmLabel="Approve"
                          placeholder="e.g. confirmed with duty manager, flight cancelled for the night"
                          success={`${d.roomsRequested} rooms approved; allocation started`}
                          action={approveDemandAction.bind(null, d.urn)}
                        />
                        <ReasonDialog
                          trigger={
                            <>
                              <X aria-hidden /> Reject
                            </>
                          }
                          triggerTestId="demand-reject"
                          title={`Reject ${d.roomsRequested} rooms?`}
                          description="Nothing is allocated for this demand."
                          confirmLabel="Reject"
                          confirmVariant="destructive"
                          success="Demand rejected"
                          action={rejectDemandAction.bind(null, d.urn)}
                        />
                      </div>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </FoldSection>

      {record.manualReviewItems.length > 0 && (
        <FoldSection
          title="Needs a person"
          count={openReview}
          testId="case-review-items"
          open={openReview > 0}
          summary={openReview > 0 ? `${openReview} open of ${record.manualReviewItems.length}` : "all resolved"}
        >
          <Table stack data-testid="review-items-table">
            <TableHeader>
              <TableRow>
                <TableHead>Category</TableHead>
                <TableHead>Priority</TableHead>
                <TableHead>State</TableHead>
                <TableHead>Groups</TableHead>
                <TableHead>Why</TableHead>
                <TableHead className="text-right">Age</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {record.manualReviewItems.map((i) => (
                <TableRow key={i.urn}>
                  <TableCell className="font-medium" data-key>
                    {i.category.replaceAll("_", " ").toLowerCase()}
                  </TableCell>
                  <TableCell>
                    <PriorityBadge priority={i.priority} />
                  </TableCell>
                  <TableCell>
                    <StatusBadge status={i.state} />
                  </TableCell>
                  <TableCell className="font-mono text-xs" data-label="Groups">
                    {i.affectedGroups.join(", ") || "—"}
                  </TableCell>
                  <TableCell className="max-w-96 text-xs text-muted-foreground" data-wide>
                    {i.detail ?? "—"}
                  </TableCell>
                  <TableCell className="text-right text-xs tabular-nums" data-label="Age">
                    {formatAge(i.createdAt)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </FoldSection>
      )}

      <FoldSection
        title="Passenger groups"
        count={record.passengerGroups.length}
        id="passenger-groups"
        testId="case-groups"
        // open where a person works on them: a search's target, a page of them asked for, or a small case's groups still
        // without a room (a big case's would be screens of rows: the first card names who waits, each a link here)
        open={Boolean(target.group) || Boolean(one(query.groups)) || (housing.waiting.length > 0 && record.passengerGroups.length <= GROUPS_SHOWN_OPEN)}
        summary={`${record.passengerCount} passengers · ${housing.housed} of ${housing.groups} groups housed`}
      >
        {record.passengerGroups.length === 0 ? (
          <EmptyState icon={Users} title="No passengers on this case yet" testId="groups-empty" className="py-8">
            <p>The feed sends the manifest with the case; passengers can also be added from a spreadsheet.</p>
          </EmptyState>
        ) : (
          <Table stack data-testid="groups-table">
            <TableHeader>
              <TableRow>
                <TableHead className={STICKY_COLUMN}>Group</TableHead>
                <TableHead>Tier</TableHead>
                <TableHead>Passengers</TableHead>
                <TableHead className="text-right">Rooms</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Hotel</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {groupPage.groups.map((g) => {
                const statuses = Object.values(g.operationalStatus);
                const counts = [...new Set(statuses)].map((s) => ({ s, n: statuses.filter((x) => x === s).length }));
                const targeted = g.groupId === target.group;
                return (
                  <TableRow
                    key={g.groupId}
                    id={`group-${g.groupId}`}
                    data-testid="group-row"
                    data-targeted={targeted || undefined}
                    aria-current={targeted ? "location" : undefined}
                    className={cn("scroll-mt-24 align-top", targeted && "bg-primary/10 outline-2 -outline-offset-2 outline-primary hover:bg-primary/15")}
                  >
                    <TableCell className={STICKY_COLUMN} data-key data-testid="group-name">
                      <span className="font-mono font-medium">{g.groupId}</span>
                      {g.pnr !== g.groupId && <div className="font-mono text-xs text-muted-foreground">PNR {g.pnr}</div>}
                      {/* a booked group keeps its make-up (the API refuses it); only what the form shows goes to the browser */}
                      {!closed && can("case:groups") && !g.reservationUrn && g.passengers.length > 1 && (
                        <SplitGroupDialog
                          group={{
                            groupId: g.groupId,
                            pnr: g.pnr,
                            passengers: g.passengers.map((p) => ({ id: p.id, firstName: p.firstName, lastName: p.lastName, tier: p.tier, specialNeeds: p.specialNeeds })),
                          }}
                          action={splitGroupAction.bind(null, record.urn, g.groupId)}
                          rooms={splitRooms}
                        />
                      )}
                    </TableCell>
                    <TableCell data-label="Tier">{g.mixedTier ? <Badge variant="warning">mixed tiers</Badge> : (g.tier ?? "—").replaceAll("_", " ").toLowerCase()}</TableCell>
                    <TableCell className="text-xs">
                      {g.passengers.map((p) => (
                        <div key={p.id} data-testid="passenger-line" data-targeted={(targeted && p.id === target.passenger) || undefined} className={cn(targeted && p.id === target.passenger && "font-semibold")}>
                          {p.erasedAt ? (
                            <span className="text-muted-foreground" data-testid="passenger-erased">
                              {p.id} (personal data erased)
                            </span>
                          ) : (
                            <>
                              {p.lastName?.toUpperCase() ?? <span className="text-warning-foreground dark:text-warning">(no last name)</span>} {p.firstName ?? "(no first name)"}
                            </>
                          )}
                          {!p.tier && <span className="ml-1 text-warning-foreground dark:text-warning">(no tier)</span>}
                          {p.specialNeeds.length > 0 && <span className="ml-1 text-muted-foreground">({p.specialNeeds.join(", ").toLowerCase().replaceAll("_", " ")})</span>}
                          {targeted && !p.erasedAt && (p.phone || p.email) && (
                            // the group a search landed on shows how to reach its passengers (what GET /cases/{urn} gives every reader)
                            <div className="font-normal text-muted-foreground" data-testid="passenger-contact">
                              {p.phone && <a href={`tel:${p.phone.replace(/[^\d+]/g, "")}`} className="underline underline-offset-2">{p.phone}</a>}
                              {p.phone && p.email && " · "}
                              {p.email && <a href={`mailto:${p.email}`} className="underline underline-offset-2">{p.email}</a>}
                            </div>
                          )}
                          {!p.erasedAt && can("passenger:erase") && (
                            <ReasonDialog
                              trigger={<Eraser aria-label={`Erase ${p.id}'s personal data`} />}
                              triggerVariant="ghost"
                              triggerTestId="passenger-erase"
                              title={`Erase passenger ${p.id}'s personal data?`}
                              description="Names, email and phone are erased here and in the vouchers and emails that printed them. This cannot be undone."
                              confirmLabel="Erase"
                              confirmVariant="destructive"
                              placeholder="e.g. the passenger's request, reference #4411"
                              success="Personal data erased"
                              action={erasePassengerAction.bind(null, record.urn, p.id)}
                            />
                          )}
                        </div>
                      ))}
                    </TableCell>
                    <TableCell className="text-right tabular-nums" data-label="Rooms" data-testid="group-rooms">
                      {g.rooms}
                    </TableCell>
                    <TableCell data-testid="group-status">
                      <div className="flex flex-wrap gap-1">
                        {counts.map(({ s, n }) => (
                          <Badge key={s} variant={s === "BOOKED" ? "success" : s === "HELD" ? "warning" : "muted"}>
                            {n} {s.replaceAll("_", " ").toLowerCase()}
                          </Badge>
                        ))}
                      </div>
                      <HeldMarker groupId={g.groupId} statuses={statuses} items={record.manualReviewItems} />
                    </TableCell>
                    <TableCell className="text-xs" data-label="Hotel">
                      {g.hotelUrn ? <div>{hotelsByUrn[g.hotelUrn]?.name ?? "a hotel no longer listed"}</div> : null}
                      <span className="text-muted-foreground">{g.reservationUrn ? "booked (see Bookings)" : g.hotelUrn ? "not booked yet" : "—"}</span>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
        <GroupPager page={groupPage} caseUrn={record.urn} />
        {target.group && <ScrollToTarget id={`group-${target.group}`} />}
      </FoldSection>

      {/* the long sections stream in after the first screen: each folded to its line of numbers */}
      <Suspense fallback={<FoldSectionLoading title="Right to care" />}>
        <CaseCare ctx={ctx} caseUrn={record.urn} zone={zone} nextDeparture={record.nextFlight?.scheduledDeparture ?? null} passengerCount={record.passengerCount} />
      </Suspense>
      <Suspense fallback={<FoldSectionLoading title="Progress" />}>
        <CaseProgress ctx={ctx} caseUrn={record.urn} />
      </Suspense>
      <Suspense fallback={<FoldSectionLoading title="Bookings" />}>
        <ReservationsPanel ctx={ctx} caseUrn={record.urn} closed={closed} zone={zone} />
      </Suspense>
      <Suspense fallback={<FoldSectionLoading title="Waves" />}>
        <CaseWaves ctx={ctx} caseUrn={record.urn} zone={zone} />
      </Suspense>
      <Suspense fallback={<FoldSectionLoading title="Ground transport" />}>
        <CaseTransport ctx={ctx} caseUrn={record.urn} closed={closed} zone={zone} />
      </Suspense>
      <Suspense fallback={null}>
        <CaseMealVouchers ctx={ctx} caseUrn={record.urn} />
      </Suspense>
      <Suspense fallback={null}>
        <CaseRides ctx={ctx} caseUrn={record.urn} zone={zone} />
      </Suspense>
      <Suspense fallback={<FoldSectionLoading title="Messages" />}>
        <CaseMessages
          ctx={ctx}
          caseUrn={record.urn}
          closed={closed}
          drill={record.mode !== "LIVE"}
          zone={zone}
          hotels={Object.fromEntries(record.reservations.map((r) => [r.urn, hotelsByUrn[r.hotelUrn]?.name ?? "a hotel no longer listed"]))}
        />
      </Suspense>
      <Suspense fallback={<FoldSectionLoading title="Recent activity" />}>
        <CaseAudit ctx={ctx} caseUrn={record.urn} zone={zone} />
      </Suspense>
    </>
  );
}

function one(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

function Stat({ label, value, warn }: { label: string; value: number; warn?: boolean }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={`text-lg font-semibold tabular-nums ${warn ? "text-warning-foreground dark:text-warning" : ""}`} data-testid={`stat-${label.toLowerCase()}`}>
        {value}
      </dd>
    </div>
  );
}

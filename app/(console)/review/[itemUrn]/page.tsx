import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { and, eq, inArray } from "drizzle-orm";
import { passengers } from "@/db/schema";
import { formatAge } from "@/components/console/format";
import { LocalTime } from "@/components/console/local-time";
import { PageHeader } from "@/components/console/page-header";
import { SlaBadge, StatusBadge } from "@/components/console/status-badge";
import { ModeBadge } from "@/components/drills/mode-badge";
import type { SplitGroup } from "@/components/cases/family-split";
import { type HotelChoice, type OfferChoice, ReviewActions, SupervisorReviewActions } from "@/components/review/action-forms";
import { ReviewItemKeys } from "@/components/review/item-keys";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { hasPermission } from "@/lib/auth/roles";
import { sessionCtx } from "@/lib/console/session-ctx";
import { airportTimeZone } from "@/lib/cases/airports";
import { DomainError } from "@/lib/errors";
import { decodeSegment, isUrn } from "@/lib/ids";
import { getReviewItem, reviewCaseLabels, type ReviewItem, takenResolution } from "@/lib/review";
import { itemGroups, latestWave, unhoused } from "@/lib/review/wave-context";
import { deskAsks } from "@/lib/review/ask-desk";
import { hotelLabels } from "@/lib/hotels/names";
import { userNames } from "@/lib/users/names";
import { subjectWords } from "@/lib/users/subject-words";

export const metadata: Metadata = { title: "Review item" };

const label = (s: string) => s.replaceAll("_", " ").toLowerCase();

/**
 * One review item (spec 3.5): why it exists, its case and wave, the hotels tried and why they
 * failed, the recommender's proposals, and the actions as forms for whoever holds the claim.
 */
export default async function ReviewItemPage({ params }: { params: Promise<{ itemUrn: string }> }) {
  const ctx = await sessionCtx();
  const urn = decodeSegment((await params).itemUrn);
  if (!isUrn(urn, "review")) notFound();
  let item: ReviewItem;
  try {
    item = await getReviewItem({ ctx, input: { itemUrn: urn } });
  } catch (err) {
    if (err instanceof DomainError && (err.status === 404 || err.status === 403)) notFound();
    throw err;
  }
  const flight = (await reviewCaseLabels(ctx, [item.caseUrn])).get(item.caseUrn);
  const wave = await latestWave(ctx, item.caseUrn);
  const airport = flight?.airport ?? item.airport;
  const zone = airport ? await airportTimeZone(ctx, airport) : null;
  const groups = await itemGroups(ctx, item.caseUrn, item.affectedGroups);
  const open = unhoused(groups);
  const tiers = new Set(open.map((g) => g.tier).filter(Boolean));
  const names = new Map((wave?.rankingInputs ?? []).map((r) => [r.hotelUrn, r.hotelName]));
  // what was booked for the item's groups since it was raised: shown instead of an empty "hotels tried"
  const booked = groups.filter((g) => g.reservationUrn && g.hotelUrn);
  const [people, bookedHotels] = await Promise.all([
    userNames({ ctx, input: { urns: [item.assignedTo ?? "", item.resolvedBy ?? ""] } }),
    hotelLabels({ ctx, input: { urns: [...booked.map((g) => g.hotelUrn!), ...item.attemptedHotels.map((h) => h.hotelUrn)].filter((u) => !names.has(u)) } }),
  ]);
  const hotelName = (urn: string) => names.get(urn) ?? bookedHotels[urn]?.name ?? "a hotel no longer listed";

  // the hotels a rebook may name: the wave's scored candidates for the groups' tiers, best first
  const hotels: HotelChoice[] = [];
  const seen = new Set<string>();
  for (const r of [...(wave?.rankingInputs ?? [])].filter((r) => tiers.has(r.tier) && r.weightedScore !== null).sort((a, b) => b.weightedScore! - a.weightedScore!)) {
    if (seen.has(r.hotelUrn)) continue;
    seen.add(r.hotelUrn);
    hotels.push({ hotelUrn: r.hotelUrn, label: `${r.hotelName} · ${r.provider} · ${r.distanceKm} km · ${r.nightlyRate.amount} ${r.nightlyRate.currency} · score ${r.weightedScore!.toFixed(3)}` });
  }
  // the offers an override may book: every candidate of the wave for the groups' tiers (or all, for a
  // mixed group), the scored ones best first, then those the policy filtered out, with why
  const offers: OfferChoice[] = [];
  const offerKeys = new Set<string>();
  const candidates = (wave?.rankingInputs ?? []).filter((r) => tiers.size === 0 || tiers.has(r.tier));
  for (const r of [...candidates].sort((a, b) => (b.weightedScore ?? -1) - (a.weightedScore ?? -1))) {
    const key = `${r.hotelUrn}|${r.providerOfferId}`;
    if (offerKeys.has(key)) continue;
    offerKeys.add(key);
    const money = `${r.nightlyRate.amount} ${r.nightlyRate.currency} a night`;
    offers.push({
      hotelUrn: r.hotelUrn,
      hotel: `${r.hotelName} · ${r.distanceKm} km${r.weightedScore === null ? " · outside the policy" : ""}`,
      providerOfferId: r.providerOfferId,
      label: `${label(r.provider)} · ${money} · ${r.roomsAvailable} rooms free${r.weightedScore === null ? ` · ${r.reason}` : ""}`,
    });
  }
  // the groups a split may take (not booked, two people or more), their passengers by name
  const splittable = groups.filter((g) => !g.reservationUrn);
  const members = splittable.length
    ? await ctx.db
        .select({ groupId: passengers.groupId, id: passengers.passengerId, firstName: passengers.firstName, lastName: passengers.lastName, tier: passengers.tier, specialNeeds: passengers.specialNeeds })
        .from(passengers)
        .where(and(eq(passengers.caseUrn, item.caseUrn), inArray(passengers.groupId, splittable.map((g) => g.groupId))))
        .orderBy(passengers.lastName, passengers.firstName, passengers.passengerId)
    : [];
  const choices: SplitGroup[] = splittable
    .map((g) => ({ groupId: g.groupId, pnr: g.pnr, passengers: members.filter((m) => m.groupId === g.groupId) }))
    .filter((g) => g.passengers.length > 1);
  const taken = await takenResolution({ ctx, input: { itemUrn: item.urn } });
  const canAct = hasPermission(ctx.principal.roles, "review:act");
  const canBook = hasPermission(ctx.principal.roles, "booking:manual");
  const ask = item.state === "OPEN" ? (await deskAsks(ctx, [item.urn])).get(item.urn) : undefined;
  const askedBy = ask ? await userNames({ ctx, input: { urns: [ask.by] } }) : {};

  return (
    <>
      <PageHeader
        title={`${label(item.category)} · ${flight?.flight.number ?? "case"}`}
        description={item.detail ?? undefined}
        actions={<ReviewItemKeys />}
      />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_28rem]">
        <div className="grid grid-cols-1 content-start gap-4">
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2 text-base">
                <Badge variant={item.priority === "HIGH" ? "destructive" : item.priority === "MEDIUM" ? "warning" : "muted"}>{label(item.priority)}</Badge>
                <StatusBadge status={item.state} testId="review-item-state" />
                {item.assignedTo && <span className="text-xs text-muted-foreground" data-testid="review-item-assignee">claimed by {subjectWords(item.assignedTo, people)}</span>}
                {ask && (
                  <span className="text-xs text-muted-foreground" data-testid="review-item-desk">
                    asked of the {ask.desk} desk by {subjectWords(ask.by, askedBy)}, {formatAge(ask.at)} ago
                  </span>
                )}
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-2 text-sm">
              <div>
                Case{" "}
                <Link href={`/cases/${encodeURIComponent(item.caseUrn)}`} className="font-mono text-primary hover:underline" data-testid="review-item-case">
                  {flight ? `${flight.flight.number} · ${flight.airport}` : "its case"}
                  <ModeBadge mode={flight?.mode} className="ml-2" />
                </Link>
              </div>
              <div>
                Wave{" "}
                {item.waveUrn || wave ? (
                  <Link href={`/waves/${encodeURIComponent(item.waveUrn ?? wave!.urn)}`} className="text-primary hover:underline" data-testid="review-item-wave">
                    {item.waveUrn ? "the wave that raised it" : "the case's latest wave"}
                  </Link>
                ) : (
                  "—"
                )}
              </div>
              <div>
                Raised {formatAge(item.createdAt)} ago (<LocalTime at={item.createdAt} zone={zone} />)
              </div>
              <div className="flex flex-wrap items-center gap-2" data-testid="review-item-sla-line">
                SLA <SlaBadge item={item} now={new Date()} zone={zone} testId="review-item-sla" />
                {item.slaDueAt && item.state !== "RESOLVED" && (
                  <span className="text-muted-foreground">
                    at <LocalTime at={item.slaDueAt} zone={zone} />
                  </span>
                )}
              </div>
              {item.resolution && (
                <div data-testid="review-item-resolution">
                  Resolved {label(item.resolution)} by {subjectWords(item.resolvedBy, people)} at <LocalTime at={item.resolvedAt} zone={zone} />
                </div>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Groups</CardTitle>
            </CardHeader>
            <CardContent>
              <Table stack data-testid="review-item-groups">
                <TableHeader>
                  <TableRow>
                    <TableHead>Group</TableHead>
                    <TableHead>Tier</TableHead>
                    <TableHead className="text-right">Passengers</TableHead>
                    <TableHead className="text-right">Rooms</TableHead>
                    <TableHead>Status</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {groups.map((g) => (
                    <TableRow key={g.groupId}>
                      <TableCell className="font-mono" data-key>{g.groupId}</TableCell>
                      <TableCell data-label="Tier">{g.tier ? label(g.tier) : "mixed"}</TableCell>
                      <TableCell className="text-right" data-label="Passengers">{g.passengers}</TableCell>
                      <TableCell className="text-right" data-label="Rooms">{g.rooms}</TableCell>
                      <TableCell className="text-xs" data-label="Status">{g.reservationUrn ? "booked" : g.statuses.map(label).join(", ")}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-base">{item.attemptedHotels.length === 0 && booked.length > 0 ? "Booked" : "Hotels tried"}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3">
              {booked.length > 0 && (
                <ul className="grid gap-1 text-sm" data-testid="review-item-booked">
                  {booked.map((g) => (
                    <li key={g.groupId}>
                      Group <span className="font-mono">{g.groupId}</span> booked at {hotelName(g.hotelUrn!)}
                    </li>
                  ))}
                </ul>
              )}
              {item.attemptedHotels.length === 0 ? (
                booked.length === 0 && <p className="text-sm text-muted-foreground">None: no booking was attempted for these groups.</p>
              ) : (
                <Table data-testid="review-item-attempted">
                  <TableHeader>
                    <TableRow>
                      <TableHead>Hotel</TableHead>
                      <TableHead>Why it failed</TableHead>
                      <TableHead>Provider error</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {item.attemptedHotels.map((h, i) => (
                      <TableRow key={`${h.hotelUrn}-${i}`}>
                        <TableCell>{hotelName(h.hotelUrn)}</TableCell>
                        <TableCell>{h.reason}</TableCell>
                        <TableCell className="font-mono text-xs">{h.providerError ?? "—"}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </CardContent>
          </Card>
        </div>
        <Card className="content-start">
          <CardHeader>
            <CardTitle className="text-base">Act</CardTitle>
          </CardHeader>
          <CardContent>
            {canAct ? (
              <ReviewActions
                itemUrn={item.urn}
                state={item.state}
                claimedByMe={item.assignedTo === ctx.principal.sub}
                claimedBy={item.assignedTo ? subjectWords(item.assignedTo, people) : null}
                recommendations={item.recommendations}
                hotels={hotels}
                offers={offers}
                groups={choices}
                taken={taken}
                resolvedAs={
                  item.resolution ? (
                    <>
                      Resolved {label(item.resolution)} by {subjectWords(item.resolvedBy, people)} at <LocalTime at={item.resolvedAt} zone={zone} />
                    </>
                  ) : null
                }
              />
            ) : canBook ? (
              <SupervisorReviewActions itemUrn={item.urn} state={item.state} airport={airport ?? "airport"} offers={offers} askedDesk={Boolean(ask)} />
            ) : (
              <p className="text-sm text-muted-foreground" data-testid="review-read-only">
                The {airport ?? "airport"} operators act on this item and an ops supervisor may book it by hand; your role reads it.
              </p>
            )}
          </CardContent>
        </Card>
      </div>
    </>
  );
}

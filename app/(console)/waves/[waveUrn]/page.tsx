import { ArrowLeft, FileClock, MapPinOff, Printer } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CaseProgress } from "@/components/cases/case-progress";
import { EmptyState } from "@/components/console/empty-state";
import { formatAge, formatDuration, formatMoney } from "@/components/console/format";
import { LocalTime } from "@/components/console/local-time";
import { policyHref } from "@/lib/policies/href";
import { policyNames } from "@/lib/policies/names";
import { StatusBadge } from "@/components/console/status-badge";
import { ModeBadge } from "@/components/drills/mode-badge";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { HeldGroups } from "@/components/waves/held-groups";
import { tierText } from "@/components/waves/held-causes";
import { HotelPlacementsList } from "@/components/waves/hotel-placements";
import { HotelRadar } from "@/components/waves/hotel-radar";
import { OverrideProvider } from "@/components/waves/override-dialog";
import { ProviderHealth } from "@/components/waves/provider-health";
import { RankingTable } from "@/components/waves/ranking-table";
import { RerunDialog } from "@/components/waves/rerun-dialog";
import { overrideCandidates, overrideGroups, placementsByHotel } from "@/components/waves/wave-view";
import { getWave, listCaseWaves, type Wave } from "@/lib/allocation";
import { hotelQualities } from "@/lib/quality/labels";
import { airportTimeZone } from "@/lib/cases/airports";
import { hasPermission } from "@/lib/auth/roles";
import { sessionCtx } from "@/lib/console/session-ctx";
import { getCase } from "@/lib/cases/get";
import { DomainError } from "@/lib/errors";
import { decodeSegment, isUrn } from "@/lib/ids";
import { userNames } from "@/lib/users/names";
import { subjectWords } from "@/lib/users/subject-words";

export const metadata: Metadata = { title: "Allocation wave" };

const TRIGGER_TEXT: Record<Wave["trigger"], string> = {
  DEMAND: "a demand's approval",
  RERUN: "a rerun",
  BATCH: "the airport's batch window",
};

// an older wave row without a cost reads back as an amount with no currency: show a dash, not a crash
const money = (m: { amount: number; currency: string }) => (m.currency ? formatMoney(m) : "—");

function OutOfScopeWave({ message, myAirports }: { message: string; myAirports: string[] }) {
  const airport = /Airport ([A-Z]{3})/.exec(message)?.[1];
  return (
    <EmptyState icon={MapPinOff} title={airport ? `This wave is at ${airport}, outside your airports` : "This wave is outside your airports"} testId="wave-out-of-scope">
      <p>
        Your account works on {myAirports.join(", ")}. Ask an administrator of your airline if you need to see allocations at {airport ?? "that airport"}.
      </p>
      <div className="mt-3">
        <Button asChild variant="outline">
          <Link href="/cases">Back to your cases</Link>
        </Button>
      </div>
    </EmptyState>
  );
}

/**
 * One allocation wave, explained: where the hotels are, where each group went and why, which
 * groups could not be placed and what would help, every candidate's scores, and which hotel
 * sources answered. Supervisors move a group or rerun the wave from here, with a reason.
 */
export default async function WavePage({ params }: { params: Promise<{ waveUrn: string }> }) {
  const ctx = await sessionCtx();
  const urn = decodeSegment((await params).waveUrn);
  if (!isUrn(urn, "wave")) notFound();
  let wave: Wave;
  try {
    wave = await getWave({ ctx, input: { waveUrn: urn } });
  } catch (err) {
    if (err instanceof DomainError && err.status === 404) notFound();
    if (err instanceof DomainError && err.code === "OUT_OF_SCOPE") return <OutOfScopeWave message={err.message} myAirports={ctx.principal.airports} />;
    throw err;
  }
  const [record, siblings] = await Promise.all([getCase({ ctx, input: { caseUrn: wave.caseUrn } }), listCaseWaves({ ctx, input: { caseUrn: wave.caseUrn } })]);
  const [names, policies, quality] = await Promise.all([
    userNames({ ctx, input: { urns: [wave.createdBy, ...wave.allocations.map((a) => a.override?.by ?? "")] } }),
    policyNames({ ctx, input: { urns: wave.policies.map((p) => p.policyUrn) } }),
    hotelQualities({ ctx, input: { urns: wave.allocations.map((a) => a.hotelUrn) } }),
  ]);
  const who = (sub: string) => subjectWords(sub, names);

  const caseHref = `/cases/${encodeURIComponent(record.urn)}`;
  const newest = siblings[0];
  const zone = await airportTimeZone(ctx, wave.airport);
  const canWrite = hasPermission(ctx.principal.roles, "wave:write") && record.status !== "CLOSED";
  const hotels = placementsByHotel(wave);
  const roomsPlaced = wave.allocations.reduce((s, a) => s + a.rooms, 0);
  const roomsHeld = wave.held.reduce((s, h) => s + h.rooms, 0);

  const body = (
    <>
      <CaseProgress ctx={ctx} caseUrn={wave.caseUrn} waveUrn={wave.urn} open />
      <div className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="wave-totals">
        <Total label="Groups placed" value={String(wave.allocations.length)} testId="wave-placed" />
        <Total label="Groups held" value={String(wave.held.length)} warn={wave.held.length > 0} testId="wave-held" />
        <Total label="Rooms" value={`${roomsPlaced}${roomsHeld ? ` + ${roomsHeld} held` : ""}`} />
        <Total label="Total cost" value={money(wave.totalCost)} sub={`${wave.nights} night${wave.nights === 1 ? "" : "s"}`} testId="wave-total-cost" />
        <Total label="Savings vs market" value={money(wave.savingsVsMarket)} sub="direct contracts" />
        <Total label="Offers" value={`${wave.offersDeduped}`} sub={`of ${wave.offersRaw} before dedupe`} />
      </div>

      <Section title="Hotel sources" testId="wave-sources">
        <ProviderHealth sources={wave.sources} degraded={wave.degraded} />
      </Section>

      {wave.held.length > 0 && (
        <Section title="Held groups" count={wave.held.length} testId="wave-held-section">
          <HeldGroups held={wave.held} />
        </Section>
      )}

      <div className="mb-6 grid gap-4 xl:grid-cols-[minmax(320px,440px)_1fr]">
        <Card className="gap-3 self-start">
          <CardHeader>
            <CardTitle className="text-sm">Hotels around {wave.airport}</CardTitle>
            <CardDescription>Distance and bearing from the airport, north up; the rings are kilometres.</CardDescription>
          </CardHeader>
          <CardContent>
            {wave.rankingInputs.length ? (
              <HotelRadar inputs={wave.rankingInputs} airport={wave.airport} allocations={wave.allocations} />
            ) : (
              <p className="text-sm text-muted-foreground">No hotel was offered to this wave.</p>
            )}
          </CardContent>
        </Card>
        <section className="grid content-start gap-2" aria-label="Groups per hotel">
          <h2 className="flex items-center gap-2 font-semibold">
            Groups per hotel <Badge variant="muted">{hotels.length}</Badge>
          </h2>
          {hotels.length ? (
            <HotelPlacementsList hotels={hotels} who={who} zone={zone} quality={quality} />
          ) : (
            <p className="rounded-md border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">No group was placed in this wave.</p>
          )}
        </section>
      </div>

      <Section title="Ranking inputs" count={wave.rankingInputs.length} testId="wave-ranking">
        <p className="text-sm text-muted-foreground">
          Every offer each tier pass considered: the policy filters first (stars, distance, rate, amenities, chains, payment, providers); the rest are scored on
          cost, distance and consolidation with the policy&apos;s weights, and the best with rooms left takes the group.
        </p>
        <RankingTable inputs={wave.rankingInputs} />
      </Section>

      {wave.policies.length > 0 && (
        <p className="text-xs text-muted-foreground" data-testid="wave-policies">
          Policies used:{" "}
          {wave.policies.map((p, i) => (
            <span key={`${p.tier}-${p.policyUrn}`}>
              {i > 0 && ", "}
              {tierText(p.tier)}{" "}
              <Link href={policyHref(p.policyUrn)} title={p.policyUrn} className="text-primary underline underline-offset-2">
                {policies[p.policyUrn]?.name ?? "policy"} v{p.version}
              </Link>
            </span>
          ))}
        </p>
      )}
    </>
  );

  return (
    <>
      <Link href={caseHref} className="mb-3 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground" data-testid="wave-case-link">
        <ArrowLeft className="size-4" aria-hidden /> Case {record.flight.number}
      </Link>

      <div className="mb-5 flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-xl font-semibold tracking-tight">
              Allocation wave ·{" "}
              <Link href={caseHref} className="font-mono hover:underline" data-testid="wave-flight">
                {record.flight.number}
              </Link>
            </h1>
            <span className="text-lg text-muted-foreground">{wave.airport}</span>
            <ModeBadge mode={record.mode} className="text-sm" />
            <StatusBadge status={wave.status} testId="wave-status" />
            <Badge variant="outline" data-testid="wave-trigger">
              {wave.trigger.toLowerCase()}
            </Badge>
            {wave.degraded && <Badge variant="warning">degraded</Badge>}
          </div>
          <p className="text-sm text-muted-foreground">
            Run by {TRIGGER_TEXT[wave.trigger]} {formatAge(wave.createdAt)} ago (<LocalTime at={wave.createdAt} zone={zone} testId="wave-created" />) by {who(wave.createdBy)} · engine{" "}
            {formatDuration(wave.engineMs)} · <span className="font-mono text-xs">{wave.urn}</span>
          </p>
          {wave.reason && (
            <p className="text-sm" data-testid="wave-reason">
              Reason: “{wave.reason}”
            </p>
          )}
          {newest && newest.urn !== wave.urn && (
            <p className="text-sm" data-testid="wave-newer">
              A newer wave exists ({newest.status.toLowerCase()}, {formatAge(newest.createdAt)} ago):{" "}
              <Link href={`/waves/${encodeURIComponent(newest.urn)}`} className="font-medium text-primary hover:underline">
                open the latest
              </Link>
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {canWrite && <RerunDialog waveUrn={wave.urn} waiting={wave.held.length} />}
          <Button asChild size="sm" variant="outline">
            <Link href={`/waves/${encodeURIComponent(wave.urn)}/rooming`} data-testid="wave-rooming-link">
              <Printer aria-hidden /> Rooming lists
            </Link>
          </Button>
          <Button asChild size="sm" variant="ghost">
            <Link href={`/audit?entityUrn=${encodeURIComponent(wave.urn)}`}>
              <FileClock aria-hidden /> Audit
            </Link>
          </Button>
        </div>
      </div>

      {record.status === "CLOSED" && (
        <p className="mb-4 rounded-md border bg-muted/50 px-4 py-2 text-sm" data-testid="wave-case-closed">
          The case is closed: this wave can no longer be changed.
        </p>
      )}

      {canWrite ? (
        <OverrideProvider waveUrn={wave.urn} groups={overrideGroups(wave)} candidates={overrideCandidates(wave)}>
          {body}
        </OverrideProvider>
      ) : (
        body
      )}
    </>
  );
}

function Total({ label, value, sub, warn, testId }: { label: string; value: string; sub?: string; warn?: boolean; testId?: string }) {
  return (
    <div className={`rounded-lg border bg-card px-3 py-2 ${warn ? "border-warning/60 bg-warning/10" : ""}`}>
      <div className="text-xs text-muted-foreground">{label}</div>
      <div className="text-lg font-semibold tabular-nums" data-testid={testId}>
        {value}
      </div>
      {sub && <div className="text-xs text-muted-foreground">{sub}</div>}
    </div>
  );
}

function Section({ title, count, testId, children }: { title: string; count?: number; testId?: string; children: React.ReactNode }) {
  return (
    <section className="mb-6 grid gap-2" aria-label={title} data-testid={testId}>
      <h2 className="flex items-center gap-2 font-semibold">
        {title}
        {count !== undefined && <Badge variant="muted">{count}</Badge>}
      </h2>
      {children}
    </section>
  );
}

import { HeartHandshake } from "lucide-react";
import { AutoRefresh } from "@/components/console/auto-refresh";
import { FoldSection } from "@/components/console/fold-section";
import { LocalTime } from "@/components/console/local-time";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { readCaseCare } from "@/lib/care/read";
import { REGIME_NAMES } from "@/lib/care/words";
import type { Ctx } from "@/lib/context";
import { CAUSE_WORDS, careRows, KIND_WORDS, waitWords } from "./care-groups";

const SHOWN_NAMES = 6;

/**
 * The case page's "Right to care": the disruption and the facts read, then per row of passengers
 * with the same care the sentences with their bases. When the case's next flight has moved (or
 * passengers joined) and the assessment after it has not run yet, it says so and re-renders until it has.
 */
export async function CaseCare({ ctx, caseUrn, zone, nextDeparture, passengerCount }: { ctx: Ctx; caseUrn: string; zone: string; nextDeparture: string | null; passengerCount: number }) {
  const care = await readCaseCare(ctx, caseUrn);
  const f = care.facts;
  const moved = (f.nextDeparture ? Date.parse(f.nextDeparture) : null) !== (nextDeparture ? Date.parse(nextDeparture) : null);
  // passengers added since: the assessment after them has not run yet either
  const stale = moved || care.passengers.length !== passengerCount;
  const rows = careRows(care);
  return (
    <FoldSection
      title="Right to care"
      testId="case-care"
      open={stale}
      summary={`${care.regimes.map((r) => REGIME_NAMES[r]).join(", ") || "no passenger-rights regime"} · ${rows.length} group${rows.length === 1 ? "" : "s"} of care`}
    >
      <Card className="gap-3">
        <CardHeader>
          <CardTitle className="flex flex-wrap items-center gap-2 text-sm">
            <HeartHandshake className="size-4" aria-hidden /> Right to care
            {care.regimes.length > 0 ? (
              care.regimes.map((r) => (
                <Badge key={r} variant="info" className="whitespace-normal" data-testid="care-regime">
                  {REGIME_NAMES[r]}
                </Badge>
              ))
            ) : (
              <Badge variant="muted">no passenger-rights regime</Badge>
            )}
          </CardTitle>
          <CardDescription data-testid="care-disruption">
            {KIND_WORDS[care.disruption.kind] ?? care.disruption.kind}{care.disruption.description ? ` (${care.disruption.description})` : ""}, {CAUSE_WORDS[care.disruption.cause] ?? care.disruption.cause} · {f.origin} ({f.originCountry}) → {f.destination} (
            {f.destinationCountry}), {f.distanceKm.toLocaleString("en-GB")} km · wait {waitWords(f.waitMinutes)}
            {f.overnight ? ", overnight" : f.overnight === false ? ", same day" : ""}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3 text-sm">
          {stale && (
            <p className="rounded-md bg-muted/50 px-3 py-1.5 text-muted-foreground" data-testid="care-stale">
              {moved ? "The next flight has moved" : "Passengers were added"}: the right to care is being decided again.
            </p>
          )}
          <AutoRefresh active={stale} />
          <ul className="grid gap-3">
            {rows.map((row) => (
              <li key={row.key} className="grid gap-1.5 rounded-md border p-3" data-testid="care-row">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="font-medium">
                    {row.passengers.length} passenger{row.passengers.length === 1 ? "" : "s"}
                  </span>
                  <span className="font-mono text-xs text-muted-foreground">{row.groups.join(", ")}</span>
                  {row.priority && (
                    <Badge variant="warning" className="whitespace-normal" data-testid="care-priority">
                      priority: reduced mobility / unaccompanied child, EU261 Art. 11
                    </Badge>
                  )}
                </div>
                <p className="text-xs text-muted-foreground">
                  {row.passengers
                    .slice(0, SHOWN_NAMES)
                    .map((p) => p.name ?? p.passengerId)
                    .join(", ")}
                  {row.passengers.length > SHOWN_NAMES && ` and ${row.passengers.length - SHOWN_NAMES} more`}
                </p>
                <ul className="grid gap-1 pl-4 [list-style:disc]">
                  {row.sentences.map((s) => (
                    <li key={s} className="break-words" data-testid="care-sentence">
                      {s}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          <p className="text-xs text-muted-foreground" data-testid="care-version">
            {care.version === null ? (
              <>Not stored yet: decided now from the case&apos;s facts; the assessment job keeps it as version 1</>
            ) : (
              <>
                Version {care.version} ({care.trigger.replaceAll("_", " ").toLowerCase()}), decided <LocalTime at={care.assessedAt} zone={zone} />
              </>
            )}
            {care.history.length > 1 && <> · {care.history.length - 1} earlier version{care.history.length === 2 ? "" : "s"} in the audit</>}
          </p>
        </CardContent>
      </Card>
    </FoldSection>
  );
}

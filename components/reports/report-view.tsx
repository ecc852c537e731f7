"use client";

import { Download } from "lucide-react";
import type { ReactElement } from "react";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatMoney, formatZoned } from "@/components/console/format";
import { LocalTime } from "@/components/console/local-time";
import { CareComplianceTable } from "@/components/reports/care-compliance-table";
import { WorstHotels } from "@/components/reports/worst-hotels";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { PolicyName } from "@/lib/policies/names";
import { policyHref } from "@/lib/policies/href";
import type { Report } from "@/lib/reports/schemas";

const pct = (v: number | null) => (v === null ? "—" : `${Math.round(v * 1000) / 10}%`);
const min = (v: number | null) => (v === null ? "—" : `${v} min`);
const label = (v: string) => v.replaceAll("_", " ").toLowerCase().replace(/^./, (c) => c.toUpperCase());

/** "Mon 16 Nov": a day as the console writes it, in a zone. */
const dayIn = (at: string | Date, zone: string) => formatZoned(at, zone).split(" ").slice(0, 3).join(" ");

/**
 * One weekly report (or the week so far: `live`): charts of the review figures, the service figures
 * per airport, failing policies (by name) and providers. Its days and the time it was computed read
 * in `zone` (the report's own zone, or the reader's airport's when the report's is UTC), and in UTC
 * when the header says so. No CSV for the week so far: it is not kept.
 */
export function ReportView({ report, csvHref, careCsvHref, policies, zone, live = false }: { report: Report; csvHref?: string; careCsvHref?: string; policies: Record<string, PolicyName>; zone: string; live?: boolean }) {
  // ALL is the total of the airports the reader may see (absent from an old report read by a principal of some airports)
  const all = report.airports.find((a) => a.airport === "ALL");
  const perAirport = report.airports.filter((a) => a.airport !== "ALL");
  const categories = Object.entries(all?.byCategory ?? {}).map(([category, items]) => ({ category: label(category), items }));
  const timing = perAirport.map((a) => ({ airport: a.airport, mean: a.meanMinutesToResolve, p90: a.p90MinutesToResolve }));
  const service = perAirport.map((a) => ({ airport: a.airport, firstVoucher: a.meanMinutesToFirstVoucher, lastGroup: a.meanMinutesToLastGroupHoused }));
  return (
    <div className="grid min-w-0 gap-4" data-testid="report-view">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" data-testid="report-period">
          {live ? (
            <>
              This week so far: since {dayIn(report.periodStart, report.timeZone)} 00:00 ({report.timeZone}) · as of <LocalTime at={report.generatedAt} zone={zone} />
            </>
          ) : (
            <>
              {/* the period ends at the next Monday 00:00: its last day is the Sunday before */}
              {dayIn(report.periodStart, report.timeZone)} to {dayIn(new Date(new Date(report.periodEnd).getTime() - 1), report.timeZone)} ({report.timeZone}) · computed{" "}
              <LocalTime at={report.generatedAt} zone={zone} />
            </>
          )}
        </p>
        {csvHref && (
          <Button asChild variant="outline" size="sm">
            <a href={csvHref} data-testid="report-csv"><Download aria-hidden /> CSV</a>
          </Button>
        )}
      </div>
      <div className="grid gap-3 sm:grid-cols-4" data-testid="report-totals">
        <Stat title="Items closed" value={String(all?.closedItems ?? 0)} />
        <Stat title="Mean / p90 to resolve" value={`${min(all?.meanMinutesToResolve ?? null)} / ${min(all?.p90MinutesToResolve ?? null)}`} />
        <Stat title="Resolved by a recommendation" value={pct(all?.acceptedRecommendationShare ?? null)} />
        <Stat title="Resolved by the agent's" value={pct(all?.agentRecommendationShare ?? null)} />
        <Stat title="Housed within 30 min" value={pct(all?.housedWithin30MinShare ?? null)} />
      </div>
      <div className="grid gap-3 sm:grid-cols-4" data-testid="report-reach">
        <Stat title="Reached by email ≤ 10 min of the voucher" value={pct(all?.emailReachedWithin10MinShare ?? null)} testId="report-reach-email" />
        <Stat title="Reached by SMS ≤ 10 min of the voucher" value={pct(all?.smsReachedWithin10MinShare ?? null)} testId="report-reach-sms" />
        <Stat title="Chose another hotel" value={pct(all?.choseOtherHotelShare ?? null)} testId="report-chose-other" />
        <Stat title="Declined the hotel" value={pct(all?.declinedShare ?? null)} testId="report-declined" />
        <Stat title="Meal vouchers issued (cost)" value={`${all?.mealVouchersIssued ?? 0} (${Object.entries(all?.mealVoucherCost ?? {}).map(([currency, amount]) => formatMoney({ amount, currency })).join(" + ") || "—"})`} testId="report-meals" />
      </div>
      <div className="grid gap-4 xl:grid-cols-2">
        <ChartCard title="Items by category" description="Review items closed in the week" empty={!categories.some((c) => c.items > 0)}>
          <BarChart data={categories}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="category" fontSize={11} />
            <YAxis allowDecimals={false} fontSize={11} />
            <Tooltip />
            <Bar dataKey="items" name="Items" fill="var(--color-primary, #2563eb)" />
          </BarChart>
        </ChartCard>
        <ChartCard title="Time to resolve" description="Minutes from opening to resolution, per airport" empty={!timing.some((t) => t.mean !== null || t.p90 !== null)}>
          <BarChart data={timing}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="airport" fontSize={11} />
            <YAxis fontSize={11} />
            <Tooltip />
            <Legend />
            <Bar dataKey="mean" name="Mean" fill="#2563eb" />
            <Bar dataKey="p90" name="p90" fill="#f59e0b" />
          </BarChart>
        </ChartCard>
        <ChartCard title="How fast passengers got rooms" description="Minutes from case creation, per airport" empty={!service.some((t) => t.firstVoucher !== null || t.lastGroup !== null)}>
          <BarChart data={service}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="airport" fontSize={11} />
            <YAxis fontSize={11} />
            <Tooltip />
            <Legend />
            <Bar dataKey="firstVoucher" name="First voucher" fill="#16a34a" />
            <Bar dataKey="lastGroup" name="Last group housed" fill="#9333ea" />
          </BarChart>
        </ChartCard>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Failing most</CardTitle>
            <CardDescription>Policies behind the week&apos;s review items; providers by failed reservations</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3 text-sm">
            <ol className="list-decimal pl-5" data-testid="report-policies">
              {report.topFailingPolicies.length === 0 ? <li className="list-none text-muted-foreground">No policy behind an item</li> : report.topFailingPolicies.map((p) => (
                <li key={p.policyUrn} data-testid="report-policy">
                  <a href={policyHref(p.policyUrn)} title={p.policyUrn} className="text-primary underline underline-offset-2">
                    {policies[p.policyUrn] ? `${policies[p.policyUrn].name} v${policies[p.policyUrn].version}` : "a policy no longer listed"}
                  </a>{" "}
                  · {p.items} {p.items === 1 ? "item" : "items"}
                </li>
              ))}
            </ol>
            <ol className="list-decimal pl-5" data-testid="report-providers">
              {report.topFailingProviders.length === 0 ? <li className="list-none text-muted-foreground">No failed reservation</li> : report.topFailingProviders.map((p) => <li key={p.provider}>{p.provider} · {p.failedReservations}</li>)}
            </ol>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Walks by hotel</CardTitle>
            <CardDescription>Stays a hotel no longer held (found on a re-confirmation, or declined), and those rehoused automatically</CardDescription>
          </CardHeader>
          <CardContent className="text-sm">
            <ol className="list-decimal pl-5" data-testid="report-walks">
              {report.walks.length === 0 ? <li className="list-none text-muted-foreground">No hotel walked a group</li> : report.walks.map((w) => (
                <li key={w.hotelUrn} data-testid="report-walk" title={w.hotelUrn}>
                  {w.hotelName ?? w.hotelUrn} · {w.walks} {w.walks === 1 ? "walk" : "walks"}, {w.rehoused} rehoused
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
      </div>
      <WorstHotels hotels={report.worstHotels ?? []} />
      <CareComplianceTable rows={report.careCompliance} csvHref={careCsvHref ?? `/reports/care-compliance.csv?from=${encodeURIComponent(report.periodStart)}&to=${encodeURIComponent(report.periodEnd)}`} />
      {/* eleven columns scroll sideways beside the weeks' list: the scroller is a named, focusable region so a keyboard can scroll it */}
      <div role="region" aria-label="Figures per airport" tabIndex={0} className="relative w-full overflow-x-auto rounded-md border bg-card focus-visible:outline-2 focus-visible:outline-ring">
        <table data-slot="table" className="w-full caption-bottom text-sm" data-testid="report-airports">
        <TableHeader>
          <TableRow>
            <TableHead>Airport</TableHead>
            <TableHead className="text-right">Closed</TableHead>
            <TableHead className="text-right">Mean / p90</TableHead>
            <TableHead className="text-right">By recommendation</TableHead>
            <TableHead className="text-right">SLA breaches</TableHead>
            <TableHead className="text-right">Cases</TableHead>
            <TableHead className="text-right">First voucher</TableHead>
            <TableHead className="text-right">Last group</TableHead>
            <TableHead className="text-right">Housed ≤ 30 min</TableHead>
            <TableHead className="text-right">Reached ≤ 10 min (email / SMS)</TableHead>
            <TableHead className="text-right">Chose / declined</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {report.airports.map((a) => (
            <TableRow key={a.airport}>
              <TableCell className="font-mono">{a.airport}</TableCell>
              <TableCell className="text-right tabular-nums">{a.closedItems}</TableCell>
              <TableCell className="text-right tabular-nums">{min(a.meanMinutesToResolve)} / {min(a.p90MinutesToResolve)}</TableCell>
              <TableCell className="text-right tabular-nums">{pct(a.acceptedRecommendationShare)}</TableCell>
              <TableCell className="text-right tabular-nums">{a.slaBreaches}</TableCell>
              <TableCell className="text-right tabular-nums">{a.cases}</TableCell>
              <TableCell className="text-right tabular-nums">{min(a.meanMinutesToFirstVoucher)}</TableCell>
              <TableCell className="text-right tabular-nums">{min(a.meanMinutesToLastGroupHoused)}</TableCell>
              <TableCell className="text-right tabular-nums">{pct(a.housedWithin30MinShare)} ({a.passengersHoused}/{a.passengers})</TableCell>
              <TableCell className="text-right tabular-nums">{pct(a.emailReachedWithin10MinShare)} / {pct(a.smsReachedWithin10MinShare)}</TableCell>
              <TableCell className="text-right tabular-nums">{pct(a.choseOtherHotelShare)} / {pct(a.declinedShare)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
        </table>
      </div>
    </div>
  );
}

function Stat({ title, value, testId }: { title: string; value: string; testId?: string }) {
  return (
    <div className="rounded-md border p-3" data-testid={testId}>
      <div className="text-xs text-muted-foreground">{title}</div>
      <div className="mt-1 text-lg font-semibold tabular-nums">{value}</div>
    </div>
  );
}

/** A chart, or, when the week has nothing to draw, a note saying so: empty axes read as "the chart is broken". */
function ChartCard({ title, description, empty, children }: { title: string; description: string; empty: boolean; children: ReactElement }) {
  return (
    <Card data-testid="report-chart" data-empty={empty || undefined}>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="h-64">
        {empty ? (
          <div className="flex h-full items-center justify-center rounded-md border border-dashed text-sm text-muted-foreground" data-testid="chart-no-data">
            No data for this period
          </div>
        ) : (
          <ResponsiveContainer width="100%" height="100%">
            {children}
          </ResponsiveContainer>
        )}
      </CardContent>
    </Card>
  );
}

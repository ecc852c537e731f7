import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/console/page-header";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { hasPermission } from "@/lib/auth/roles";
import { sessionCtx } from "@/lib/console/session-ctx";
import { DRILL_AIRPORTS, listDrills } from "@/lib/drills";
import { launchDrillAction } from "./actions";
import { DrillForm } from "./drill-form";

export const metadata: Metadata = { title: "Drills" };

const time = (iso: string) => new Date(iso).toISOString().replace("T", " ").slice(0, 16) + "Z";

/** Seconds as "4 min 12 s" ("—" until it happened). */
function took(seconds: number | null) {
  if (seconds === null) return "—";
  if (seconds < 60) return `${seconds} s`;
  const m = Math.floor(seconds / 60);
  return m < 120 ? `${m} min ${seconds % 60} s` : `${Math.floor(m / 60)} h ${m % 60} min`;
}

export default async function DrillsPage() {
  const ctx = await sessionCtx();
  if (!hasPermission(ctx.principal.roles, "case:drill")) return null;
  const scoped = ctx.principal.airports.includes("*") ? DRILL_AIRPORTS : DRILL_AIRPORTS.filter((a) => ctx.principal.airports.includes(a));
  const drills = await listDrills({ ctx, input: { limit: 50 } });
  return (
    <>
      <PageHeader
        title="Drills"
        description="Rehearse a cancellation end to end: against sandbox providers only, with no mail sent and no page, and left out of the weekly reports. Every drill is marked DRILL wherever it appears."
      />
      <DrillForm airports={[...scoped]} launch={launchDrillAction} />
      <h2 className="mt-6 mb-2 text-sm font-semibold">Past drills</h2>
      <Table data-testid="drill-list">
        <TableHeader>
          <TableRow>
            <TableHead>Started</TableHead>
            <TableHead>Case</TableHead>
            <TableHead>Airport</TableHead>
            <TableHead>Passengers</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>To first wave</TableHead>
            <TableHead>To first voucher</TableHead>
            <TableHead>To all housed</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {drills.length === 0 && (
            <TableRow>
              <TableCell colSpan={8} className="text-muted-foreground">
                No drill yet.
              </TableCell>
            </TableRow>
          )}
          {drills.map((d) => (
            <TableRow key={d.caseUrn} data-testid="drill-row">
              <TableCell className="text-xs">{time(d.createdAt)}</TableCell>
              <TableCell>
                <Badge className="mr-2 bg-amber-700 text-white hover:bg-amber-700">DRILL</Badge>
                <Link href={`/cases/${encodeURIComponent(d.caseUrn)}`} className="font-mono text-xs text-primary hover:underline">
                  {d.flightNumber}
                </Link>
              </TableCell>
              <TableCell>{d.airport}</TableCell>
              <TableCell>
                {d.passengers} <span className="text-xs text-muted-foreground">({d.groupsHoused}/{d.groups} groups housed)</span>
              </TableCell>
              <TableCell>
                <Badge variant="outline">{d.status}</Badge>
              </TableCell>
              <TableCell>{took(d.timings.toFirstWave)}</TableCell>
              <TableCell>{took(d.timings.toFirstVoucher)}</TableCell>
              <TableCell>{took(d.timings.toAllHoused)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}

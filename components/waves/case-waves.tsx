import { Waves } from "lucide-react";
import Link from "next/link";
import { EmptyState } from "@/components/console/empty-state";
import { formatAge, formatMoney } from "@/components/console/format";
import { LocalTime } from "@/components/console/local-time";
import { StatusBadge } from "@/components/console/status-badge";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { listCaseWaves } from "@/lib/allocation";
import type { Ctx } from "@/lib/context";

/** The case page's "Waves" section: every allocation run of the case, newest first, each a link to its explanation. */
export async function CaseWaves({ ctx, caseUrn, zone }: { ctx: Ctx; caseUrn: string; zone: string }) {
  const waves = await listCaseWaves({ ctx, input: { caseUrn } });
  return (
    <section className="mb-6 grid gap-2" aria-label="Waves" data-testid="case-waves">
      <h2 className="flex items-center gap-2 font-semibold">
        Waves
        <Badge variant="muted">{waves.length}</Badge>
      </h2>
      {waves.length === 0 ? (
        <EmptyState icon={Waves} title="No allocation yet" testId="case-waves-empty" className="py-8">
          <p>An approved demand starts an allocation wave: the groups are placed in hotels around the airport, and the wave explains each choice.</p>
        </EmptyState>
      ) : (
        <Table data-testid="case-waves-table">
          <TableHeader>
            <TableRow>
              <TableHead>Wave</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Trigger</TableHead>
              <TableHead className="text-right">Placed</TableHead>
              <TableHead className="text-right">Held</TableHead>
              <TableHead className="text-right">Cost</TableHead>
              <TableHead className="text-right">When</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {waves.map((w, i) => (
              <TableRow key={w.urn} data-testid="case-wave-row" data-urn={w.urn}>
                <TableCell>
                  <Link href={`/waves/${encodeURIComponent(w.urn)}`} className="font-medium text-primary hover:underline" data-testid="case-wave-link">
                    {i === 0 ? "Latest wave" : `Wave ${waves.length - i}`}
                  </Link>
                  {w.degraded && (
                    <Badge variant="warning" className="ml-2" title="a hotel source failed; the wave ran without it">
                      degraded
                    </Badge>
                  )}
                </TableCell>
                <TableCell>
                  <StatusBadge status={w.status} testId="case-wave-status" />
                </TableCell>
                <TableCell className="text-xs">{w.trigger.toLowerCase()}</TableCell>
                <TableCell className="text-right tabular-nums">{w.placed}</TableCell>
                <TableCell className={`text-right tabular-nums ${w.held > 0 ? "font-semibold text-warning-foreground dark:text-warning" : ""}`}>{w.held}</TableCell>
                <TableCell className="text-right tabular-nums">{formatMoney(w.totalCost)}</TableCell>
                <TableCell className="text-right text-xs">
                  <LocalTime at={w.createdAt} zone={zone} />
                  <div className="text-muted-foreground">{formatAge(w.createdAt)} ago</div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}

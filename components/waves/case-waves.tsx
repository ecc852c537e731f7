import { Waves } from "lucide-react";
import Link from "next/link";
import { EmptyState } from "@/components/console/empty-state";
import { formatAge, formatMoney } from "@/components/console/format";
import { LocalTime } from "@/components/console/local-time";
import { StatusBadge } from "@/components/console/status-badge";
import { FoldSection } from "@/components/console/fold-section";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { listCaseWaves } from "@/lib/allocation";
import type { Ctx } from "@/lib/context";

/** The case page's "Waves" section: every allocation run of the case, newest first, each a link to its explanation. */
export async function CaseWaves({ ctx, caseUrn, zone }: { ctx: Ctx; caseUrn: string; zone: string }) {
  const waves = await listCaseWaves({ ctx, input: { caseUrn } });
  return (
    <FoldSection
      title="Waves"
      count={waves.length}
      testId="case-waves"
      summary={waves[0] ? `latest ${waves[0].status.toLowerCase().replaceAll("_", " ")}: ${waves[0].placed} placed, ${waves[0].held} held, ${formatMoney(waves[0].totalCost)}` : "no allocation yet"}
    >
      {waves.length === 0 ? (
        <EmptyState icon={Waves} title="No allocation yet" testId="case-waves-empty" className="py-8">
          <p>An approved demand starts an allocation wave: the groups are placed in hotels around the airport, and the wave explains each choice.</p>
        </EmptyState>
      ) : (
        <Table stack data-testid="case-waves-table">
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
                <TableCell data-key>
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
                <TableCell className="text-xs" data-label="Trigger">
                  {w.trigger.toLowerCase()}
                </TableCell>
                <TableCell className="text-right tabular-nums" data-label="Placed">
                  {w.placed}
                </TableCell>
                <TableCell className={`text-right tabular-nums ${w.held > 0 ? "font-semibold text-warning-foreground dark:text-warning" : ""}`} data-label="Held">
                  {w.held}
                </TableCell>
                <TableCell className="text-right tabular-nums" data-label="Cost">
                  {formatMoney(w.totalCost)}
                </TableCell>
                <TableCell className="text-right text-xs" data-wide>
                  <LocalTime at={w.createdAt} zone={zone} />
                  <div className="text-muted-foreground">{formatAge(w.createdAt)} ago</div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </FoldSection>
  );
}

import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { CareComplianceFigures } from "@/lib/reports/care-compliance-schemas";

const label = (v: string) => v.replaceAll("_", " ").toLowerCase().replace(/^./, (c) => c.toUpperCase());

/** The weekly report's right-to-care section: per regime and kind, owed, provided, late and not provided; the CSV has the reasons and costs. */
export function CareComplianceTable({ rows, csvHref, title = "Right to care" }: { rows: CareComplianceFigures[]; csvHref: string; title?: string }) {
  return (
    <Card data-testid="report-care" className="min-w-0">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div>
          <CardTitle className="text-base">{title}</CardTitle>
          <CardDescription>Passengers owed each kind of care, per regime, in the week&apos;s cases; late: past the grace after it became owed</CardDescription>
        </div>
        <Button asChild variant="outline" size="sm">
          <a href={csvHref} data-testid="report-care-csv"><Download aria-hidden /> CSV with reasons and cost</a>
        </Button>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="report-care-empty">No care owed in this period</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Regime</TableHead>
                <TableHead>Care</TableHead>
                <TableHead className="text-right">Owed</TableHead>
                <TableHead className="text-right">Provided</TableHead>
                <TableHead className="text-right">Late</TableHead>
                <TableHead className="text-right">Not provided</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={`${r.regime}-${r.kind}`} data-testid="report-care-row">
                  <TableCell className="font-mono">{r.regime}</TableCell>
                  <TableCell>{label(r.kind)}</TableCell>
                  <TableCell className="text-right tabular-nums">{r.owed}</TableCell>
                  <TableCell className="text-right tabular-nums">{r.provided}</TableCell>
                  <TableCell className="text-right tabular-nums">{r.late}</TableCell>
                  <TableCell className="text-right tabular-nums">{r.notProvided}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

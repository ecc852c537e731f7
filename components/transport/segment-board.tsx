import { Bus } from "lucide-react";
import Link from "next/link";
import { EmptyState } from "@/components/console/empty-state";
import { LocalTime } from "@/components/console/local-time";
import { StatusBadge } from "@/components/console/status-badge";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { CaseLabel } from "@/lib/read-models/case-labels";
import { cancellationWords } from "@/lib/transport/cancel-words";
import type { Segment } from "@/lib/transport/schemas";
import { boardRows } from "./board";
import { SegmentActions } from "./segment-actions";

/**
 * Rides as a board: unassigned first, then by pickup slot; vehicle and driver, load against seats,
 * special requirements; the retime, assign and cancel dialogs where the user may act. Given the
 * labels of their cases (the airport board), each ride names its flight, not the case's URN.
 */
export function SegmentBoard({ segments, mayAct, cases, testId = "segment-board", zones }: { segments: Segment[]; mayAct: boolean; cases?: Record<string, CaseLabel>; testId?: string; zones: string | Record<string, string> }) {
  // one case's rides share its airport's zone; the airport board's rows each have their own
  const zoneOf = (s: Segment) => (typeof zones === "string" ? zones : (zones[s.airport ?? ""] ?? null));
  if (segments.length === 0) {
    return (
      <EmptyState icon={Bus} title="No ride yet" testId={`${testId}-empty`} className="py-8">
        <p>Rides to the hotel and back are planned as each reservation confirms: shuttles shared per hotel and pickup slot, cars for the tiers whose policy says so, wheelchair vans.</p>
      </EmptyState>
    );
  }
  return (
    <Table stack data-testid={testId}>
      <TableHeader>
        <TableRow>
          <TableHead>Pickup</TableHead>
          <TableHead>Direction</TableHead>
          {cases && <TableHead>Case</TableHead>}
          <TableHead>Vehicle</TableHead>
          <TableHead className="text-right">Load</TableHead>
          <TableHead>Needs</TableHead>
          <TableHead>Status</TableHead>
          {mayAct && <TableHead className="text-right">Actions</TableHead>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {boardRows(segments).map((s) => (
          <TableRow key={s.urn} data-testid="segment-row" data-urn={s.urn} data-status={s.status} className={s.unassigned ? "bg-warning/10" : undefined}>
            <TableCell className="whitespace-nowrap font-medium">
              <LocalTime at={s.scheduledAt} zone={zoneOf(s)} testId="segment-pickup" />
            </TableCell>
            <TableCell className="text-xs">
              {s.direction === "AIRPORT_TO_HOTEL" ? "Airport → hotel" : "Hotel → airport"}
              <div className="text-muted-foreground">{s.pickupLocation}</div>
            </TableCell>
            {cases && (
              <TableCell>
                <Link href={`/cases/${encodeURIComponent(s.caseUrn)}`} className="whitespace-nowrap text-primary hover:underline" data-testid="segment-case">
                  {cases[s.caseUrn]?.label ?? "a case"}
                </Link>
              </TableCell>
            )}
            <TableCell className="text-xs">
              <div className="font-medium">{s.vehicleType.replaceAll("_", " ").toLowerCase()}</div>
              {s.vehicle ? (
                <div className="text-muted-foreground" data-testid="segment-vehicle">
                  {[s.vehicle.vehicleId, s.vehicle.plate, s.vehicle.driverName, s.vehicle.driverPhone].filter(Boolean).join(" · ")}
                </div>
              ) : (
                s.unassigned && <Badge variant="warning">no vehicle</Badge>
              )}
            </TableCell>
            <TableCell className="text-right" title={`${s.loadPercent}% of the seats`} data-testid="segment-load" data-label="Load">
              {s.load}
            </TableCell>
            <TableCell className="text-xs" data-label="Needs">{s.specialRequirements.map((n) => n.replaceAll("_", " ").toLowerCase()).join(", ") || "—"}</TableCell>
            <TableCell>
              <StatusBadge status={s.status} testId="segment-status" />
              {s.status === "CANCELLED" && s.cancellationReason && (
                <div className="mt-1 max-w-56 text-xs text-muted-foreground" data-testid="segment-cancel-reason">
                  {cancellationWords(s.cancellationReason)}
                </div>
              )}
            </TableCell>
            {mayAct && (
              <TableCell className="text-right">
                {!s.final && <SegmentActions segmentUrn={s.urn} scheduledAt={s.scheduledAt} vehicleType={s.vehicleType} vehicleId={s.vehicle?.vehicleId ?? null} zone={zoneOf(s)} />}
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

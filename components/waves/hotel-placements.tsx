import { formatMoney } from "@/components/console/format";
import { LocalTime } from "@/components/console/local-time";
import { QualityBadge } from "@/components/quality/quality-badge";
import { Badge } from "@/components/ui/badge";
import type { QualityScore } from "@/lib/hotels/quality-score";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { providerText, tierText } from "./held-causes";
import { OverrideButton } from "./override-dialog";
import type { HotelPlacements } from "./wave-view";

/** Groups per hotel: where each group went, the rooms and cost there, and who moved what by hand. */
export function HotelPlacementsList({ hotels, who, zone, quality = {} }: { hotels: HotelPlacements[]; who: (sub: string) => string; zone: string; quality?: Record<string, QualityScore> }) {
  return (
    <div className="grid gap-3" data-testid="hotel-placements">
      {hotels.map((h) => (
        <div key={h.hotelUrn} className="grid gap-2 rounded-lg border bg-card p-3" data-testid="hotel-placement" data-hotel={h.hotelUrn}>
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <h3 className="font-medium">{h.hotelName}</h3>
            <QualityBadge quality={quality[h.hotelUrn]} />
            <span className="text-xs text-muted-foreground">
              {h.stars ? `${h.stars}★` : "unrated"}
              {h.distanceKm !== null && ` · ${h.distanceKm.toFixed(1)} km`}
            </span>
            <span className="ml-auto text-sm tabular-nums">
              {h.groups.length} group{h.groups.length === 1 ? "" : "s"} · {h.rooms} room{h.rooms === 1 ? "" : "s"} · {formatMoney(h.cost)}
            </span>
          </div>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Group</TableHead>
                <TableHead>Tier</TableHead>
                <TableHead className="text-right">Passengers</TableHead>
                <TableHead className="text-right">Rooms</TableHead>
                <TableHead>Offer</TableHead>
                <TableHead className="text-right">Total</TableHead>
                <TableHead className="text-right">
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {h.groups.map((a) => (
                <TableRow key={a.groupId} data-testid="placed-group" data-group={a.groupId}>
                  <TableCell>
                    <span className="font-mono font-medium">{a.groupId}</span>
                    {a.pnr !== a.groupId && <div className="font-mono text-xs text-muted-foreground">PNR {a.pnr}</div>}
                    {a.override && (
                      <div className="mt-1 grid gap-0.5 text-xs" data-testid="placed-override">
                        <Badge variant="info">moved by hand</Badge>
                        <span className="text-muted-foreground">
                          {who(a.override.by)}, <LocalTime at={a.override.at} zone={zone} />: “{a.override.reason}”
                        </span>
                      </div>
                    )}
                  </TableCell>
                  <TableCell className="text-xs">{tierText(a.tier)}</TableCell>
                  <TableCell className="text-right tabular-nums">{a.passengers}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {a.rooms}
                    {a.accessibleRooms > 0 && <span className="text-xs text-muted-foreground"> ({a.accessibleRooms}♿)</span>}
                  </TableCell>
                  <TableCell className="text-xs">
                    {providerText(a.provider)} · {formatMoney(a.nightlyRate)}/night
                    <div className="font-mono text-muted-foreground">score {a.score.toFixed(3)}</div>
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{formatMoney(a.total)}</TableCell>
                  <TableCell className="text-right">
                    <OverrideButton groupId={a.groupId} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      ))}
    </div>
  );
}

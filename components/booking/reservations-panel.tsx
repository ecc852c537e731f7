import { BedDouble, FileText } from "lucide-react";
import Link from "next/link";
import { EmptyState } from "@/components/console/empty-state";
import { formatMoney } from "@/components/console/format";
import { LocalTime } from "@/components/console/local-time";
import { StatusBadge } from "@/components/console/status-badge";
import { FoldSection } from "@/components/console/fold-section";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { hasPermission } from "@/lib/auth/roles";
import { listReservations } from "@/lib/booking";
import type { Reservation } from "@/lib/booking/schemas";
import type { Ctx } from "@/lib/context";
import { QualityBadge } from "@/components/quality/quality-badge";
import { hotelQualities } from "@/lib/quality/labels";
import { CancelReservationButton } from "./cancel-reservation-button";
import { ReasonWithStays } from "./reason-with-stays";
import { ReportProblemButton } from "./report-problem-button";

/**
 * The case page's booking panel: each reservation with its status, hotel, rooms, stay, total,
 * confirmation code, a link to its voucher (preview and print), and cancel with a reason where the
 * user may cancel and the provider can (else it says where to cancel); the hotel's stay quality
 * beside its name, and "Report a problem" for operators (lib/quality); what the hotel said in its
 * extranet (confirmed or declined the booking, checked the group in or recorded a no-show).
 */
export async function ReservationsPanel({ ctx, caseUrn, closed, zone, open = false }: { ctx: Ctx; caseUrn: string; closed: boolean; zone: string; open?: boolean }) {
  const { items } = await listReservations({ ctx, input: { caseUrn, limit: 200 } });
  const mayCancel = hasPermission(ctx.principal.roles, "reservation:cancel") && !closed;
  const mayReport = hasPermission(ctx.principal.roles, "hotel:problem");
  // a reason naming another stay by URN reads its hotel instead (ReasonWithStays)
  const stays = new Map(items.map((r) => [r.urn, r.hotelName]));
  const quality = await hotelQualities({ ctx, input: { urns: items.map((r) => r.hotelUrn) } });
  return (
    <FoldSection title="Bookings" count={items.length} testId="reservations-panel" id="bookings" summary={bookingSummary(items)} open={open}>
      {items.length === 0 ? (
        <EmptyState icon={BedDouble} title="No booking yet" testId="reservations-panel-empty" className="py-8">
          <p>Each group placed by a wave is booked at its hotel (then the next-ranked ones); its voucher appears here once confirmed.</p>
        </EmptyState>
      ) : (
        <Table stack data-testid="reservations-panel-table">
          <TableHeader>
            <TableRow>
              <TableHead>Group</TableHead>
              <TableHead>Hotel</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Rooms</TableHead>
              <TableHead>Check-in → out</TableHead>
              <TableHead className="text-right">Total</TableHead>
              <TableHead>Confirmation</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((r) => (
              <TableRow key={r.urn} id={`stay-${r.urn.slice("urn:svc:reservation:".length)}`} data-testid="reservation-row" data-urn={r.urn}>
                <TableCell className="font-mono" data-key>
                  {r.groupId}
                </TableCell>
                <TableCell className="text-xs" data-wide>
                  <span className="font-medium">{r.hotelName ?? r.hotelUrn}</span> <QualityBadge quality={quality[r.hotelUrn]} />
                  <div className="text-muted-foreground">
                    {r.provider.toLowerCase().replaceAll("_", " ")} · {r.payment.method.toLowerCase()}
                  </div>
                </TableCell>
                <TableCell data-wide>
                  <StatusBadge status={r.status} />
                  {/* a decline's reason is in its own line below (the cancellation reason repeats it) */}
                  {r.cancellationReason && r.hotelConfirmation !== "DECLINED" && (
                    <div className="text-xs text-muted-foreground" data-testid="reservation-cancel-reason">
                      <ReasonWithStays text={r.cancellationReason} stays={stays} />
                    </div>
                  )}
                  {r.status === "FAILED" && <div className="text-xs text-muted-foreground">{lastError(r)}</div>}
                  {r.status === "CONFIRMED" && <ReconfirmationLine r={r} zone={zone} />}
                  <HotelWordLines r={r} zone={zone} />
                </TableCell>
                <TableCell className="text-right tabular-nums" data-label="Rooms">
                  {r.rooms}
                </TableCell>
                <TableCell className="whitespace-nowrap text-xs" data-label="Stay">
                  <LocalTime at={r.checkIn} zone={zone} /> → <LocalTime at={r.checkOut} zone={zone} />
                </TableCell>
                <TableCell className="text-right tabular-nums" data-label="Total">
                  {formatMoney(r.total)}
                </TableCell>
                <TableCell className="font-mono text-xs" data-label="Confirmation">
                  {r.confirmationCode ?? "—"}
                </TableCell>
                <TableCell className="text-right" data-wide>
                  <div className="flex flex-wrap items-center justify-end gap-2 max-sm:justify-start">
                    {r.voucherUrn && (
                      <Link href={`/vouchers/${encodeURIComponent(r.urn)}`} className="inline-flex items-center gap-1 text-xs underline" data-testid="voucher-link">
                        <FileText className="size-3" aria-hidden /> Voucher
                      </Link>
                    )}
                    {mayReport && r.status !== "PENDING" && r.status !== "FAILED" && <ReportProblemButton reservationUrn={r.urn} hotel={r.hotelName ?? "the hotel"} />}
                    {r.status === "CONFIRMED" && mayCancel && r.cancellable && <CancelReservationButton reservationUrn={r.urn} hotel={r.hotelName ?? "the hotel"} provider={r.provider} />}
                    {r.status === "CONFIRMED" && mayCancel && !r.cancellable && (
                      <span className="text-xs text-muted-foreground" title="The provider's self-service tier offers no cancellation">
                        cancel at the hotel
                      </span>
                    )}
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </FoldSection>
  );
}

/** The folded panel's line: bookings by status in words ("3 confirmed · 1 failed"). */
function bookingSummary(items: Reservation[]): string {
  const by = new Map<string, number>();
  for (const r of items) by.set(r.status, (by.get(r.status) ?? 0) + 1);
  return [...by].map(([status, n]) => `${n} ${status.toLowerCase().replaceAll("_", " ")}`).join(" · ");
}

function lastError(r: Reservation): string {
  const last = r.attempts.at(-1);
  return last ? `${last.reason ?? "failed"}${last.providerError ? `: ${last.providerError}` : ""}` : "not booked";
}

/** Where the walk protection stands for a CONFIRMED booking: the last look-up at the provider, else the next one. */
function ReconfirmationLine({ r, zone }: { r: Reservation; zone: string }) {
  const last = r.reconfirmations.filter((c) => c.checkedAt && c.status !== "SCHEDULED" && c.status !== "SKIPPED").at(-1);
  const next = r.reconfirmations.find((c) => c.status === "SCHEDULED");
  if (last?.status === "ERROR") {
    return (
      <Badge variant="warning" className="mt-1 whitespace-normal text-left" data-testid="reconfirmation-line" title={last.lastError ?? undefined}>
        could not be re-confirmed with the provider
      </Badge>
    );
  }
  if (last) {
    return (
      <div className="text-xs text-muted-foreground" data-testid="reconfirmation-line">
        held by the hotel at <LocalTime at={last.checkedAt!} zone={zone} />
      </div>
    );
  }
  if (!next) return null;
  return (
    <div className="text-xs text-muted-foreground" data-testid="reconfirmation-line">
      re-confirmation at <LocalTime at={next.dueAt} zone={zone} />
    </div>
  );
}

/** What the hotel itself recorded in its extranet: its answer to the direct booking, then the front desk's record of the group. */
function HotelWordLines({ r, zone }: { r: Reservation; zone: string }) {
  return (
    <>
      {r.hotelConfirmation === "CONFIRMED" && r.hotelConfirmedAt && (
        <div className="text-xs text-muted-foreground" data-testid="hotel-confirmation-line">
          confirmed by the hotel at <LocalTime at={r.hotelConfirmedAt} zone={zone} />
        </div>
      )}
      {r.hotelConfirmation === "DECLINED" && (
        <div className="text-xs text-muted-foreground" data-testid="hotel-confirmation-line">
          declined by the hotel{r.walkReason === "DECLINED_BY_HOTEL" && r.walkDetail ? `: ${r.walkDetail}` : ""}
        </div>
      )}
      {r.arrival === "CHECKED_IN" && (
        <div className="text-xs text-muted-foreground" data-testid="arrival-line">
          checked in{r.arrivalRecordedAt && (
            <>
              {" "}
              at <LocalTime at={r.arrivalRecordedAt} zone={zone} />
            </>
          )}
        </div>
      )}
      {r.arrival === "NO_SHOW" && (
        <Badge variant="warning" className="mt-1" data-testid="arrival-line">
          no-show
        </Badge>
      )}
    </>
  );
}

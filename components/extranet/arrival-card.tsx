"use client";

import { BedDouble, Bus, CheckCircle2 } from "lucide-react";
import { useTransition } from "react";
import { ReasonDialog } from "@/components/cases/reason-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/toaster";
import type { Arrival } from "@/lib/extranet/schemas";
import type { ArrivalStatus } from "@/lib/vocabulary";
import { confirmBookingAction, declineBookingAction, recordArrivalAction } from "./actions";

/** WHEELCHAIR → "wheelchair": the desk reads words, not codes. */
const needLabel = (n: string) => n.toLowerCase().replaceAll("_", " ");

/** One arriving group at the desk: who, how many rooms, what they need, when the shuttle brings them, and the hotel's answers. */
export function ArrivalCard({ hotelUrn, arrival }: { hotelUrn: string; arrival: Arrival }) {
  const [pending, start] = useTransition();
  const direct = arrival.provider === "DIRECT";
  const canAnswer = direct && arrival.hotelConfirmation === null && arrival.status === "CONFIRMED";
  const titleId = `arrival-${arrival.reservationUrn.slice(-12)}`;

  const run = (what: string, action: () => Promise<{ ok: true } | { error: { message: string } }>) =>
    start(async () => {
      const res = await action();
      if ("error" in res) toast.error(res.error.message);
      else toast.success(what);
    });
  const record = (status: ArrivalStatus) =>
    run(status === "CHECKED_IN" ? "Checked in" : "Recorded as no-show", () => recordArrivalAction(hotelUrn, arrival.reservationUrn, status));

  return (
    <Card data-testid="arrival-card" aria-labelledby={titleId}>
      <CardHeader className="gap-2">
        <CardTitle id={titleId} className="flex flex-wrap items-center gap-2 text-base">
          <span className="break-words">{arrival.guests[0] ?? "Group"}</span>
          {arrival.guests.length > 1 && <span className="text-sm font-normal text-muted-foreground">+{arrival.guests.length - 1}</span>}
        </CardTitle>
        <div className="flex flex-wrap items-center gap-1.5 text-sm">
          <Badge variant="outline">
            <BedDouble aria-hidden /> {arrival.rooms} {arrival.rooms === 1 ? "room" : "rooms"}
          </Badge>
          {arrival.confirmationCode && (
            <Badge variant="muted" className="font-mono" title="Confirmation code">
              {arrival.confirmationCode}
            </Badge>
          )}
          <Badge variant={direct ? "info" : "muted"}>{direct ? "Direct booking" : arrival.provider.toLowerCase().replaceAll("_", " ")}</Badge>
          {arrival.hotelConfirmation === "CONFIRMED" && (
            <Badge variant="success" data-testid="hotel-confirmed">
              <CheckCircle2 aria-hidden /> Confirmed by you
            </Badge>
          )}
          {arrival.arrival && (
            <Badge variant={arrival.arrival === "CHECKED_IN" ? "success" : "warning"} data-testid="arrival-status">
              {arrival.arrival === "CHECKED_IN" ? "Checked in" : "No-show"}
            </Badge>
          )}
        </div>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <ul className="grid gap-0.5" aria-label="Guests" data-testid="arrival-guests">
          {arrival.guests.map((g, i) => (
            <li key={i} className="break-words">
              {g}
            </li>
          ))}
        </ul>
        {arrival.specialNeeds.length > 0 && (
          <p data-testid="arrival-needs">
            <span className="font-medium">Special needs: </span>
            {arrival.specialNeeds.map(needLabel).join(", ")}
          </p>
        )}
        <p className="flex items-center gap-1.5" data-testid="arrival-estimate">
          <Bus className="size-4 shrink-0" aria-hidden />
          {arrival.arrivalEstimateLocal ? <span>Shuttle expected about {arrival.arrivalEstimateLocal} (hotel time)</span> : <span>No shuttle planned: arrival time unknown</span>}
          <span className="text-muted-foreground">· stays until {arrival.checkOut}</span>
        </p>
        <div className="flex flex-wrap gap-2">
          {canAnswer && (
            <>
              <Button size="sm" disabled={pending} data-testid="confirm-booking" onClick={() => run("Booking confirmed", () => confirmBookingAction(hotelUrn, arrival.reservationUrn))}>
                Confirm
              </Button>
              <ReasonDialog
                trigger="Decline"
                triggerVariant="outline"
                triggerTestId="decline-booking"
                title="Decline this booking"
                description="The group is moved to another hotel at once and told so. The rooms are not counted back into your contract."
                confirmLabel="Decline booking"
                confirmVariant="destructive"
                placeholder="Why you cannot take the group"
                success="Booking declined: the group will be rehoused"
                action={(reason) => declineBookingAction(hotelUrn, arrival.reservationUrn, reason)}
              />
            </>
          )}
          <div className="flex flex-wrap gap-2" role="group" aria-label="Arrival at the desk">
            <Button size="sm" variant="outline" aria-pressed={arrival.arrival === "CHECKED_IN"} disabled={pending} data-testid="record-checked-in" onClick={() => record("CHECKED_IN")}>
              Checked in
            </Button>
            <Button size="sm" variant="outline" aria-pressed={arrival.arrival === "NO_SHOW"} disabled={pending} data-testid="record-no-show" onClick={() => record("NO_SHOW")}>
              No-show
            </Button>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

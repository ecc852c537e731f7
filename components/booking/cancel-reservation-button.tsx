"use client";

import { useState } from "react";
import { ReasonDialog } from "@/components/cases/reason-dialog";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { cancelReservationAction } from "./actions";

/** Cancel with a required reason; whether the passengers still need a room (rehouse) is asked too. */
export function CancelReservationButton({ reservationUrn, hotel, provider }: { reservationUrn: string; hotel: string; provider: string }) {
  const [rehouse, setRehouse] = useState(true);
  return (
    <ReasonDialog
      trigger="Cancel"
      triggerVariant="outline"
      triggerTestId="cancel-reservation"
      title={`Cancel the reservation at ${hotel}`}
      description={`The booking is cancelled at ${provider.toLowerCase().replaceAll("_", " ")} and the passengers whose voucher was delivered are told by email.`}
      confirmLabel="Cancel reservation"
      confirmVariant="destructive"
      placeholder="Why (kept in the audit log)"
      success="Reservation cancelled"
      action={(reason) => cancelReservationAction(reservationUrn, reason, rehouse)}
    >
      <div className="flex items-center gap-2">
        <Checkbox id={`rehouse-${reservationUrn}`} checked={rehouse} onCheckedChange={(v) => setRehouse(v === true)} />
        <Label htmlFor={`rehouse-${reservationUrn}`}>The passengers still need a room (house them again in the next wave)</Label>
      </div>
    </ReasonDialog>
  );
}

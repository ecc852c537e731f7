"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/toaster";
import { answerCallAction } from "./actions";

/**
 * A hotel's answer to a capacity call: the rooms it offers that night and, if not the contract's,
 * the rate. The verb checks everything (rooms, rate, the call's night still open); its refusal
 * shows here as the API would answer it.
 */
export function CallAnswerForm({ callUrn, hotelUrn, hotelName, currency }: { callUrn: string; hotelUrn: string; hotelName: string; currency: string | null }) {
  const [rooms, setRooms] = useState("");
  const [rate, setRate] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const id = `${callUrn.slice(-8)}-${hotelUrn.slice(-8)}`;

  function submit(e: React.FormEvent) {
    e.preventDefault();
    // sent as typed: an empty or odd value comes back as the verb's field error
    const r = rate.trim() === "" ? null : Number(rate);
    start(async () => {
      const res = await answerCallAction(callUrn, hotelUrn, { rooms: rooms.trim() === "" ? Number.NaN : Number(rooms), nightlyRate: r });
      if ("error" in res) {
        const field = res.error.errors[0];
        setError(field && field.path !== "(form)" ? `${field.path}: ${field.message}` : res.error.message);
        return;
      }
      setError(null);
      toast.success(`Thank you: ${hotelName} offers ${rooms} rooms`);
    });
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-3" data-testid="call-answer-form" data-hotel-urn={hotelUrn} aria-label={`Answer for ${hotelName}`}>
      <p className="text-sm font-medium">{hotelName}</p>
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor={`call-rooms-${id}`}>Rooms you offer</Label>
          <Input id={`call-rooms-${id}`} inputMode="numeric" value={rooms} onChange={(e) => setRooms(e.target.value)} aria-invalid={!!error} aria-describedby={error ? `call-error-${id}` : undefined} data-testid="call-rooms" />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`call-rate-${id}`}>Rate per night{currency ? ` (${currency})` : ""}</Label>
          <Input id={`call-rate-${id}`} inputMode="decimal" value={rate} onChange={(e) => setRate(e.target.value)} placeholder="contract rate" data-testid="call-rate" />
        </div>
      </div>
      {error && (
        <p id={`call-error-${id}`} className="text-xs font-medium text-destructive" data-testid="field-error">
          {error}
        </p>
      )}
      <Button type="submit" size="sm" className="w-fit" disabled={pending} data-testid="call-answer-save">
        {pending ? "Sending…" : "Send the answer"}
      </Button>
    </form>
  );
}

"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/toaster";
import { setInventoryAction } from "./actions";

/** Tonight's rooms and rate for the direct contract: the next wave uses them at once. */
export function InventoryForm({ hotelUrn, date, currency, defaultRooms, defaultRate }: { hotelUrn: string; date: string; currency: string; defaultRooms: number | null; defaultRate: number | null }) {
  const [rooms, setRooms] = useState(defaultRooms === null ? "" : String(defaultRooms));
  const [rate, setRate] = useState(defaultRate === null ? "" : String(defaultRate));
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const id = hotelUrn.slice(-12);

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const n = Number(rooms);
    if (rooms.trim() === "" || !Number.isInteger(n) || n < 0) {
      setError("Enter the rooms you still offer tonight: a whole number, 0 or more.");
      return;
    }
    const r = rate.trim() === "" ? null : Number(rate);
    if (r !== null && !(r > 0)) {
      setError("The rate must be more than 0, or left empty for the contract's rate.");
      return;
    }
    start(async () => {
      const res = await setInventoryAction(hotelUrn, { date, rooms: n, nightlyRate: r });
      if ("error" in res) {
        setError(res.error.errors[0]?.message ?? res.error.message);
        return;
      }
      setError(null);
      toast.success(`Tonight: ${res.data.rooms} rooms at ${res.data.nightlyRate} ${res.data.currency}`);
    });
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-3" data-testid="inventory-form" aria-label="Tonight's rooms and rate">
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor={`rooms-${id}`}>Rooms still free</Label>
          <Input id={`rooms-${id}`} inputMode="numeric" value={rooms} onChange={(e) => setRooms(e.target.value)} aria-invalid={!!error} aria-describedby={error ? `inventory-error-${id}` : undefined} data-testid="inventory-rooms" />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`rate-${id}`}>Rate per night ({currency})</Label>
          <Input id={`rate-${id}`} inputMode="decimal" value={rate} onChange={(e) => setRate(e.target.value)} placeholder="contract rate" data-testid="inventory-rate" />
        </div>
      </div>
      {error && (
        <p id={`inventory-error-${id}`} className="text-xs font-medium text-destructive" data-testid="field-error">
          {error}
        </p>
      )}
      <Button type="submit" size="sm" className="w-fit" disabled={pending} data-testid="inventory-save">
        {pending ? "Saving…" : "Save tonight's rooms"}
      </Button>
    </form>
  );
}

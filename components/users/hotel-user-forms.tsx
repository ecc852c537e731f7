"use client";

import { Plus } from "lucide-react";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/toaster";
import type { ActionResult, ActionError } from "@/lib/console/action-result";

export type HotelChoice = { hotelUrn: string; hotelName: string; airport: string };
type Result = Promise<ActionResult<unknown>>;

/** The contracted hotels as checkboxes, by name and airport. */
function HotelPicker({ choices, value, onChange, prefix }: { choices: HotelChoice[]; value: string[]; onChange: (v: string[]) => void; prefix: string }) {
  if (choices.length === 0) return <p className="text-sm text-muted-foreground">The airline has no direct contract with a hotel yet.</p>;
  return (
    <div className="grid max-h-60 gap-2 overflow-y-auto" role="group" aria-label="Hotels">
      {choices.map((h) => (
        <Label key={h.hotelUrn} className="font-normal">
          <Checkbox
            checked={value.includes(h.hotelUrn)}
            onCheckedChange={(on) => onChange(on ? [...value, h.hotelUrn] : value.filter((x) => x !== h.hotelUrn))}
            data-testid={`${prefix}-hotel`}
            data-hotel={h.hotelName}
          />
          {h.hotelName} <span className="text-xs text-muted-foreground">{h.airport}</span>
        </Label>
      ))}
    </div>
  );
}

function errorText(e: ActionError): string {
  return e.errors.length ? e.errors.map((x) => `${x.path}: ${x.message}`).join("; ") : e.message;
}

/** Add a user for one or more contracted hotels; they sign in to the console with this e-mail and password. */
export function AddHotelUser({ choices, create }: { choices: HotelChoice[]; create: (input: { email: string; name: string; password: string; hotels: string[] }) => Result }) {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState({ email: "", name: "", password: "" });
  const [hotels, setHotels] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (hotels.length === 0) return setError("Pick at least one hotel.");
    start(async () => {
      const res = await create({ ...form, hotels });
      if ("error" in res) return setError(errorText(res.error));
      setOpen(false);
      setForm({ email: "", name: "", password: "" });
      setHotels([]);
      toast.success("Hotel user added");
    });
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (setOpen(next), setError(null))}>
      <DialogTrigger asChild>
        <Button data-testid="add-hotel-user">
          <Plus aria-hidden />
          Add a hotel user
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <form onSubmit={submit} className="grid gap-4" noValidate data-testid="hotel-user-form">
          <DialogHeader>
            <DialogTitle>Add a hotel user</DialogTitle>
            <DialogDescription>A contracted hotel&apos;s front desk: it signs in to the console and sees only its hotels&apos; arrivals, bookings and capacity calls.</DialogDescription>
          </DialogHeader>
          {(["name", "email", "password"] as const).map((f) => (
            <div key={f} className="grid gap-1.5">
              <Label htmlFor={`hotel-user-${f}`}>{f === "email" ? "E-mail" : f === "name" ? "Name" : "Password (at least 8 characters)"}</Label>
              <Input
                id={`hotel-user-${f}`}
                type={f === "password" ? "password" : f === "email" ? "email" : "text"}
                autoComplete={f === "password" ? "new-password" : "off"}
                value={form[f]}
                onChange={(e) => setForm({ ...form, [f]: e.target.value })}
                data-testid={`hotel-user-${f}`}
              />
            </div>
          ))}
          <HotelPicker choices={choices} value={hotels} onChange={setHotels} prefix="hotel-user" />
          {error && (
            <p className="text-xs font-medium text-destructive" data-testid="field-error">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending} data-testid="hotel-user-save">
              {pending ? "Working…" : "Add user"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Change a hotel user's hotels; its console sessions end, so the change holds at once. */
export function EditUserHotels({ name, current, choices, save }: { name: string; current: string[]; choices: HotelChoice[]; save: (hotels: string[]) => Result }) {
  const [open, setOpen] = useState(false);
  const [hotels, setHotels] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (hotels.length === 0) return setError("A hotel user acts for at least one hotel.");
    start(async () => {
      const res = await save(hotels);
      if ("error" in res) return setError(errorText(res.error));
      setOpen(false);
      toast.success((res.data as { notice?: string } | null)?.notice ?? "Hotels saved");
    });
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (setOpen(next), setError(null), setHotels(current))}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" data-testid="edit-user-hotels">
          Hotels
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <form onSubmit={submit} className="grid gap-4" noValidate data-testid="user-hotels-form">
          <DialogHeader>
            <DialogTitle>Hotels of {name}</DialogTitle>
            <DialogDescription>Saving ends the user&apos;s console sessions: they sign in again and see the new hotels only.</DialogDescription>
          </DialogHeader>
          <HotelPicker choices={choices} value={hotels} onChange={setHotels} prefix="user-hotels" />
          {error && (
            <p className="text-xs font-medium text-destructive" data-testid="field-error">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending} data-testid="user-hotels-save">
              {pending ? "Working…" : "Save hotels"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

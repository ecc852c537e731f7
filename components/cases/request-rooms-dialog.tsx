"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { BedDouble, CircleAlert } from "lucide-react";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { createDemandAction } from "@/app/(console)/cases/actions";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { applyServerErrors, Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/toaster";
import { DemandInput } from "@/lib/records/demand";
import { GuardWarning } from "./guard";
import { excessRooms } from "./room-excess";

/**
 * Creates a demand with the API's DemandInput schema; an INITIAL one when the case has none yet.
 * Asking for far more rooms than the manifest still needs (400 for 10) must be confirmed: a policy
 * may approve it automatically, and the rooms are then booked and paid for.
 */
export function RequestRoomsDialog({
  caseUrn,
  hasInitial,
  suggestedRooms,
  notOwed = [],
}: {
  caseUrn: string;
  hasInitial: boolean;
  suggestedRooms: number;
  /** groups the right to care owes no hotel under the policy's requestRoomsFromCare: "GROUP: no hotel owed: …" */
  notOwed?: string[];
}) {
  const [open, setOpen] = useState(false);
  const [acknowledged, setAcknowledged] = useState(false);
  const defaults = { type: hasInitial ? "INCREMENTAL" : "INITIAL", roomsRequested: Math.max(1, suggestedRooms) } as const;
  const form = useForm({ resolver: zodResolver(DemandInput), defaultValues: defaults });
  const rooms = useWatch({ control: form.control, name: "roomsRequested" });
  const excess = excessRooms(rooms ?? 0, suggestedRooms);
  const blocked = excess !== null && !acknowledged;

  async function onSubmit(values: DemandInput) {
    if (excessRooms(values.roomsRequested ?? 0, suggestedRooms) !== null && !acknowledged) return;
    const res = await createDemandAction(caseUrn, values);
    if ("error" in res) return applyServerErrors(form, res.error);
    setOpen(false);
    form.reset(defaults);
    setAcknowledged(false);
    toast.success(`${values.roomsRequested} rooms requested`, {
      description:
        res.data.status === "APPROVED"
          ? `Approved automatically by the policy. ${res.data.notice ?? "Allocation has started"}.`
          : "Waiting for a supervisor's approval.",
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset(defaults);
        setAcknowledged(false);
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" data-testid="request-rooms-open">
          <BedDouble aria-hidden />
          Request rooms
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Request rooms</DialogTitle>
          <DialogDescription>
            {hasInitial
              ? "Extra rooms on top of the approved baseline. Existing reservations are never reduced."
              : "The first demand of the case sets the baseline."}
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4" noValidate data-testid="request-rooms-form">
            {form.formState.errors.root?.server && (
              <Alert variant="destructive">
                <CircleAlert aria-hidden />
                <AlertDescription>{form.formState.errors.root.server.message}</AlertDescription>
              </Alert>
            )}
            {notOwed.length > 0 && (
              <Alert data-testid="request-rooms-not-owed">
                <CircleAlert aria-hidden />
                <AlertDescription>
                  <p>Not counted: the right to care owes these groups no hotel (a supervisor may override on the case&apos;s Right to care card).</p>
                  <ul className="mt-1 list-disc pl-4">
                    {notOwed.slice(0, 6).map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                    {notOwed.length > 6 && <li>and {notOwed.length - 6} more</li>}
                  </ul>
                </AlertDescription>
              </Alert>
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                control={form.control}
                name="type"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Type</FormLabel>
                    <FormControl>
                      <NativeSelect {...field}>
                        <option value="INITIAL">Initial</option>
                        <option value="INCREMENTAL">Incremental</option>
                      </NativeSelect>
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="roomsRequested"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Rooms</FormLabel>
                    <FormControl>
                      <Input
                        type="number"
                        min={1}
                        inputMode="numeric"
                        name={field.name}
                        ref={field.ref}
                        onBlur={field.onBlur}
                        value={Number.isFinite(field.value) ? field.value : ""}
                        onChange={(e) => {
                          field.onChange(e.target.valueAsNumber);
                          setAcknowledged(false);
                        }}
                        data-testid="request-rooms-count"
                      />
                    </FormControl>
                    <FormDescription>{suggestedRooms > 0 ? `${suggestedRooms} not yet requested for the manifest.` : notOwed.length > 0 ? "No waiting group is owed a hotel." : "The manifest's rooms are all requested."}</FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
            </div>
            {excess !== null && (
              <GuardWarning id="request-rooms-guard" acknowledge={`Yes, request ${rooms} rooms`} checked={acknowledged} onCheckedChange={setAcknowledged}>
                {excess} more rooms than the manifest still needs ({Math.max(0, suggestedRooms)}). A policy may approve this automatically, and every
                room is then booked and paid for. Check the number.
              </GuardWarning>
            )}
            <DialogFooter>
              <Button variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={form.formState.isSubmitting || blocked} data-testid="request-rooms-submit">
                {form.formState.isSubmitting ? "Requesting…" : "Request rooms"}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

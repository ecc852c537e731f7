"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { TriangleAlert } from "lucide-react";
import { useId, useMemo, useTransition } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { applyServerErrors, Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toaster";
import type { ActionResult } from "@/lib/console/action-result";
import { Reason } from "@/lib/primitives";
import { roomsASplitAdds } from "@/lib/cases/rooms";
import { familiesSplit, familyWarning, passengerName, type SplitGroup, splitParts } from "./family-split";

export type SplitBody = { into: string[][]; reason: string; requestRooms?: number };
/** The case page's: rooms requested beyond what the groups need now, and whether the person may approve a request. */
export type SplitRooms = { spare: number; approves: boolean };

const words = (s: string) => s.replaceAll("_", " ").toLowerCase();

/** What the person picks: the group, who moves out of it, and why. The API's own Reason rule. */
function choiceSchema(groups: SplitGroup[]) {
  return z
    .object({ groupId: z.string(), moving: z.array(z.string()), reason: Reason, requestRooms: z.boolean() })
    .superRefine((v, ctx) => {
      const group = groups.find((g) => g.groupId === v.groupId);
      if (!group) return void ctx.addIssue({ code: "custom", path: ["groupId"], message: "Choose the group to split." });
      if (v.moving.length === 0) ctx.addIssue({ code: "custom", path: ["moving"], message: "Tick at least one passenger to move to a new group." });
      else if (v.moving.length >= group.passengers.length) ctx.addIssue({ code: "custom", path: ["moving"], message: "At least one passenger must stay in the group: untick someone." });
    });
}

/**
 * Splits a group by ticking, by name, who moves to a new group (the split API takes passenger ids,
 * which nobody at the desk sees: the form maps names to ids). Tier and special needs are shown
 * beside each name because they are what a split is usually for. Passengers sharing a last name on
 * both sides raise a warning, not a refusal ("Martin family: 2 stay, 1 moves — split anyway?"):
 * a family split across two hotels is sometimes right (a business traveller with a different PNR
 * name) and the person at the desk knows.
 */
export function SplitByNameForm({
  groups,
  action,
  success,
  onDone,
  rooms,
}: {
  groups: SplitGroup[];
  action: (body: SplitBody) => Promise<ActionResult<unknown>>;
  success: string;
  onDone?: () => void;
  rooms?: SplitRooms;
}) {
  const schema = useMemo(() => choiceSchema(groups), [groups]);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { groupId: groups[0]?.groupId ?? "", moving: [], reason: "", requestRooms: true },
  });
  const [pending, start] = useTransition();
  const uid = useId();
  const groupId = useWatch({ control: form.control, name: "groupId" });
  const moving = useWatch({ control: form.control, name: "moving" });
  const group = groups.find((g) => g.groupId === groupId);
  const movingSet = new Set(moving);
  const families = group ? familiesSplit(group.passengers, movingSet) : [];
  const valid = !!group && moving.length > 0 && moving.length < group.passengers.length;
  // rooms the split adds beyond what the case has requested: the new group would wait for them unasked
  const short = rooms && valid ? Math.max(0, roomsASplitAdds(splitParts(group, movingSet).map((ids) => ids.map((id) => group.passengers.find((p) => p.id === id)!.tier))) - rooms.spare) : 0;
  const requestRooms = useWatch({ control: form.control, name: "requestRooms" });

  if (groups.length === 0) return <p className="pt-3 text-sm text-muted-foreground">No group of this item can be split: each is booked or has a single passenger.</p>;

  const submit = form.handleSubmit((v) => {
    const chosen = groups.find((g) => g.groupId === v.groupId)!;
    start(async () => {
      const res = await action({ into: splitParts(chosen, new Set(v.moving)), reason: v.reason, ...(short > 0 && v.requestRooms ? { requestRooms: short } : {}) });
      if ("error" in res) return applyServerErrors(form, res.error);
      toast.success(success);
      form.reset({ groupId: v.groupId, moving: [], reason: "", requestRooms: true });
      onDone?.();
    });
  });

  return (
    <Form {...form}>
      <form className="grid gap-3 pt-3" noValidate onSubmit={submit} data-testid="split-form">
        {groups.length > 1 && (
          <FormField
            control={form.control}
            name="groupId"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Group to split</FormLabel>
                <FormControl>
                  <NativeSelect
                    {...field}
                    onChange={(e) => {
                      field.onChange(e);
                      form.setValue("moving", []);
                    }}
                    data-testid="split-group"
                  >
                    {groups.map((g) => (
                      <option key={g.groupId} value={g.groupId}>
                        {g.pnr === g.groupId ? `PNR ${g.pnr}` : `PNR ${g.pnr} · group ${g.groupId}`} · {g.passengers.length} passengers
                      </option>
                    ))}
                  </NativeSelect>
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        )}
        <FormField
          control={form.control}
          name="moving"
          render={({ field }) => (
            <FormItem>
              <p id={`${uid}-moving`} className="text-sm font-medium leading-none">
                Tick who moves to a new group
              </p>
              <div role="group" aria-labelledby={`${uid}-moving`} className="grid gap-1 rounded-md border p-2" data-testid="split-passengers">
                {group?.passengers.map((p) => {
                  const id = `${uid}-move-${p.id}`;
                  return (
                    <div key={p.id} className="flex flex-wrap items-center gap-x-2 gap-y-0.5 rounded px-1 py-1 text-sm hover:bg-muted/50" data-testid="split-passenger" data-name={passengerName(p)}>
                      <Checkbox
                        id={id}
                        checked={movingSet.has(p.id)}
                        onCheckedChange={(on) => field.onChange(on ? [...field.value, p.id] : field.value.filter((x) => x !== p.id))}
                        aria-invalid={!!form.formState.errors.moving}
                        data-testid="split-move"
                      />
                      <Label htmlFor={id} className="font-normal">
                        {passengerName(p)}
                      </Label>
                      <span className="text-xs text-muted-foreground">{p.tier ? words(p.tier) : "no tier"}</span>
                      {p.specialNeeds.length > 0 && <span className="text-xs text-muted-foreground">· {p.specialNeeds.map(words).join(", ")}</span>}
                    </div>
                  );
                })}
              </div>
              <FormMessage />
            </FormItem>
          )}
        />
        {valid && (
          <p className="text-xs text-muted-foreground" aria-live="polite" data-testid="split-summary">
            {group.passengers.length - moving.length} stay in {group.groupId}; {moving.length} {moving.length === 1 ? "moves" : "move"} to a new group, allocated on its own.
          </p>
        )}
        {short > 0 && (
          <FormField
            control={form.control}
            name="requestRooms"
            render={({ field }) => (
              <FormItem className="rounded-md border border-warning/60 p-2.5" data-testid="split-rooms">
                <p className="text-sm">
                  The two groups need {short} more room{short === 1 ? "" : "s"} than the case has requested.
                </p>
                <div className="flex items-start gap-2">
                  <FormControl>
                    <Checkbox checked={field.value} onCheckedChange={(on) => field.onChange(on === true)} data-testid="split-request-rooms" />
                  </FormControl>
                  <FormLabel className="font-normal leading-snug">
                    {rooms?.approves
                      ? `Request and approve ${short} more room${short === 1 ? "" : "s"} with the split`
                      : `Request ${short} more room${short === 1 ? "" : "s"} with the split (the policy or an ops supervisor approves)`}
                  </FormLabel>
                </div>
                {!requestRooms && <p className="text-xs text-muted-foreground">Unticked, one group waits for a room until someone requests it (Demand).</p>}
              </FormItem>
            )}
          />
        )}
        {families.length > 0 && (
          <Alert variant="warning" data-testid="split-family-warning">
            <TriangleAlert aria-hidden />
            <AlertDescription>
              {families.map((f) => (
                <p key={f.family}>{familyWarning(f)} — split anyway?</p>
              ))}
              <p className="text-xs">They will most likely sleep in different hotels. You may go ahead if that is what they want.</p>
            </AlertDescription>
          </Alert>
        )}
        <FormField
          control={form.control}
          name="reason"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Reason</FormLabel>
              <FormControl>
                <Textarea {...field} placeholder="kept in the audit log with your name" data-testid="split-reason" />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        {form.formState.errors.root?.server?.message && (
          <p className="text-sm font-medium text-destructive" data-testid="split-form-error">
            {form.formState.errors.root.server.message}
          </p>
        )}
        <Button type="submit" disabled={pending} data-testid="split-submit">
          {pending ? "Working…" : families.length > 0 ? "Split anyway" : "Split"}
        </Button>
      </form>
    </Form>
  );
}

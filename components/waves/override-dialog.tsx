"use client";

import { ArrowRightLeft } from "lucide-react";
import { createContext, useContext, useState, useTransition } from "react";
import { overrideWaveAction } from "@/app/(console)/waves/actions";
import { formatMoney } from "@/components/console/format";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toaster";
import { tierText } from "./held-causes";
import type { OverrideCandidate, OverrideGroup } from "./wave-view";

const OpenOverride = createContext<((groupId: string) => void) | null>(null);

type Errors = Partial<Record<"groupId" | "hotelUrn" | "reason" | "form", string>>;

/**
 * One override dialog for the whole wave page: the buttons beside each placed or held group open
 * it on that group, so the wave's candidates travel to the browser once. The hotel list is the
 * candidates of the group's tier; the verb decides (rooms left, accessible room, closed case) and
 * its refusal shows on the field it concerns.
 */
export function OverrideProvider({
  waveUrn,
  groups,
  candidates,
  children,
}: {
  waveUrn: string;
  groups: OverrideGroup[];
  candidates: Record<string, OverrideCandidate[]>;
  children?: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [groupId, setGroupId] = useState("");
  const [hotelUrn, setHotelUrn] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [pending, start] = useTransition();

  const group = groups.find((g) => g.groupId === groupId);
  const options = group?.tier ? (candidates[group.tier] ?? []).filter((c) => c.hotelUrn !== group.hotelUrn) : [];

  function openFor(id: string) {
    setGroupId(id);
    setHotelUrn("");
    setReason("");
    setErrors({});
    setOpen(true);
  }

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const found: Errors = {};
    if (!groupId) found.groupId = "Pick the group to move.";
    if (!hotelUrn) found.hotelUrn = "Pick the hotel to move it to.";
    if (!reason.trim()) found.reason = "A reason is required: it is kept in the audit log with your name.";
    setErrors(found);
    if (Object.keys(found).length) return;
    start(async () => {
      const res = await overrideWaveAction(waveUrn, { groupId, hotelUrn, reason: reason.trim() });
      if ("error" in res) {
        const next: Errors = {};
        for (const f of res.error.errors) if (f.path === "groupId" || f.path === "hotelUrn" || f.path === "reason") next[f.path] ??= f.message;
        next.form = res.error.message;
        setErrors(next);
        return;
      }
      setOpen(false);
      toast.success(`Group ${groupId} moved to ${options.find((o) => o.hotelUrn === hotelUrn)?.hotelName ?? "the hotel"}`, {
        description: "The change is in the audit log; no other group changed.",
      });
    });
  }

  const fieldError = (key: keyof Errors, id: string) =>
    errors[key] && (
      <p id={id} className="text-xs font-medium text-destructive" data-testid="field-error">
        {errors[key]}
      </p>
    );

  return (
    <OpenOverride.Provider value={openFor}>
      {children}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-xl">
          <form onSubmit={submit} className="grid gap-4" noValidate data-testid="override-dialog">
            <DialogHeader>
              <DialogTitle>Move a group to another hotel</DialogTitle>
              <DialogDescription>
                Only this group changes. The hotel needs the group&apos;s rooms left after this wave&apos;s other placements; a group already booked is re-booked there.
              </DialogDescription>
            </DialogHeader>
            {errors.form && !errors.groupId && !errors.hotelUrn && !errors.reason && (
              <p className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive" role="alert" data-testid="override-error">
                {errors.form}
              </p>
            )}
            <div className="grid gap-1.5">
              <Label htmlFor="override-group">Group</Label>
              <NativeSelect
                id="override-group"
                value={groupId}
                onChange={(e) => {
                  setGroupId(e.target.value);
                  setHotelUrn("");
                  setErrors({});
                }}
                aria-invalid={!!errors.groupId}
                data-testid="override-group"
              >
                <option value="">Pick a group…</option>
                {groups.map((g) => (
                  <option key={g.groupId} value={g.groupId} disabled={!g.tier}>
                    {g.groupId} · {tierText(g.tier)} · {g.rooms} room{g.rooms === 1 ? "" : "s"} · {g.hotelName ? `at ${g.hotelName}` : "held"}
                  </option>
                ))}
              </NativeSelect>
              {fieldError("groupId", "override-group-error")}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="override-hotel">Hotel</Label>
              <NativeSelect
                id="override-hotel"
                value={hotelUrn}
                onChange={(e) => {
                  setHotelUrn(e.target.value);
                  setErrors(({ hotelUrn: _gone, form: _also, ...rest }) => rest);
                }}
                aria-invalid={!!errors.hotelUrn}
                disabled={!group?.tier}
                data-testid="override-hotel"
              >
                <option value="">{group?.tier ? `Pick one of ${options.length} ${tierText(group.tier)} candidates…` : "Pick a group first"}</option>
                {options.map((c) => (
                  <option key={c.hotelUrn} value={c.hotelUrn} disabled={c.roomsLeft < (group?.rooms ?? 1)}>
                    {c.hotelName} · {c.stars ? `${c.stars}★` : "unrated"} · {c.distanceKm.toFixed(1)} km · {formatMoney(c.nightlyRate)} · {c.roomsLeft} left
                    {c.weightedScore === null ? " · filtered by the policy" : ` · score ${c.weightedScore.toFixed(3)}`}
                  </option>
                ))}
              </NativeSelect>
              <p className="text-xs text-muted-foreground">A hotel the policy filtered out may be chosen: your reason records the exception.</p>
              {fieldError("hotelUrn", "override-hotel-error")}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="override-reason">Reason</Label>
              <Textarea
                id="override-reason"
                value={reason}
                onChange={(e) => {
                  setReason(e.target.value);
                  if (errors.reason) setErrors(({ reason: _gone, ...rest }) => rest);
                }}
                placeholder="e.g. the family asked to stay with the rest of the tour group"
                required
                aria-invalid={!!errors.reason}
                aria-describedby={errors.reason ? "override-reason-error" : undefined}
                data-testid="override-reason"
              />
              {fieldError("reason", "override-reason-error")}
            </div>
            <DialogFooter>
              <Button variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={pending} data-testid="override-confirm">
                {pending ? "Moving…" : "Move group"}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </OpenOverride.Provider>
  );
}

/** Opens the page's override dialog on one group; nothing when the page offers no override. */
export function OverrideButton({ groupId, label = "Move" }: { groupId: string; label?: string }) {
  const open = useContext(OpenOverride);
  if (!open) return null;
  return (
    <Button size="sm" variant="ghost" onClick={() => open(groupId)} data-testid="override-open" data-group={groupId}>
      <ArrowRightLeft aria-hidden /> {label}
    </Button>
  );
}

"use client";

import { RefreshCw } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { rerunWaveAction } from "@/app/(console)/waves/actions";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toaster";

/**
 * Reruns the allocation with a required reason, then opens the new wave. The verb answers 409 when
 * no group is waiting (everything booked) or the case is closed; that message shows here.
 */
export function RerunDialog({ waveUrn, waiting }: { waveUrn: string; waiting: number }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!reason.trim()) {
      setError("A reason is required: it is kept with the new wave and in the audit log.");
      return;
    }
    start(async () => {
      const res = await rerunWaveAction(waveUrn, reason.trim());
      if ("error" in res) {
        setError(res.error.errors.find((x) => x.path === "reason")?.message ?? res.error.message);
        return;
      }
      setOpen(false);
      setReason("");
      toast.success("Allocation rerun", { description: `The new wave is ${res.data.status.toLowerCase()}.` });
      router.push(`/waves/${encodeURIComponent(res.data.waveUrn)}`);
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" data-testid="wave-rerun">
          <RefreshCw aria-hidden /> Rerun
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" noValidate data-testid="rerun-dialog">
          <DialogHeader>
            <DialogTitle>Rerun the allocation?</DialogTitle>
            <DialogDescription>
              The case&apos;s groups that are held or placed but not yet booked{waiting > 0 ? ` (${waiting} held in this wave)` : ""} are placed again against fresh offers and
              the current policies, as a new wave. Booked groups keep their rooms.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor="rerun-reason">Reason</Label>
            <Textarea
              id="rerun-reason"
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                if (error) setError(null);
              }}
              placeholder="e.g. policy relaxed to 3 stars, hotel cache refreshed"
              required
              aria-invalid={!!error}
              aria-describedby={error ? "rerun-reason-error" : undefined}
              autoFocus
              data-testid="rerun-reason"
            />
            {error && (
              <p id="rerun-reason-error" className="text-xs font-medium text-destructive" data-testid="field-error">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending} data-testid="rerun-confirm">
              {pending ? "Placing…" : "Rerun"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

"use client";

import { useState, useTransition } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { GuardWarning } from "./guard";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toaster";
import type { ActionResult } from "@/lib/console/action-result";

/**
 * An action that needs a reason (approve, reject, close, reopen): the reason is required here as
 * the API requires it, and the server's refusal (409 closed case, 422) shows inline.
 */
export function ReasonDialog({
  trigger,
  triggerVariant = "outline",
  triggerTestId,
  title,
  description,
  confirmLabel,
  confirmVariant = "default",
  placeholder,
  success,
  action,
  guard,
  children,
}: {
  trigger: React.ReactNode;
  triggerVariant?: ButtonProps["variant"];
  triggerTestId?: string;
  title: string;
  description: React.ReactNode;
  confirmLabel: string;
  confirmVariant?: ButtonProps["variant"];
  placeholder?: string;
  success: string;
  action: (reason: string) => Promise<ActionResult<unknown>>;
  /** a warning the person must tick before confirming (e.g. passengers still waiting) */
  guard?: { warning: React.ReactNode; acknowledge: string };
  children?: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const [acknowledged, setAcknowledged] = useState(false);
  const blocked = Boolean(guard) && !acknowledged;

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (blocked) return;
    if (!reason.trim()) {
      setError("A reason is required: it is kept in the audit log with your name.");
      return;
    }
    start(async () => {
      const res = await action(reason.trim());
      if ("error" in res) {
        setError(res.error.errors.find((x) => x.path === "reason")?.message ?? res.error.message);
        return;
      }
      setOpen(false);
      setReason("");
      // the action may say what it did beyond the expected (an approval whose rooms no group waits for)
      const notice = (res.data as { notice?: string } | null)?.notice;
      toast.success(notice ?? success);
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
        setAcknowledged(false);
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant={triggerVariant} data-testid={triggerTestId}>
          {trigger}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" noValidate data-testid="reason-dialog">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {children}
          {guard && (
            <GuardWarning id="action-guard" acknowledge={guard.acknowledge} checked={acknowledged} onCheckedChange={setAcknowledged}>
              {guard.warning}
            </GuardWarning>
          )}
          <div className="grid gap-1.5">
            <Label htmlFor="action-reason">Reason</Label>
            <Textarea
              id="action-reason"
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                if (error) setError(null);
              }}
              placeholder={placeholder}
              required
              aria-invalid={!!error}
              aria-describedby={error ? "action-reason-error" : undefined}
              autoFocus
              data-testid="reason-input"
            />
            {error && (
              <p id="action-reason-error" className="text-xs font-medium text-destructive" data-testid="field-error">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant={confirmVariant} disabled={pending || blocked} data-testid="reason-confirm">
              {pending ? "Working…" : confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

"use client";

import { History, Power } from "lucide-react";
import { useState, useTransition } from "react";
import { activatePolicyAction } from "@/app/(console)/policies/actions";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toaster";

/**
 * Activates a DRAFT, or rolls back to an ARCHIVED version. The version ACTIVE now is archived in
 * the same step; the confirmation says which one.
 */
export function ActivateButton({
  policy,
  activeVersion,
}: {
  policy: { urn: string; name: string; version: number; status: string };
  activeVersion: number | null;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const rollback = policy.status === "ARCHIVED";

  function confirm(e: React.FormEvent) {
    e.preventDefault();
    start(async () => {
      const res = await activatePolicyAction(policy.urn, reason);
      if ("error" in res) {
        setError(res.error.message);
        return;
      }
      setOpen(false);
      setReason("");
      toast.success(rollback ? `Rolled back to v${policy.version}` : `v${policy.version} is active`, {
        description: activeVersion ? `v${activeVersion} was archived.` : undefined,
      });
    });
  }

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
      }}
    >
      <AlertDialogTrigger asChild>
        <Button size="sm" variant={rollback ? "outline" : "default"} data-testid={rollback ? "policy-rollback" : "policy-activate"}>
          {rollback ? <History aria-hidden /> : <Power aria-hidden />}
          {rollback ? "Roll back" : "Activate"}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <form onSubmit={confirm} className="grid gap-4">
          <AlertDialogHeader>
            <AlertDialogTitle>
              {rollback ? "Roll back to" : "Activate"} v{policy.version} of “{policy.name}”?
            </AlertDialogTitle>
            <AlertDialogDescription>
              It applies to new allocations at once.{" "}
              {activeVersion ? `v${activeVersion}, active now, will be archived; it can be rolled back to later.` : "No version of this context is active now."}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor={`activate-reason-${policy.urn}`}>Reason (optional)</Label>
            <Textarea
              id={`activate-reason-${policy.urn}`}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              placeholder="Kept in the audit log of both versions"
              data-testid="policy-activate-reason"
            />
            {error && (
              <p className="text-xs font-medium text-destructive" role="alert" data-testid="field-error">
                {error}
              </p>
            )}
          </div>
          <AlertDialogFooter>
            <AlertDialogCancel type="button">Cancel</AlertDialogCancel>
            <Button type="submit" disabled={pending} data-testid="policy-activate-confirm">
              {pending ? "Activating…" : rollback ? "Roll back" : "Activate"}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}

"use client";

import { Ban } from "lucide-react";
import { useState, useTransition } from "react";
import { CopyButton } from "@/components/console/copy-button";
import { formatAge, formatUtc, roleLabel } from "@/components/console/format";
import { subjectWords } from "@/lib/users/subject-words";
import { StatusBadge } from "@/components/console/status-badge";
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
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toaster";
import type { ActionResult } from "@/lib/console/action-result";
import type { RevokeServiceTokenInput, ServiceToken } from "@/lib/service-tokens/schemas";

type Revoke = (input: RevokeServiceTokenInput) => Promise<ActionResult<ServiceToken>>;

export function TokenTable({ tokens, names, revoke }: { tokens: ServiceToken[]; names: Record<string, string>; revoke: Revoke }) {
  return (
    <Table data-testid="tokens-table">
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Roles</TableHead>
          <TableHead>Airports</TableHead>
          <TableHead>Minted</TableHead>
          <TableHead>Expires (UTC)</TableHead>
          <TableHead>jti</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {tokens.map((t) => (
          <TableRow key={t.jti} data-testid="token-row" data-jti={t.jti}>
            <TableCell>
              <div className="font-medium">{t.name}</div>
              <div className="font-mono text-xs text-muted-foreground">{t.sub}</div>
            </TableCell>
            <TableCell>
              <StatusBadge status={t.status} testId="token-status" />
              {t.revokedAt && (
                <div className="mt-0.5 text-xs text-muted-foreground">
                  {formatUtc(t.revokedAt)} by {subjectWords(t.revokedBy, names)}
                </div>
              )}
            </TableCell>
            <TableCell className="text-xs">{t.roles.map(roleLabel).join(", ")}</TableCell>
            <TableCell className="font-mono text-xs">{t.airports.join(", ")}</TableCell>
            <TableCell className="text-xs">
              <div>{formatAge(t.createdAt)} ago</div>
              <div className="text-muted-foreground">by {subjectWords(t.createdBy, names)}</div>
            </TableCell>
            <TableCell className="whitespace-nowrap font-mono text-xs">{formatUtc(t.expiresAt)}</TableCell>
            <TableCell>
              <div className="flex items-center gap-1">
                <code className="max-w-28 break-all font-mono text-xs" title={t.jti}>
                  {t.jti}
                </code>
                <CopyButton value={t.jti} label="Copy jti" variant="ghost" size="icon-sm" className="[&>span]:sr-only" />
              </div>
            </TableCell>
            <TableCell className="text-right">{t.status === "ACTIVE" && <RevokeButton token={t} revoke={revoke} />}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function RevokeButton({ token, revoke }: { token: ServiceToken; revoke: Revoke }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();

  function confirm(e: React.FormEvent) {
    e.preventDefault();
    if (!reason.trim()) {
      setError("A reason is required: it is kept in the audit log.");
      return;
    }
    start(async () => {
      const res = await revoke({ jti: token.jti, reason });
      if ("error" in res) {
        setError(res.error.errors.find((x) => x.path === "reason")?.message ?? res.error.message);
        return;
      }
      setOpen(false);
      setReason("");
      toast.success(`Token “${token.name}” revoked`, { description: "Requests with it are refused from now on." });
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
        <Button variant="outline" size="sm" className="text-destructive" data-testid="token-revoke">
          <Ban aria-hidden />
          Revoke
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <form onSubmit={confirm} className="grid gap-4" noValidate>
          <AlertDialogHeader>
            <AlertDialogTitle>Revoke “{token.name}”?</AlertDialogTitle>
            <AlertDialogDescription>
              Every request with this token is refused from now on. This cannot be undone: the client will need a new token.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor={`revoke-reason-${token.jti}`}>Reason</Label>
            <Textarea
              id={`revoke-reason-${token.jti}`}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              placeholder="e.g. rotated after the feed vendor changed"
              aria-invalid={!!error}
              aria-describedby={error ? `revoke-error-${token.jti}` : undefined}
              data-testid="token-revoke-reason"
            />
            {error && (
              <p id={`revoke-error-${token.jti}`} className="text-xs font-medium text-destructive" data-testid="field-error">
                {error}
              </p>
            )}
          </div>
          <AlertDialogFooter>
            <AlertDialogCancel type="button">Cancel</AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={pending} data-testid="token-revoke-confirm">
              {pending ? "Revoking…" : "Revoke token"}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}

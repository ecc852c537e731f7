"use client";

import { TriangleAlert } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";

/**
 * A warning a person must tick before the action goes ahead: the dialogs for a large room request,
 * an approval beyond the manifest, closing a case with passengers still waiting.
 */
export function GuardWarning({
  id,
  children,
  acknowledge,
  checked,
  onCheckedChange,
}: {
  id: string;
  children: React.ReactNode;
  acknowledge: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <Alert variant="warning" data-testid="guard-warning">
      <TriangleAlert aria-hidden />
      <AlertDescription className="grid gap-2">
        <div>{children}</div>
        <div className="flex items-center gap-2">
          <Checkbox id={id} checked={checked} onCheckedChange={(v) => onCheckedChange(v === true)} data-testid="guard-confirm" />
          <Label htmlFor={id} className="font-medium">
            {acknowledge}
          </Label>
        </div>
      </AlertDescription>
    </Alert>
  );
}

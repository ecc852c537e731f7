"use client";

import { Keyboard } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";

export type Shortcut = { keys: string[]; does: string };

/** The shortcuts of a page, shown by `?` or by its button. */
export function ShortcutsHelp({ shortcuts, open, onOpenChange }: { shortcuts: Shortcut[]; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => onOpenChange(true)} data-testid="shortcuts-open" aria-keyshortcuts="Shift+?">
        <Keyboard aria-hidden />
        Shortcuts
      </Button>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent data-testid="shortcuts-help">
          <DialogHeader>
            <DialogTitle>Keyboard shortcuts</DialogTitle>
            <DialogDescription>They work when no text field has the focus.</DialogDescription>
          </DialogHeader>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            {shortcuts.map((s) => (
              <div key={s.does} className="contents">
                <dt className="flex gap-1">
                  {s.keys.map((k) => (
                    <kbd key={k} className="rounded border bg-muted px-1.5 font-mono text-xs">
                      {k}
                    </kbd>
                  ))}
                </dt>
                <dd>{s.does}</dd>
              </div>
            ))}
          </dl>
        </DialogContent>
      </Dialog>
    </>
  );
}

"use client";

import { type ReactNode, useState } from "react";

/**
 * The <details> of a FoldSection. `open` is where it starts and it opens again when a refresh
 * makes it true (a step just failed, a demand now waits), but a refresh never folds it: a demand
 * just approved stays in view, and what a person opened stays open while the page polls.
 */
export function FoldDetails({ open, title, summary, children }: { open: boolean; title: string; summary: ReactNode; children: ReactNode }) {
  const [shown, setShown] = useState(open);
  // the prop of the last render: a change to true opens it (state adjusted while rendering, not in an effect)
  const [asked, setAsked] = useState(open);
  if (open !== asked) {
    setAsked(open);
    if (open) setShown(true);
  }
  return (
    <details open={shown} onToggle={(e) => setShown(e.currentTarget.open)} className="group/fold min-w-0" data-fold={title}>
      {summary}
      <div className="grid min-w-0 gap-2 pt-2">{children}</div>
    </details>
  );
}

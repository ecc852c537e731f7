"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { claimAction } from "@/app/(console)/review/actions";
import { toast } from "@/components/ui/toaster";
import { isTyping } from "./keys";
import { type Shortcut, ShortcutsHelp } from "./shortcuts-help";

const SHORTCUTS: Shortcut[] = [
  { keys: ["j", "↓"], does: "Select the next item" },
  { keys: ["k", "↑"], does: "Select the previous item" },
  { keys: ["Enter"], does: "Open the selected item" },
  { keys: ["c"], does: "Claim the selected item" },
  { keys: ["Ctrl", "K"], does: "Find a case by flight or PNR" },
  { keys: ["?"], does: "Show these shortcuts" },
];

const rows = () => [...document.querySelectorAll<HTMLTableRowElement>("[data-testid=review-row]")];

/**
 * The queue by keyboard. The rows are server-rendered; the selection is the row whose item link
 * has the focus (so the browser's focus ring and a screen reader follow it), marked
 * data-kbd-selected for the highlight.
 */
export function ReviewQueueKeys() {
  const router = useRouter();
  const [help, setHelp] = useState(false);
  const selected = useRef<string | null>(null);

  useEffect(() => {
    function select(row: HTMLTableRowElement | undefined) {
      if (!row) return;
      for (const r of rows()) r.removeAttribute("data-kbd-selected");
      row.setAttribute("data-kbd-selected", "true");
      selected.current = row.dataset.urn ?? null;
      row.querySelector<HTMLElement>("[data-testid=review-item-link]")?.focus();
      row.scrollIntoView({ block: "nearest" });
    }
    function current(): number {
      return rows().findIndex((r) => r.dataset.urn === selected.current);
    }
    function onKey(e: KeyboardEvent) {
      if (isTyping(e)) return;
      const all = rows();
      const i = current();
      const inQueue = document.activeElement === document.body || document.activeElement?.closest("[data-testid=review-table]") != null;
      if (e.key === "j" || (e.key === "ArrowDown" && inQueue)) {
        e.preventDefault();
        select(all[i < 0 ? 0 : Math.min(i + 1, all.length - 1)]);
      } else if (e.key === "k" || (e.key === "ArrowUp" && inQueue)) {
        e.preventDefault();
        select(all[i < 0 ? 0 : Math.max(i - 1, 0)]);
      } else if (e.key === "Enter" && i >= 0 && !(e.target as HTMLElement).closest("a,button")) {
        e.preventDefault();
        router.push(`/review/${encodeURIComponent(all[i].dataset.urn!)}`);
      } else if (e.key === "c" && i >= 0) {
        e.preventDefault();
        const urn = all[i].dataset.urn!;
        void claimAction(urn).then((res) => {
          if ("error" in res) toast.error(res.error.message);
          else {
            toast.success("Item claimed");
            router.refresh();
          }
        });
      } else if (e.key === "?") {
        e.preventDefault();
        setHelp(true);
      }
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [router]);

  return <ShortcutsHelp shortcuts={SHORTCUTS} open={help} onOpenChange={setHelp} />;
}

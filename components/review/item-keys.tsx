"use client";

import { useEffect, useState } from "react";
import { isTyping } from "./keys";
import { type Shortcut, ShortcutsHelp } from "./shortcuts-help";

const SHORTCUTS: Shortcut[] = [
  { keys: ["r"], does: "Go to the recommendations (the first one's Use button)" },
  { keys: ["c"], does: "Claim the item" },
  { keys: ["Ctrl", "K"], does: "Find a case by flight or PNR" },
  { keys: ["?"], does: "Show these shortcuts" },
];

/** The review item by keyboard: the keys press the page's own buttons, so the same rules apply. */
export function ReviewItemKeys() {
  const [help, setHelp] = useState(false);
  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (isTyping(e)) return;
      if (e.key === "r") {
        const target =
          document.querySelector<HTMLElement>("[data-testid=review-use-recommendation]") ?? document.querySelector<HTMLElement>("[data-testid=review-recommendations]");
        if (!target) return;
        e.preventDefault();
        if (!target.matches("button")) target.tabIndex = -1;
        target.focus();
        target.scrollIntoView({ block: "nearest" });
      } else if (e.key === "c") {
        const claim = document.querySelector<HTMLButtonElement>("[data-testid=review-claim]:not([disabled])");
        if (!claim) return;
        e.preventDefault();
        claim.click();
      } else if (e.key === "?") {
        e.preventDefault();
        setHelp(true);
      }
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  return <ShortcutsHelp shortcuts={SHORTCUTS} open={help} onOpenChange={setHelp} />;
}

"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { cn } from "@/lib/utils";

/**
 * Keeps the case page current while allocation and booking run in the background: polls the case
 * (GET /api/v1/cases/{urn}, the session authenticates) and re-renders the page when its revision
 * moves. Fast while work is under way, slow otherwise, paused while the tab is hidden.
 */
export function CasePoller({ caseUrn, revision, busy }: { caseUrn: string; revision: number; busy: boolean }) {
  const router = useRouter();
  const known = useRef(revision);
  const [state, setState] = useState<"live" | "offline">("live");
  useEffect(() => {
    known.current = revision;
  }, [revision]);

  useEffect(() => {
    let stopped = false;
    const interval = busy ? 3000 : 15_000;
    async function tick() {
      if (document.visibilityState !== "visible") return;
      try {
        const res = await fetch(`/api/v1/cases/${encodeURIComponent(caseUrn)}`, { cache: "no-store", headers: { accept: "application/json" } });
        if (!res.ok) throw new Error(String(res.status));
        const body = (await res.json()) as { revision?: number };
        if (stopped) return;
        setState("live");
        if (typeof body.revision === "number" && body.revision !== known.current) {
          known.current = body.revision;
          router.refresh();
        }
      } catch {
        if (!stopped) setState("offline");
      }
    }
    const id = setInterval(tick, interval);
    return () => {
      stopped = true;
      clearInterval(id);
    };
  }, [caseUrn, busy, router]);

  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="case-live" title={busy ? "Checking for changes every 3 s" : "Checking for changes every 15 s"}>
      <span aria-hidden className={cn("size-2 rounded-full", state === "live" ? (busy ? "animate-pulse bg-success" : "bg-success/70") : "bg-warning")} />
      {state === "live" ? (busy ? "Live: updating" : "Live") : "Reconnecting…"}
    </span>
  );
}

"use client";

import { createContext, type ReactNode, useContext, useState } from "react";
import { cn } from "@/lib/utils";
import { formatClock, formatInstant, TIME_MODE_COOKIE, type TimeMode } from "./format";

/**
 * The console-wide "Local / UTC" choice. The layout reads it from the cookie and hands it in, so
 * the server's HTML and the browser's first render agree; the toggle changes it for every time on
 * the page at once and writes the cookie for the next request.
 */
const TimeModeContext = createContext<{ mode: TimeMode; setMode: (m: TimeMode) => void }>({ mode: "local", setMode: () => {} });

export function TimeModeProvider({ mode: initial, children }: { mode: TimeMode; children: ReactNode }) {
  const [mode, setMode] = useState(initial);
  return <TimeModeContext.Provider value={{ mode, setMode }}>{children}</TimeModeContext.Provider>;
}

export function useTimeMode(): TimeMode {
  return useContext(TimeModeContext).mode;
}

/**
 * One instant as the toggle wants it, in the airport's zone (`zone`, an IANA name; null for UTC):
 * "Tue 24 Nov 23:30 CET". The other reading is on hover (title) and spoken after it for screen
 * readers, so the UTC instant is one glance or one keystroke away.
 */
export function LocalTime({ at, zone, seconds = false, className, testId }: { at: string | Date | null | undefined; zone: string | null | undefined; seconds?: boolean; className?: string; testId?: string }) {
  const mode = useTimeMode();
  if (!at) return <span className={className}>—</span>;
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return <span className={className}>—</span>;
  const { text, other } = formatInstant(d, zone, mode, { seconds });
  return (
    <time dateTime={d.toISOString()} title={other} className={cn("whitespace-nowrap tabular-nums", className)} data-testid={testId} data-mode={mode}>
      {text}
      <span className="sr-only"> ({other})</span>
    </time>
  );
}

/** A clock reading ("23:30:05 CET") as the toggle wants it, for "updated at" lines. */
export function LocalClock({ at, zone, testId }: { at: number; zone: string | null | undefined; testId?: string }) {
  const mode = useTimeMode();
  const d = new Date(at);
  return (
    <time dateTime={d.toISOString()} data-testid={testId} className="tabular-nums">
      {formatClock(d, mode === "utc" ? "UTC" : zone)}
    </time>
  );
}

function remember(mode: TimeMode) {
  document.cookie = `${TIME_MODE_COOKIE}=${mode}; path=/; max-age=31536000; samesite=lax`;
}

/** "Local / UTC" in the header: two pressed-or-not buttons; the choice lasts a year in a cookie. */
export function TimeModeToggle() {
  const { mode, setMode } = useContext(TimeModeContext);
  function choose(next: TimeMode) {
    setMode(next);
    remember(next);
  }
  return (
    <div role="group" aria-label="Show times in" className="flex w-fit items-center rounded-md border text-xs" data-testid="time-mode">
      {(["local", "utc"] as const).map((m) => (
        <button
          key={m}
          type="button"
          aria-pressed={mode === m}
          onClick={() => choose(m)}
          data-testid={`time-mode-${m}`}
          title={m === "local" ? "Times in each airport's local time" : "Times in UTC"}
          className={cn("px-2 py-1 first:rounded-l-md last:rounded-r-md", mode === m ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:text-foreground")}
        >
          {m === "local" ? "Local" : "UTC"}
        </button>
      ))}
    </div>
  );
}

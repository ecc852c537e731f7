"use client";

import { Search } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, useTransition } from "react";
import { findCasesAction } from "@/app/(console)/find-cases-action";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import type { FoundCase } from "@/lib/cases/find-cases";
import { cn } from "@/lib/utils";
import { formatUtc } from "./format";

/**
 * Ctrl-K / ⌘-K from anywhere in the console: type a flight number or a PNR, pick with ↑/↓ and
 * Enter, land on the case. A combobox over a listbox, so a screen reader hears each option.
 */
export function CommandPalette() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "k") {
        e.preventDefault();
        setOpen((o) => !o);
      }
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} data-testid="palette-open" aria-keyshortcuts="Control+K Meta+K">
        <Search aria-hidden />
        <span className="hidden lg:inline">Find a case</span>
        <span className="sr-only lg:hidden">Find a case</span>
        <kbd className="hidden rounded border bg-muted px-1 font-mono text-xs text-muted-foreground lg:inline">Ctrl K</kbd>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="top-24 translate-y-0 gap-3 p-4" data-testid="palette">
          {open && <PaletteBody onDone={() => setOpen(false)} />}
        </DialogContent>
      </Dialog>
    </>
  );
}

function PaletteBody({ onDone }: { onDone: () => void }) {
  const router = useRouter();
  const id = useId();
  const [q, setQ] = useState("");
  const [results, setResults] = useState<FoundCase[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const [pending, startTransition] = useTransition();
  const latest = useRef("");

  useEffect(() => {
    const term = q.trim();
    latest.current = term;
    if (term.length < 2) return;
    const timer = setTimeout(() => {
      startTransition(async () => {
        const res = await findCasesAction(term);
        if (latest.current !== term) return; // a newer query is on its way
        if (res.ok) {
          setResults(res.data);
          setActive(0);
          setMessage(res.data.length ? null : `No case with a flight starting ${term.toUpperCase()} or a PNR ${term.toUpperCase()} in your airports.`);
        } else {
          setResults([]);
          setMessage(res.error.message);
        }
      });
    }, 200);
    return () => clearTimeout(timer);
  }, [q]);

  function go(c: FoundCase | undefined) {
    if (!c) return;
    onDone();
    router.push(`/cases/${encodeURIComponent(c.urn)}`);
  }

  function onKeyDown(e: React.KeyboardEvent) {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      setActive((a) => Math.min(a + 1, results.length - 1));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (e.key === "Enter") {
      e.preventDefault();
      go(results[active]);
    }
  }

  const listId = `${id}-list`;
  return (
    <>
      <DialogTitle className="text-base">Find a case</DialogTitle>
      <DialogDescription>Type a flight number (AF1234) or a booking reference (PNR); ↑ ↓ to choose, Enter to open.</DialogDescription>
      <Input
        autoFocus
        value={q}
        onChange={(e) => {
          setQ(e.target.value);
          if (e.target.value.trim().length < 2) {
            setResults([]);
            setMessage(null);
          }
        }}
        onKeyDown={onKeyDown}
        placeholder="AF1234 or a PNR"
        aria-label="Flight number or PNR"
        role="combobox"
        aria-expanded={results.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={results[active] ? `${id}-opt-${active}` : undefined}
        data-testid="palette-input"
        autoComplete="off"
        spellCheck={false}
      />
      <ul id={listId} role="listbox" aria-label="Matching cases" className="grid max-h-80 gap-1 overflow-y-auto" data-testid="palette-results">
        {results.map((c, i) => (
          <li
            key={c.urn}
            id={`${id}-opt-${i}`}
            role="option"
            aria-selected={i === active}
            onMouseEnter={() => setActive(i)}
            onClick={() => go(c)}
            className={cn("flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm", i === active && "bg-accent text-accent-foreground")}
            data-testid="palette-result"
          >
            <span className="font-mono font-semibold">{c.flightNumber}</span>
            <span className="text-muted-foreground">{c.airport}</span>
            <span className="text-muted-foreground">{formatUtc(c.scheduledDeparture)}</span>
            {c.pnr && <span className="font-mono text-xs">PNR {c.pnr}</span>}
            <span className="ml-auto text-xs text-muted-foreground">{c.status.toLowerCase()}{c.mode !== "LIVE" ? ` · ${c.mode.toLowerCase()}` : ""}</span>
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted-foreground" role="status" data-testid="palette-status">
        {pending ? "Searching…" : message}
      </p>
    </>
  );
}

"use client";

import { Search } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, useTransition } from "react";
import { findAction } from "@/app/(console)/find-action";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import type { FoundCase } from "@/lib/cases/find-cases";
import type { FoundPassenger } from "@/lib/cases/find-passengers";
import { cn } from "@/lib/utils";
import { LocalTime } from "./local-time";

/**
 * Ctrl-K / ⌘-K from anywhere in the console: type a flight number, a PNR, or a passenger's name,
 * email or phone, pick with ↑/↓ and Enter, land on the case (a passenger: on their group,
 * highlighted). A combobox over a listbox, so a screen reader hears each option.
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
        <span className="hidden lg:inline">Find</span>
        <span className="sr-only lg:hidden">Find a case or passenger</span>
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

type Result = { kind: "case"; c: FoundCase; zone: string | null } | { kind: "passenger"; p: FoundPassenger };

const MATCHED: Record<FoundPassenger["matched"], string> = { name: "name", pnr: "PNR", id: "passenger id", email: "email", phone: "phone" };

/** Where a result lands: the case, or the case at the passenger's group (the page opens the group's page of the list and marks it). */
export function resultHref(r: Result): string {
  if (r.kind === "case") return `/cases/${encodeURIComponent(r.c.urn)}`;
  const { caseUrn, groupId, passengerId } = r.p;
  return `/cases/${encodeURIComponent(caseUrn)}?group=${encodeURIComponent(groupId)}&passenger=${encodeURIComponent(passengerId)}#group-${encodeURIComponent(groupId)}`;
}

function PaletteBody({ onDone }: { onDone: () => void }) {
  const router = useRouter();
  const id = useId();
  const [q, setQ] = useState("");
  const [results, setResults] = useState<Result[]>([]);
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
        const res = await findAction(term);
        if (latest.current !== term) return; // a newer query is on its way
        if (res.ok) {
          const found: Result[] = [...res.data.cases.map((c) => ({ kind: "case" as const, c, zone: res.data.zones[c.airport] ?? null })), ...res.data.passengers.map((p) => ({ kind: "passenger" as const, p }))];
          setResults(found);
          setActive(0);
          setMessage(found.length ? null : `No case or passenger matches “${term}” in the open cases of your airports.`);
        } else {
          setResults([]);
          setMessage(res.error.message);
        }
      });
    }, 200);
    return () => clearTimeout(timer);
  }, [q]);

  function go(r: Result | undefined) {
    if (!r) return;
    onDone();
    router.push(resultHref(r));
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
      <DialogTitle className="text-base">Find a case or a passenger</DialogTitle>
      <DialogDescription>
        Type a flight number (AF1234), a booking reference (PNR), or a passenger&apos;s name, email or phone; ↑ ↓ to choose, Enter to open.
      </DialogDescription>
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
        placeholder="e.g. AF1234, a PNR, Müller, +33 6 12 34 56 78"
        aria-label="Flight number, PNR, or passenger name, email or phone"
        role="combobox"
        aria-expanded={results.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={results[active] ? `${id}-opt-${active}` : undefined}
        data-testid="palette-input"
        autoComplete="off"
        spellCheck={false}
      />
      <ul id={listId} role="listbox" aria-label="Matching cases and passengers" className="grid max-h-96 gap-1 overflow-y-auto" data-testid="palette-results">
        {results.map((r, i) => (
          <li
            key={r.kind === "case" ? r.c.urn : `${r.p.caseUrn}|${r.p.passengerId}`}
            id={`${id}-opt-${i}`}
            role="option"
            aria-selected={i === active}
            onMouseEnter={() => setActive(i)}
            onClick={() => go(r)}
            className={cn("flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-0.5 rounded-md px-3 py-2 text-sm", i === active && "bg-accent text-accent-foreground")}
            data-testid={r.kind === "case" ? "palette-result" : "palette-passenger"}
          >
            {r.kind === "case" ? <CaseOption c={r.c} zone={r.zone} /> : <PassengerOption p={r.p} />}
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted-foreground" role="status" data-testid="palette-status">
        {pending ? "Searching…" : message}
      </p>
    </>
  );
}

function CaseOption({ c, zone }: { c: FoundCase; zone: string | null }) {
  return (
    <>
      <span className="font-mono font-semibold">{c.flightNumber}</span>
      <span className="text-muted-foreground">{c.airport}</span>
      <LocalTime at={c.scheduledDeparture} zone={zone} className="text-muted-foreground" />
      {c.pnr && <span className="font-mono text-xs">PNR {c.pnr}</span>}
      <span className="ml-auto text-xs text-muted-foreground">
        {c.status.toLowerCase()}
        {c.mode !== "LIVE" ? ` · ${c.mode.toLowerCase()}` : ""}
      </span>
    </>
  );
}

function PassengerOption({ p }: { p: FoundPassenger }) {
  return (
    <>
      <span className="font-medium" data-testid="palette-passenger-name">
        {p.erased ? `${p.passengerId} (personal data erased)` : `${p.lastName?.toUpperCase() ?? "(no last name)"} ${p.firstName ?? ""}`.trim()}
      </span>
      <span className="font-mono text-xs">{p.flightNumber}</span>
      <span className="font-mono text-xs text-muted-foreground" data-testid="palette-passenger-group">
        group {p.groupId}
        {p.pnr !== p.groupId ? ` · PNR ${p.pnr}` : ""}
      </span>
      <span className="ml-auto text-xs text-muted-foreground">
        {p.airport} · by {MATCHED[p.matched]}
      </span>
      {(p.email || p.phone) && (
        <span className="basis-full text-xs text-muted-foreground" data-testid="palette-passenger-contact">
          {[p.phone, p.email].filter(Boolean).join(" · ")}
        </span>
      )}
    </>
  );
}

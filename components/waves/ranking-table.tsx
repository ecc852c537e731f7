"use client";

import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { useDeferredValue, useMemo, useState } from "react";
import { formatMoney } from "@/components/console/format";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { RankingInput } from "@/lib/allocation/schemas";
import { providerText, tierText } from "./held-causes";

type SortKey = "score" | "cost" | "distance" | "stars";
type State = "all" | "selected" | "scored" | "filtered";

const PAGE = 200;

// a missing value (filtered before scoring, unrated) sorts last in either direction
const VALUE: Record<SortKey, (r: RankingInput) => number | null> = {
  score: (r) => r.weightedScore,
  cost: (r) => r.nightlyRate.amount,
  distance: (r) => r.distanceKm,
  stars: (r) => r.stars,
};
const FIRST_DIRECTION: Record<SortKey, "asc" | "desc"> = { score: "desc", cost: "asc", distance: "asc", stars: "desc" };

const stateOf = (r: RankingInput): Exclude<State, "all"> => (r.selected ? "selected" : r.weightedScore === null ? "filtered" : "scored");

/**
 * Every candidate the engine saw, one row per tier pass and offer, with its scores and the reason
 * it was kept or dropped. Sorting and filtering run here on the wave already loaded; a large wave
 * renders its first rows and more on demand so the page stays quick.
 */
export function RankingTable({ inputs }: { inputs: RankingInput[] }) {
  const [sort, setSort] = useState<{ key: SortKey; dir: "asc" | "desc" }>({ key: "score", dir: "desc" });
  const [tier, setTier] = useState("all");
  const [state, setState] = useState<State>("all");
  const [query, setQuery] = useState("");
  const [limit, setLimit] = useState(PAGE);
  const q = useDeferredValue(query.trim().toLowerCase());
  const tiers = useMemo(() => [...new Set(inputs.map((r) => r.tier))], [inputs]);

  const rows = useMemo(() => {
    const value = VALUE[sort.key];
    const sign = sort.dir === "asc" ? 1 : -1;
    // the position in the wave is the row's identity (a key that survives sorting)
    return inputs
      .map((r, i) => ({ r, i }))
      .filter(({ r }) => (tier === "all" || r.tier === tier) && (state === "all" || stateOf(r) === state) && (!q || r.hotelName.toLowerCase().includes(q)))
      .sort(({ r: a, i: ia }, { r: b, i: ib }) => {
        const va = value(a);
        const vb = value(b);
        if (va === null || vb === null) return va === vb ? ia - ib : va === null ? 1 : -1;
        return (va - vb) * sign || ia - ib;
      });
  }, [inputs, sort, tier, state, q]);
  const shown = rows.slice(0, limit);

  function sortBy(key: SortKey) {
    setSort((s) => (s.key === key ? { key, dir: s.dir === "asc" ? "desc" : "asc" } : { key, dir: FIRST_DIRECTION[key] }));
    setLimit(PAGE);
  }

  const header = (key: SortKey, label: string, className = "text-right") => {
    const active = sort.key === key;
    const Icon = !active ? ArrowUpDown : sort.dir === "asc" ? ArrowUp : ArrowDown;
    return (
      <TableHead className={className} aria-sort={active ? (sort.dir === "asc" ? "ascending" : "descending") : "none"}>
        <button
          type="button"
          onClick={() => sortBy(key)}
          className="inline-flex items-center gap-1 uppercase hover:text-foreground"
          data-testid={`ranking-sort-${key}`}
          data-active={active || undefined}
          data-dir={active ? sort.dir : undefined}
        >
          {label}
          <Icon className={`size-3 ${active ? "text-foreground" : "opacity-50"}`} aria-hidden />
        </button>
      </TableHead>
    );
  };

  return (
    <div className="grid gap-3" data-testid="ranking">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <Label htmlFor="ranking-tier" className="text-xs">
            Tier
          </Label>
          <NativeSelect
            id="ranking-tier"
            value={tier}
            onChange={(e) => {
              setTier(e.target.value);
              setLimit(PAGE);
            }}
            data-testid="ranking-filter-tier"
            className="w-44"
          >
            <option value="all">All tiers</option>
            {tiers.map((t) => (
              <option key={t} value={t}>
                {tierText(t)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="ranking-state" className="text-xs">
            Outcome
          </Label>
          <NativeSelect
            id="ranking-state"
            value={state}
            onChange={(e) => {
              setState(e.target.value as State);
              setLimit(PAGE);
            }}
            data-testid="ranking-filter-state"
            className="w-52"
          >
            <option value="all">Selected and dropped</option>
            <option value="selected">Selected</option>
            <option value="scored">Dropped after scoring</option>
            <option value="filtered">Filtered out by the policy</option>
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="ranking-query" className="text-xs">
            Hotel
          </Label>
          <Input id="ranking-query" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="name contains…" className="w-52" data-testid="ranking-filter-query" />
        </div>
        <p className="ml-auto text-xs text-muted-foreground" data-testid="ranking-count" aria-live="polite">
          {rows.length === inputs.length ? `${inputs.length} candidates` : `${rows.length} of ${inputs.length} candidates`}
          {rows.length > shown.length && `, first ${shown.length} shown`}
        </p>
      </div>

      <Table data-testid="ranking-table">
        <TableHeader>
          <TableRow>
            <TableHead>Tier</TableHead>
            <TableHead>Hotel</TableHead>
            {header("stars", "Stars")}
            {header("distance", "Km")}
            {header("cost", "Nightly")}
            <TableHead className="text-right" title="rooms available (of them accessible)">
              Rooms
            </TableHead>
            <TableHead className="whitespace-normal text-right" title="normalised cost, distance, consolidation: 0–1, higher is better">
              Cost · dist · cons
            </TableHead>
            {header("score", "Score")}
            <TableHead>Outcome</TableHead>
            <TableHead>Reason</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {shown.length === 0 ? (
            <TableRow>
              <TableCell colSpan={10} className="py-6 text-center text-sm text-muted-foreground">
                No candidate matches these filters.
              </TableCell>
            </TableRow>
          ) : (
            shown.map(({ r, i }) => {
              const s = stateOf(r);
              return (
                <TableRow key={i} data-testid="ranking-row" data-state={s} className={s === "filtered" ? "text-muted-foreground" : undefined}>
                  <TableCell className="whitespace-nowrap text-xs">{tierText(r.tier)}</TableCell>
                  <TableCell className="text-xs">
                    <div className="font-medium text-foreground">{r.hotelName}</div>
                    <div className="text-muted-foreground">{providerText(r.provider)}</div>
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{r.stars ?? "—"}</TableCell>
                  <TableCell className="text-right tabular-nums" data-testid="ranking-distance">
                    {r.distanceKm.toFixed(1)}
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-right tabular-nums">{formatMoney(r.nightlyRate)}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {r.roomsAvailable}
                    {r.accessibleRoomsAvailable > 0 && <span className="text-muted-foreground"> ({r.accessibleRoomsAvailable}♿)</span>}
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-right font-mono text-xs tabular-nums">
                    {r.weightedScore === null ? "—" : `${r.normalized.cost.toFixed(2)} · ${r.normalized.distance.toFixed(2)} · ${r.normalized.consolidation.toFixed(2)}`}
                  </TableCell>
                  <TableCell className="text-right font-mono tabular-nums">{r.weightedScore === null ? "—" : r.weightedScore.toFixed(3)}</TableCell>
                  <TableCell>
                    {s === "selected" ? (
                      <Badge variant="success">selected · {r.roomsUsed} rooms</Badge>
                    ) : s === "scored" ? (
                      <Badge variant="outline">dropped</Badge>
                    ) : (
                      <Badge variant="muted">filtered</Badge>
                    )}
                  </TableCell>
                  <TableCell className="text-xs">
                    {/* a cell's max-width does not bind a table column: the block inside it does, so a long reason wraps in full */}
                    <div className="w-52 whitespace-normal break-words 2xl:w-80" data-testid="ranking-reason">
                      {r.reason}
                    </div>
                  </TableCell>
                </TableRow>
              );
            })
          )}
        </TableBody>
      </Table>
      {rows.length > shown.length && (
        <Button variant="outline" size="sm" className="justify-self-center" onClick={() => setLimit((l) => l + PAGE)} data-testid="ranking-show-more">
          Show {Math.min(PAGE, rows.length - shown.length)} more of {rows.length - shown.length}
        </Button>
      )}
    </div>
  );
}

/**
 * `npm run bench:allocation [-- --json] [-- --sizes=200,2000]`: the allocation engine on a generated
 * hub disruption (tests/bench/scenario.ts, seeded: every run is the same input) of 200, 2,000 and
 * 20,000 groups. Prints figures; asserts nothing.
 *
 * Per size: offers before and after dedupe, groups placed and held, the median wall time of
 * `allocate()` alone over several runs (input generation and the bound excluded), groups per
 * second, total cost, and a lower bound on it.
 *
 * The lower bound is the linear-programming relaxation of the same placement, solved by HiGHS
 * (the `highs` package, WebAssembly), not by code of ours: place exactly the groups the engine
 * placed, each on a hotel offer compliant with its tier's policy (the engine's own filter and
 * dedupe), within every offer's rooms and accessible rooms, at the least total cost, with groups
 * allowed to be fractional and split (group integrity, the distance and consolidation weights
 * ignored). Groups alike in tier, rooms and accessible rooms needed are interchangeable, so the
 * model counts groups per (class, offer), an exact aggregation. The engine's own placement is a
 * feasible point of that model, so lowerBound ≤ totalCost always and costRatio = totalCost ÷
 * lowerBound ≥ 1 measures what the greedy, the non-cost weights and group integrity cost. For
 * the smallest size the same model with integer counts gives the exact optimum of pure cost.
 */
import os from "node:os";
import highsLoader from "highs";
import { allocate, type EngineResult } from "@/lib/allocation-engine";
import { accessibleRoomsNeeded } from "@/lib/allocation-engine/assign";
import { cents, dedupe } from "@/lib/allocation-engine/dedupe";
import { tierContext } from "@/lib/allocation-engine/tier";
import type { Tier } from "@/lib/vocabulary";
import { hubScenario, type Scenario } from "./scenario";

const args = process.argv.slice(2);
const JSON_OUT = args.includes("--json");
const SIZES = (args.find((a) => a.startsWith("--sizes="))?.slice(8) ?? "200,2000,20000").split(",").map(Number);
const RUNS: Record<number, number> = { 200: 21, 2000: 15, 20000: 7 };
/** a worker pool keeps the engine's code warm (JIT-compiled): time it warm */
const WARMUP: Record<number, number> = { 200: 5, 2000: 3, 20000: 1 };

type Bound = { value: number; status: string; ms: number; columns: number };

/** The (LP or integer) model of the engine's placement, in CPLEX LP format, and solved by HiGHS. */
function bound(highs: Awaited<ReturnType<typeof highsLoader>>, s: Scenario, result: EngineResult, integer: boolean): Bound {
  const offers = s.offers.map((o) => ({ ...o }));
  const hotels = dedupe(offers, s.airport);
  const slotOf = new Map(offers.map((o, i) => [o, i]));
  const byId = new Map(s.groups.map((g) => [g.groupId, g]));
  // classes of interchangeable placed groups
  const classes = new Map<string, { tier: Tier; rooms: number; accessible: number; count: number }>();
  for (const a of result.allocations) {
    const g = byId.get(a.groupId)!;
    const accessible = accessibleRoomsNeeded(g);
    const key = `${a.tier}|${g.rooms}|${accessible}`;
    const c = classes.get(key) ?? { tier: a.tier, rooms: g.rooms, accessible, count: 0 };
    c.count++;
    classes.set(key, c);
  }
  const compliant = new Map<Tier, { slot: number; rateCents: number }[]>();
  for (const tier of new Set([...classes.values()].map((c) => c.tier))) {
    const ctx = tierContext(tier, s.policies[tier]!, hotels, slotOf, s.airport, s.currency);
    compliant.set(
      tier,
      ctx.ranked.map((c, p) => ({ slot: ctx.slot[p], rateCents: cents(c.offer!.nightlyRate) })),
    );
  }
  const objective: string[] = [];
  const demand: string[] = [];
  const roomRows = new Map<number, string[]>();
  const accRows = new Map<number, string[]>();
  const names: string[] = [];
  [...classes.values()].forEach((c, ci) => {
    const terms: string[] = [];
    for (const { slot, rateCents } of compliant.get(c.tier)!) {
      if (offers[slot].roomsAvailable < c.rooms || Math.min(offers[slot].accessibleRoomsAvailable, offers[slot].roomsAvailable) < c.accessible) continue;
      const v = `y${ci}_${slot}`;
      names.push(v);
      objective.push(`${((rateCents * c.rooms * s.nights) / 100).toFixed(2)} ${v}`);
      terms.push(v);
      (roomRows.get(slot) ?? roomRows.set(slot, []).get(slot)!).push(`${c.rooms} ${v}`);
      if (c.accessible > 0) (accRows.get(slot) ?? accRows.set(slot, []).get(slot)!).push(`${c.accessible} ${v}`);
    }
    demand.push(` d${ci}: ${wrap(terms)} = ${c.count}`);
  });
  const lines = ["Minimize", ` cost: ${wrap(objective)}`, "Subject To", ...demand];
  for (const [slot, terms] of roomRows) lines.push(` r${slot}: ${wrap(terms)} <= ${offers[slot].roomsAvailable}`);
  for (const [slot, terms] of accRows) lines.push(` a${slot}: ${wrap(terms)} <= ${Math.min(offers[slot].accessibleRoomsAvailable, offers[slot].roomsAvailable)}`);
  if (integer) lines.push("General", wrap(names, " "));
  lines.push("End");
  const t = performance.now();
  const solution = highs.solve(lines.join("\n"), { output_flag: false, time_limit: 300 });
  return { value: Math.round(solution.ObjectiveValue * 100) / 100, status: solution.Status, ms: Math.round(performance.now() - t), columns: names.length };
}

/** LP-format lines of a few terms each (long rows continue on the next line). */
function wrap(terms: string[], sep = " + "): string {
  const out: string[] = [];
  for (let i = 0; i < terms.length; i += 12) out.push(terms.slice(i, i + 12).join(sep));
  return out.join(`${sep.trim() ? sep.trimEnd() : ""}\n   `);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main() {
  const highs = await highsLoader();
  if (!JSON_OUT)
    console.log(
      "Allocation engine on a generated hub disruption (seeded). medianMs: allocate() alone; lowerBound: HiGHS LP relaxation of the same placement (cost only, groups fractional); costRatio = totalCost / lowerBound.\n",
    );
  for (const size of SIZES) {
    const s = hubScenario(size);
    const input = { airport: s.airport, nights: s.nights, currency: s.currency, groups: s.groups, offers: s.offers, policies: s.policies };
    let result = allocate(input);
    for (let w = 1; w < (WARMUP[size] ?? 1); w++) result = allocate(input);
    const times: number[] = [];
    const cpu: number[] = [];
    for (let r = 0; r < (RUNS[size] ?? 5); r++) {
      const c = process.cpuUsage();
      const t = performance.now();
      result = allocate(input);
      times.push(performance.now() - t);
      const used = process.cpuUsage(c);
      cpu.push((used.user + used.system) / 1000);
    }
    const medianMs = Math.round(median(times) * 10) / 10;
    const lp = bound(highs, s, result, false);
    const ip = size <= 200 ? bound(highs, s, result, true) : null;
    const totalCost = result.totalCost.amount;
    const line = {
      groups: size,
      passengers: s.groups.reduce((n, g) => n + g.passengers, 0),
      offersRaw: result.offersRaw,
      offersDeduped: result.offersDeduped,
      placed: result.allocations.length,
      held: result.held.length,
      medianMs,
      groupsPerSecond: Math.round(size / (medianMs / 1000)),
      totalCost,
      lowerBound: lp.value,
      costRatio: Math.round((totalCost / lp.value) * 10000) / 10000,
      ...(ip ? { integerOptimum: ip.value, integerStatus: ip.status, integerRatio: Math.round((totalCost / ip.value) * 10000) / 10000 } : {}),
      hotelsTrue: s.hotelsTrue,
      nsPerGroupHotel: Math.round(((medianMs * 1e6) / (size * result.offersDeduped)) * 10) / 10,
      lpStatus: lp.status,
      lpColumns: lp.columns,
      lpMs: lp.ms,
      heldByCause: result.held.reduce<Record<string, number>>((m, h) => ((m[h.cause] = (m[h.cause] ?? 0) + 1), m), {}),
      savingsVsMarket: result.savingsVsMarket.amount,
      runsMs: times.map((t) => Math.round(t)),
      // CPU time of the process (all its threads, GC included) per run: less sensitive than wall
      // time to other processes competing for the 2 cores
      medianCpuMs: Math.round(median(cpu) * 10) / 10,
      loadAverage: Math.round(os.loadavg()[0] * 10) / 10,
    };
    if (JSON_OUT) console.log(JSON.stringify(line));
    else
      console.log(
        [
          `${size} groups (${line.passengers} passengers), ${line.offersRaw} raw offers → ${line.offersDeduped} hotels after dedupe (${s.hotelsTrue} generated)`,
          `  placed ${line.placed}, held ${line.held} ${JSON.stringify(line.heldByCause)}`,
          `  engine median ${medianMs} ms over ${times.length} runs (${line.runsMs.join(", ")}; CPU median ${line.medianCpuMs} ms; load average ${line.loadAverage}), ${line.groupsPerSecond} groups/s, ${line.nsPerGroupHotel} ns per group×hotel`,
          `  total cost ${totalCost.toFixed(2)} ${s.currency}, LP lower bound ${lp.value.toFixed(2)} (${lp.status}, ${lp.columns} columns, ${lp.ms} ms), costRatio ${line.costRatio}`,
          ip ? `  integer optimum of pure cost ${ip.value.toFixed(2)} (${ip.status}), engine / optimum ${line.integerRatio}` : null,
          `  savings of direct contracts vs market ${line.savingsVsMarket.toFixed(2)}`,
          "",
        ]
          .filter((l) => l !== null)
          .join("\n"),
      );
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});

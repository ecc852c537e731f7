import type { CapacityAskJson } from "@/db/schema";
import type { ShortfallFigures } from "./figures";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The head of the shortfall's review item: the numbers, what the fleet was asked for and granted,
 * and the decision left to the desk. Rewritten on every refusal; the rides follow it, one line each.
 */
export function shortfallHead(o: { airport: string; night: string; figures: ShortfallFigures; asks: readonly CapacityAskJson[]; cases: number; flights: Record<string, string> }): string {
  const f = o.figures;
  const types = f.byType.map((t) => `${t.vehicleType} ${plural(t.rides, "ride")} (${plural(t.seats, "seat")})`).join(", ");
  const lines = [
    `Fleet short at ${o.airport}, night of ${o.night}: ${plural(f.rides, "ride")} (${plural(f.seats, "seat")}) without a vehicle${types ? ` — ${types}` : ""}, over ${plural(o.cases, "case")}; ${plural(f.taxi.rides, "ride")} replaced by taxi vouchers (${plural(f.taxi.vouchers, "voucher")}).`,
  ];
  for (const a of o.asks) {
    const answer = a.granted === null ? "no answer yet" : a.granted === 0 ? "granted none" : `granted ${a.granted}`;
    lines.push(`Asked the fleet for ${a.asked} more ${a.vehicleType} (${a.asked === 1 ? "vehicle" : "vehicles"}, ${a.from} – ${a.until}): ${answer}${a.message ? ` (${a.message})` : ""}.`);
  }
  lines.push(
    "Decide: find vehicles and assign them by hand (POST /transport/segments/{urn}/vehicle), or leave the rides to taxi vouchers (issued by rule for rides the fleet refused, to groups owed transport).",
    "By case (GET /transport/segments?status=PLANNED&caseUrn=… lists a case's rides):",
    ...f.byCase.map((c) => `- ${o.flights[c.caseUrn] ?? "case"} ${c.caseUrn}: ${plural(c.rides, "ride")} (${plural(c.seats, "seat")})`),
    RIDES_MARK,
  );
  return lines.join("\n");
}

/** Where the head ends and the rides begin in an item's detail. */
export const RIDES_MARK = "Rides the fleet refused, as they came:";

/**
 * At most this many rides are listed one by one: each refusal rewrites the item, and a meltdown's
 * thousand refused rides listed in full made every rewrite carry ~200 KB. The head's counts by case
 * cover them all; past the cap a last line says so.
 */
export const MAX_LISTED_RIDES = 200;
export const MORE_RIDES = `More rides were refused than the ${MAX_LISTED_RIDES} listed: the counts above include them all.`;

/** The listed rides with one more: unchanged when it is listed already; past the cap, the MORE_RIDES line once instead. */
export function withRide(rides: string, segmentUrn: string, line: string): string {
  if (rides.includes(segmentUrn) || rides.endsWith(MORE_RIDES)) return rides;
  if (!rides) return line;
  return rides.split("\n").length < MAX_LISTED_RIDES ? `${rides}\n${line}` : `${rides}\n${MORE_RIDES}`;
}

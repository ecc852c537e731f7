import type { CapacityAskJson } from "@/db/schema";
import type { ShortfallFigures } from "./figures";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The head of the shortfall's review item: the numbers, what the fleet was asked for and granted,
 * and the decision left to the desk. Rewritten on every refusal; the rides follow it, one line each.
 */
export function shortfallHead(o: { airport: string; night: string; figures: ShortfallFigures; asks: readonly CapacityAskJson[]; cases: number }): string {
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
    "Rides without a vehicle, by case:",
  );
  return lines.join("\n");
}

/** Where the head ends and the rides begin in an item's detail. */
export const RIDES_MARK = "Rides without a vehicle, by case:";

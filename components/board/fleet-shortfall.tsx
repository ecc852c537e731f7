import { Truck } from "lucide-react";
import Link from "next/link";
import type { Board } from "@/lib/board/schemas";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const words = (s: string) => s.replaceAll("_", " ").toLowerCase();

/**
 * The fleet's shortfall at the airport as one line per night at the top of "Waiting for a person":
 * rides and seats without a vehicle, by type, the taxis that took refused rides, what the fleet
 * was asked to add and granted, and the one review item where the desk decides. Nothing when the
 * fleet has refused nothing tonight.
 */
export function FleetShortfallRows({ shortfalls }: { shortfalls: Board["fleetShortfalls"] }) {
  if (!shortfalls?.length) return null;
  return (
    <ul className="mb-3 grid gap-2" data-testid="board-fleet-shortfalls">
      {shortfalls.map((s) => (
        <li key={s.night} className="grid gap-0.5 rounded-md border border-warning/60 px-3 py-2 text-sm" data-testid="board-fleet-shortfall" data-rides={s.rides} data-seats={s.seats}>
          <span className="flex flex-wrap items-center gap-2">
            <Truck aria-hidden className="size-4 text-warning" />
            <span className="font-medium">
              Fleet short: {plural(s.rides, "ride")} ({plural(s.seats, "seat")}) without a vehicle {s.tonight ? "tonight" : `the night of ${s.night}`}
            </span>
            <span aria-hidden>·</span>
            {s.reviewItemUrn ? (
              <Link href={`/review/${encodeURIComponent(s.reviewItemUrn)}`} className="text-primary underline-offset-2 hover:underline">
                {plural(s.openItems, "review item")}
              </Link>
            ) : (
              <span className="text-muted-foreground">no review item open</span>
            )}
          </span>
          <span className="text-xs text-muted-foreground">
            {[
              s.byType.map((t) => `${words(t.vehicleType)}: ${plural(t.rides, "ride")} (${plural(t.seats, "seat")})`).join(", "),
              s.taxi.rides > 0 ? `${plural(s.taxi.rides, "ride")} replaced by taxi vouchers (${plural(s.taxi.vouchers, "voucher")})` : null,
              ...s.capacity.map((c) => `fleet asked for ${c.asked} more ${words(c.vehicleType)}: ${c.granted === null ? "no answer yet" : c.granted === 0 ? "none granted" : `${c.granted} granted`}`),
              `${plural(s.cases, "case")}`,
            ]
              .filter(Boolean)
              .join(" · ")}
          </span>
        </li>
      ))}
    </ul>
  );
}

import type { Locale } from "@/lib/i18n";
import type { PassengerStatus } from "@/lib/passenger/schemas";
import { TAXI_WORDS } from "@/lib/rides/page-words";
import { capLabel, pickupLabel } from "@/lib/rides/words";

/**
 * The passenger page's taxi vouchers (lib/rides): the code to show the driver, from when it is good
 * and up to how much, with the provider's link. Nothing when the group has none. Drawn by
 * PassengerView from its polled status, so a taxi issued while the page is open appears.
 */
export function TaxiVouchers({ rides, timeZone, locale }: { rides: PassengerStatus["rides"]; timeZone: string; locale: Locale }) {
  if (rides.length === 0) return null;
  const w = TAXI_WORDS[locale];
  return (
    <section aria-labelledby="taxi-title" data-testid="passenger-taxis" className="mx-auto mt-4 max-w-xl rounded-lg border border-slate-300 bg-white p-4 text-slate-900">
      <h2 id="taxi-title" className="text-lg font-semibold">
        {w.title}
      </h2>
      <ul className="mt-2 space-y-3">
        {rides.map((r) => (
          <li key={`${r.direction}-${r.code}`}>
            <p className="font-semibold">{r.direction === "AIRPORT_TO_HOTEL" ? w.toHotel : w.toAirport}</p>
            <p>
              {w.code}: <span className="font-mono text-xl font-bold">{r.code}</span>
              {r.status === "USED" ? ` (${w.used})` : null}
            </p>
            <p>
              {w.from} {pickupLabel(r.pickupAt, timeZone, locale)} · {w.upTo} {capLabel(r.maxAmount, r.currency, locale)}
            </p>
            {r.link ? (
              <a className="text-blue-800 underline" href={r.link} rel="noopener noreferrer">
                {w.open}
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

import { fill } from "@/lib/i18n/format";
import { MEAL_WORDS } from "@/lib/i18n/meal-words";
import type { PassengerStatus } from "@/lib/passenger/schemas";
import { mealAmount, mealTime } from "@/lib/meals/words";

/**
 * The passenger page's meal vouchers: per guest and meal, the code to show at the counter, its
 * amount and validity in the passenger's language and the airport's time; a spent one says so.
 * Nothing at all when the party has none. Drawn by PassengerView from its polled status, so a
 * voucher issued while the page is open appears.
 */
export function PassengerMealVouchers({ status }: { status: PassengerStatus }) {
  const vouchers = status.mealVouchers ?? [];
  if (vouchers.length === 0) return null;
  const w = MEAL_WORDS[status.locale];
  const zone = status.reservation.timeZone;
  return (
    <section lang={status.locale} className="mx-auto max-w-xl space-y-3 rounded-lg border border-slate-300 bg-white p-4 text-slate-900" aria-labelledby="meals-heading" data-testid="meal-vouchers">
      <h2 id="meals-heading" className="text-lg font-bold">
        {w.title}
      </h2>
      <p>{w.intro}</p>
      <ul className="space-y-2">
        {vouchers.map((v) => (
          <li key={`${v.guest}-${v.code}`} className="rounded-md border border-slate-200 p-3" data-testid="meal-voucher">
            <p className="font-semibold">
              {v.guest} · {fill(w.meal, { n: v.seq })} · {mealAmount(status.locale, v.amount, v.currency)}
            </p>
            {v.status === "REDEEMED" ? (
              <p className="text-slate-600">{w.used}</p>
            ) : (
              <>
                <p>
                  {w.code}: <span className="font-mono text-xl tracking-wider">{v.code}</span>
                </p>
                <p className="text-sm">{fill(w.valid, { from: mealTime(status.locale, new Date(v.validFrom), zone), until: v.validUntil ? mealTime(status.locale, new Date(v.validUntil), zone) : "" })}</p>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

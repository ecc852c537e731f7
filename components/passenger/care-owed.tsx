import { CARE_WORDS } from "@/lib/i18n/care-words";
import type { Locale } from "@/lib/i18n/locales";
import type { PassengerStatus } from "@/lib/passenger/schemas";

/**
 * The passenger page's "What you are owed": each kind of care in plain words, the regulation named
 * small. Drawn by PassengerView from its polled status (lib/passenger/care.ts decides the lines), so
 * a re-accommodation's new care shows without a reload; nothing before the case's first assessment.
 */
export function CareOwed({ lines, locale }: { lines: PassengerStatus["care"]; locale: Locale }) {
  if (!lines) return null;
  const w = CARE_WORDS[locale];
  return (
    <section className="rounded-lg border border-slate-300 bg-white p-4" aria-labelledby="care-owed-title" data-testid="care-owed">
      <h2 id="care-owed-title" className="text-lg font-bold">
        {w.pageTitle}
      </h2>
      {lines.length === 0 ? (
        <p>{w.nothingOwed}</p>
      ) : (
        <>
          <p>{w.pageIntro}</p>
          <ul className="mt-2 space-y-2">
            {lines.map((l) => (
              <li key={l.kind} data-testid="care-owed-line" data-kind={l.kind}>
                <span className="font-semibold">{l.text}</span>
                {l.basis && <span className="block text-sm text-slate-600">{l.basis}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

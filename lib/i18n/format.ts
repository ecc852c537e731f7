import { dateTimeFormat, knownZone } from "@/lib/time-zones";

/** Fills a dictionary string's {placeholders}; a placeholder without a value stays visible, so a missing one is seen, not silently blank. */
export function fill(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/** An amount as a reader of `locale` writes it: "€80.00", "80,00 €"; a currency Intl does not know falls back to "80.00 XYZ". Shared by meal and ride vouchers. */
export function formatMoney(amount: number, currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: "currency", currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/** An instant in a zone's wall clock, in `locale`'s words: "Nov 25, 18:05" (en), "25 nov., 18:05" (fr) (day, short month, 24-hour time). */
export function formatLocalDateTime(instant: Date | string, timeZone: string | null | undefined, locale: string): string {
  return dateTimeFormat(locale, { timeZone: knownZone(timeZone), day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(instant));
}

/**
 * The passenger page's other two readings, 24-hour like every time the passenger reads (a page
 * that says "03:00 PM" above "23:30" reads as two clocks): "Sat, Nov 21, 15:00" with the weekday,
 * for a stay's check-in and a flight; "15:00" alone, for a pickup or a deadline within the hour.
 */
export function formatLocalDayTime(instant: Date | string, timeZone: string | null | undefined, locale: string): string {
  return dateTimeFormat(locale, { timeZone: knownZone(timeZone), weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(instant));
}

export function formatLocalTime(instant: Date | string, timeZone: string | null | undefined, locale: string): string {
  return dateTimeFormat(locale, { timeZone: knownZone(timeZone), hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(instant));
}

/**
 * A moment of a stay (a LocalMoment: the hotel's calendar date, its English label and 24-hour time)
 * in `locale`'s words, so a Spanish SMS reads "lun, 23 nov 2026 18:05", not "Mon 23 Nov 2026 18:05":
 * English as the voucher writes it; another language names the same calendar date in its words.
 */
export function dayWords(m: { date: string; dateLabel: string }, locale: string): string {
  if (locale === "en") return m.dateLabel;
  return dateTimeFormat(locale, { timeZone: "UTC", weekday: "short", day: "numeric", month: "short", year: "numeric" }).format(new Date(`${m.date}T12:00:00Z`));
}

export function momentWords(m: { date: string; dateLabel: string; time: string }, locale: string): string {
  return `${dayWords(m, locale)} ${m.time}`;
}

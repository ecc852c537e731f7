import type { Locale } from "@/lib/i18n";
import { formatLocalDateTime, formatMoney } from "@/lib/i18n/format";

/** An amount as the passenger reads it in their language: "15,00 €", "€15.00". */
export const mealAmount = (locale: Locale, amount: number, currency: string): string => formatMoney(amount, currency, locale);

/** A voucher's time at the airport, in the passenger's language: "Nov 25, 18:05" (en), "25 nov., 18:05" (fr). */
export const mealTime = (locale: Locale, at: Date, timeZone: string | null | undefined): string => formatLocalDateTime(at, timeZone, locale);


import { formatLocalDateTime, formatMoney } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";

/** A pickup in the airport's wall clock, in the passenger's language ("Nov 25, 23:40", "25 nov., 23:40"): the same on the voucher, the page and the messages. */
export const pickupLabel = (at: Date | string, timeZone: string | null | undefined, locale: Locale): string => formatLocalDateTime(at, timeZone, locale);

/** The cap in the voucher's currency, as the passenger writes money: "€80.00", "80,00 €" (the meal vouchers' formatting). */
export const capLabel = (amount: number, currency: string, locale: Locale): string => formatMoney(amount, currency, locale);

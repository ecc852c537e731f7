export { fill } from "./format";
export { DEFAULT_LOCALE, isLocale, LOCALE_NAMES, LOCALES, type Locale } from "./locales";
export { PAGE_WORDS, type PageWord } from "./page-words";
export { pickLocale } from "./pick";
export { REFUSAL_WORDS, type RefusalWord } from "./refusal-words";
export { VOUCHER_WORDS, type VoucherWord } from "./voucher-words";

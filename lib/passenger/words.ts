import type { Ctx } from "@/lib/context";
import { DomainError } from "@/lib/errors";
import { fill, isLocale, type Locale, pickLocale, REFUSAL_WORDS, type RefusalWord } from "@/lib/i18n";
import { groupLanguage } from "@/lib/i18n/group-language";

/** The reason a passenger's decline leaves on the reservation: how the page knows, on a later visit, that the room was given up on purpose. */
export const DECLINED = "Declined by the passenger on the passenger page";

export const declinedReason = (reason: string | null | undefined): string => (reason ? `${DECLINED}: ${reason}` : DECLINED);
export const isDeclined = (cancellationReason: string | null): boolean => cancellationReason?.startsWith(DECLINED) ?? false;

/** The page's language: the switch (?lang=, then its cookie), else the group's stored language, else the browser's. */
export function pageLocale(given: { lang?: string | null; cookie?: string | null; acceptLanguage?: string | null }, stored: Locale | null): Locale {
  const explicit = [given.lang, given.cookie, stored].find((l) => isLocale(l?.trim().toLowerCase()));
  return pickLocale(given.acceptLanguage, explicit);
}

/** The cookie the page's language switch leaves, so the next visit (and the page's own API calls) speak it. */
export const LANG_COOKIE = "passenger_lang";

/** A cookie's value, or null: never throws, since a bad cookie (`%zz`) must not turn an action that already committed into a 500. */
export function cookieValue(req: Request, name: string): string | null {
  const found = (req.headers.get("cookie") ?? "").split(";").map((c) => c.trim().split("=")).find(([k]) => k === name);
  if (!found?.[1]) return null;
  // a locale is plain ASCII: the raw value is used as it is, and decoded only when it is not one
  if (isLocale(found[1])) return found[1];
  try {
    return decodeURIComponent(found[1]);
  } catch {
    return null;
  }
}

/** The language of an API answer or a page: ?lang=, the switch's cookie, the group's stored language, Accept-Language. */
export async function requestLocale(ctx: Ctx, r: { caseUrn: string; groupId: string }, req: Request, lang?: string | null): Promise<Locale> {
  return pageLocale({ lang, cookie: cookieValue(req, LANG_COOKIE), acceptLanguage: req.headers.get("accept-language") }, await groupLanguage(ctx.db, r.caseUrn, r.groupId));
}

/**
 * A refusal on the passenger's paths, in their words and language (lib/i18n/refusal-words.ts): the
 * code stays for the page and any client, the detail is the passenger's. Whatever the desk needs to
 * know (a provider's refusal, an error) goes to the audit entry, never here.
 */
export function passengerRefusal(locale: Locale, status: number, code: string, word: RefusalWord, values: Record<string, string> = {}, headers: Record<string, string> = {}): DomainError {
  return new DomainError(status, code, fill(REFUSAL_WORDS[locale][word], values), [], headers);
}

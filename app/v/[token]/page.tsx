// /v/{token} – the passenger's page: live status, another hotel while the choice is open, "I don't need a hotel" (no sign-in)
import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import { getDb } from "@/db/client";
import { PassengerView } from "@/components/passenger/passenger-view";
import { LinkProblem } from "@/components/passenger/link-problem";
import { DomainError } from "@/lib/errors";
import { isLocale, PAGE_WORDS, pickLocale } from "@/lib/i18n";
import { listHotelChoices } from "@/lib/passenger/choices";
import { setPassengerLanguage } from "@/lib/passenger/language";
import { openPassengerLink } from "@/lib/passenger/link";
import { passengerStatus } from "@/lib/passenger/status";
import { groupLanguage } from "@/lib/i18n/group-language";
import { LANG_COOKIE, pageLocale } from "@/lib/passenger/words";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Hotel" }, robots: { index: false, follow: false }, referrer: "no-referrer" };

export default async function PassengerPage({ params, searchParams }: { params: Promise<{ token: string }>; searchParams: Promise<{ lang?: string | string[] }> }) {
  const { token } = await params;
  const lang = [(await searchParams).lang].flat()[0]?.toLowerCase();
  const acceptLanguage = (await headers()).get("accept-language");
  const cookie = (await cookies()).get(LANG_COOKIE)?.value ?? null;
  const db = await getDb();
  let link;
  try {
    link = await openPassengerLink({ db }, token);
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    const locale = pickLocale(acceptLanguage, isLocale(lang) ? lang : cookie);
    return <LinkProblem locale={locale} kind={err.status === 401 ? "expired" : err.status === 429 ? "busy" : "notFound"} />;
  }
  const stored = await groupLanguage(link.ctx.db, link.reservation.caseUrn, link.reservation.groupId);
  const locale = pageLocale({ lang, cookie, acceptLanguage }, stored);
  // the switch: later vouchers and messages speak the language the passenger picked
  if (isLocale(lang) && lang !== stored) await setPassengerLanguage(link, lang);
  const status = await passengerStatus(link, locale);
  const hotels = status.choice.open ? (await listHotelChoices(link)).hotels : [];
  return (
    <PassengerView token={token} initial={status} hotels={hotels} words={PAGE_WORDS[locale]} rememberLanguage={isLocale(lang) ? lang : null} />
  );
}

import { groupCare } from "@/lib/care/group-care";
import { owedLines, type OwedLine } from "@/lib/care/owed-lines";
import type { Locale } from "@/lib/i18n/locales";
import type { PassengerLink } from "./link";

/**
 * What the link's group is owed, in the passenger's words; null before the case's first
 * assessment (the page then says nothing rather than "nothing is owed"). The link's reservation
 * names the case and the group, never the request.
 */
export async function passengerCare(link: PassengerLink, locale: Locale): Promise<OwedLine[] | null> {
  const care = await groupCare(link.ctx, link.reservation);
  return care && owedLines(care, locale);
}

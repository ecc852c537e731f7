import type { ReservationRow } from "@/db/schema";
import { groupCare } from "@/lib/care/group-care";
import { owedLines } from "@/lib/care/owed-lines";
import type { PassengerCare } from "@/lib/care/types";
import type { Ctx } from "@/lib/context";
import type { Locale } from "@/lib/i18n/locales";

/**
 * The voucher's "Your right to care": what the reservation's group is owed under the case's newest
 * assessment, each kind on its own line with its article. Read at render, so a voucher rendered
 * after a re-accommodation prints the care decided after it; nothing before the first assessment.
 */
export async function voucherCare(ctx: Ctx, r: Pick<ReservationRow, "tenant" | "caseUrn" | "groupId">, locale: Locale): Promise<{ text: string; basis: string }[]> {
  return voucherCareLines(await groupCare(ctx, r), locale);
}

/** The same from the group's entries read already (a chunk's, lib/vouchers/model.ts); none read: no lines. */
export function voucherCareLines(care: readonly PassengerCare[] | null | undefined, locale: Locale): { text: string; basis: string }[] {
  return care ? owedLines(care, locale, { separate: true }).map(({ text, basis }) => ({ text, basis })) : [];
}

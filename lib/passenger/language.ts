import { and, eq, isNull, ne, or } from "drizzle-orm";
import { passengers } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { transaction } from "@/lib/context";
import type { Locale } from "@/lib/i18n";
import type { PassengerLink } from "./link";

/**
 * The page's language switch: the group's passengers keep the language they picked, so the
 * vouchers and messages sent to them later speak it. Audited `passenger.language` as the link
 * when it changes anything; picking the language they have already writes nothing.
 */
export async function setPassengerLanguage(link: PassengerLink, locale: Locale): Promise<boolean> {
  const { reservation: r, caseRow } = link;
  return transaction(link.ctx, async (tx) => {
    const changed = await tx.db
      .update(passengers)
      .set({ language: locale })
      .where(and(eq(passengers.caseUrn, r.caseUrn), eq(passengers.groupId, r.groupId), or(isNull(passengers.language), ne(passengers.language, locale))))
      .returning({ id: passengers.passengerId });
    if (changed.length === 0) return false;
    await writeAudit(tx, { entity: "reservation", entityUrn: r.urn, action: "passenger.language", airport: caseRow.airport, after: { language: locale, passengers: changed.length } });
    return true;
  });
}

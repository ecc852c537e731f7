import { and, desc, eq, inArray } from "drizzle-orm";
import { airports, cases, passengers, reservations } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { escapeHtml } from "@/lib/escape-html";
import { DEFAULT_LOCALE, isLocale } from "@/lib/i18n";
import { voucherOf } from "@/lib/meals/issue";
import { mealAmount, mealTime } from "@/lib/meals/words";
import { linkExpiry, passengerLink, signPassengerToken } from "@/lib/vouchers/link";
import { airlineName } from "./airline";
import { queueMessages } from "./queue";
import { addressesOf, type Recipient } from "./recipients";
import { smsText, textFor } from "./texts";

/**
 * The `meal/issued` subscriber: the passenger the voucher is for, by email and SMS, in their
 * language, with the code, the amount, where and until when to use it, and their passenger page
 * when their group has a stay (the page is a stay's link). Nothing for a voucher no longer ISSUED or
 * a passenger erased meanwhile. Once per voucher and channel (the outbox's key).
 */
export async function queueMealVoucherMessages(ctx: Ctx, mealVoucherUrn: string): Promise<number> {
  const v = await voucherOf(ctx, mealVoucherUrn);
  if (!v || v.status !== "ISSUED" || !v.code) return 0;
  const [p] = await ctx.db
    .select({ groupId: passengers.groupId, email: passengers.email, phone: passengers.phone, language: passengers.language, erasedAt: passengers.erasedAt })
    .from(passengers)
    .where(and(eq(passengers.caseUrn, v.caseUrn), eq(passengers.passengerId, v.passengerId)))
    .limit(1);
  if (!p || p.erasedAt) return 0;
  const locale = isLocale(p.language) ? p.language : DEFAULT_LOCALE;
  const { email, phone } = addressesOf(p);
  const recipients: Recipient[] = [...(email ? [{ channel: "EMAIL" as const, address: email, locale }] : []), ...(phone ? [{ channel: "SMS" as const, address: phone, locale }] : [])];
  if (recipients.length === 0) return 0;
  const [place] = await ctx.db.select({ iata: cases.airport, timeZone: airports.timeZone }).from(cases).leftJoin(airports, eq(airports.iata, cases.airport)).where(eq(cases.urn, v.caseUrn)).limit(1);
  const [stay] = await ctx.db
    .select({ urn: reservations.urn, checkOut: reservations.checkOut })
    .from(reservations)
    .where(and(eq(reservations.caseUrn, v.caseUrn), eq(reservations.groupId, p.groupId), inArray(reservations.status, ["CONFIRMED", "CHECKED_OUT"])))
    .orderBy(desc(reservations.createdAt))
    .limit(1);
  const link = stay ? passengerLink(signPassengerToken(stay.urn, linkExpiry(stay.checkOut))) : null;
  const airline = await airlineName(ctx, v.tenant);
  const validUntil = v.validUntil ?? new Date(v.owedFrom.getTime() + 6 * 3600_000);
  return queueMessages(ctx, {
    tenant: v.tenant,
    caseUrn: v.caseUrn,
    relatedUrn: v.urn,
    kind: "MEAL_VOUCHER",
    version: 1,
    recipients,
    template: "meal-voucher",
    payload: { code: v.code, amount: v.amount, currency: v.currency, validFrom: v.owedFrom.toISOString(), validUntil: validUntil.toISOString(), seq: v.seq },
    passengerLink: link,
    render: async (channel, loc) => {
      const values = {
        airline,
        code: v.code,
        amount: mealAmount(loc, v.amount, v.currency),
        validFrom: mealTime(loc, v.owedFrom, place?.timeZone),
        validUntil: mealTime(loc, validUntil, place?.timeZone),
        airport: place?.iata ?? "",
        link: link ?? "",
      };
      if (channel === "SMS") return { text: smsText(loc, "meal.sms", values).trimEnd() };
      const lines = [textFor(loc, "meal.body", values), ...(link ? [textFor(loc, "meal.link", values)] : []), airline];
      const html = `<!DOCTYPE html><html lang="${loc}"><body>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}<p style="font-size:24px;font-family:monospace">${escapeHtml(v.code!)}</p></body></html>`;
      return { subject: textFor(loc, "meal.subject", values), html, text: lines.join("\n\n") };
    },
  });
}

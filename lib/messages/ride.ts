import { and, eq, lt, sql } from "drizzle-orm";
import { airports, cases, messages, rideVouchers } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { escapeHtml } from "@/lib/escape-html";
import { capLabel, pickupLabel } from "@/lib/rides/words";
import { airlineName } from "./airline";
import { queueMessages } from "./queue";
import { recipientsOfGroup } from "./recipients";
import { smsText, textFor } from "./texts";

/**
 * The `ride/issued` subscriber: the group is told its taxi voucher (code, pickup in the airport's
 * local time, the cap, the provider's link) by email and SMS in each passenger's language. Once per
 * voucher and channel (the outbox's key); nothing for a voucher no longer ISSUED.
 *
 * Only news is told: a taxi issued while the passenger's flow decided the ride is printed on the
 * stay's voucher, whose messages follow in that flow (lib/messages/voucher.ts), so a separate
 * message would tell it twice. It is told here only when the stay's messages left before it with
 * the ride decided (a taxi replacing a shuttle later, a re-timed one), since a voucher that left
 * saying "your ride follows" gets the one follow-up with it instead.
 */
export async function queueRideMessages(ctx: Ctx, rideVoucherUrn: string): Promise<number> {
  const [row] = await ctx.db
    .select({ ride: rideVouchers, timeZone: airports.timeZone })
    .from(rideVouchers)
    .innerJoin(cases, eq(cases.urn, rideVouchers.caseUrn))
    .leftJoin(airports, eq(airports.iata, cases.airport))
    .where(and(eq(rideVouchers.urn, rideVoucherUrn), eq(rideVouchers.tenant, ctx.principal.tenant)))
    .limit(1);
  if (!row || row.ride.status !== "ISSUED") return 0;
  const ride = row.ride;
  const toldBefore = await ctx.db
    .select({ ride: sql<string | null>`${messages.payload}->>'ride'` })
    .from(messages)
    .where(and(eq(messages.tenant, ride.tenant), eq(messages.relatedUrn, ride.reservationUrn), lt(messages.createdAt, ride.issuedAt ?? new Date(0))));
  // nothing told yet (the flow's voucher carries it), or told "your ride follows" (the one follow-up carries it)
  if (!toldBefore.length || toldBefore.some((m) => m.ride === "PENDING")) return 0;
  const recipients = await recipientsOfGroup(ctx, ride.caseUrn, ride.groupId);
  const airline = await airlineName(ctx, ride.tenant);
  return queueMessages(ctx, {
    tenant: ride.tenant,
    caseUrn: ride.caseUrn,
    relatedUrn: ride.urn,
    kind: "RIDE_VOUCHER",
    version: 1,
    recipients,
    template: "ride-voucher",
    payload: { code: ride.code, direction: ride.direction, pickupAt: ride.pickupAt.toISOString(), maxAmount: ride.maxAmount, currency: ride.currency },
    render: async (channel, locale) => {
      const pickup = pickupLabel(ride.pickupAt, row.timeZone, locale);
      const cap = capLabel(ride.maxAmount, ride.currency, locale);
      const direction = textFor(locale, ride.direction === "AIRPORT_TO_HOTEL" ? "ride.toHotel" : "ride.toAirport", {});
      const line = textFor(locale, "ride.line", { direction, pickup, code: ride.code, rideLink: ride.link, cap });
      if (channel === "SMS") return { text: smsText(locale, "ride.sms", { airline, line }) };
      return { subject: textFor(locale, "ride.subject", {}), html: `<!DOCTYPE html><html lang="${locale}"><body><p>${escapeHtml(line)}</p><p>${escapeHtml(airline)}</p></body></html>`, text: `${line}\n\n${airline}` };
    },
  });
}

import { render } from "@react-email/render";
import { and, eq } from "drizzle-orm";
import { createElement } from "react";
import { capacityCalls, tenants } from "@/db/schema";
import CapacityCall, { CapacityCallProps, capacityCallSubject, capacityCallText } from "@/emails/capacity-call";
import { contractedHotelsAt } from "@/lib/capacity/hotels";
import { type Ctx, transaction } from "@/lib/context";
import { publicBaseUrl } from "@/lib/http/public-url";
import { queueMessages } from "./queue";

/** Where a hotel answers a call: the extranet page, which opens the call named in the query. */
export function capacityCallAnswerUrl(callUrn: string): string {
  return `${publicBaseUrl()}/extranet?call=${encodeURIComponent(callUrn)}`;
}

/**
 * The e-mails of a capacity call, one per hotel the call went to whose direct contract names a
 * reservations e-mail (`contact_email`; a hotel without one is reported unreachable on the call and
 * gets nothing). In English, about no case and no passenger. At most once per hotel address and
 * call (the outbox's key: related_urn is the call), so a redelivered `capacity/called` writes
 * nothing more. Answers how many were queued.
 */
export async function queueCapacityCallMessages(ctx: Ctx, input: { callUrn: string }): Promise<number> {
  return transaction(ctx, async (tx) => {
    const [call] = await tx.db
      .select()
      .from(capacityCalls)
      .where(and(eq(capacityCalls.urn, input.callUrn), eq(capacityCalls.tenant, ctx.principal.tenant)))
      .limit(1);
    if (!call) return 0;
    const [tenant] = await tx.db.select({ name: tenants.name }).from(tenants).where(eq(tenants.code, call.tenant)).limit(1);
    const contracted = await contractedHotelsAt(tx, call.airport);
    let queued = 0;
    for (const hotel of contracted) {
      if (!call.hotelUrns.includes(hotel.hotelUrn) || !hotel.contactEmail) continue;
      const props = CapacityCallProps.parse({
        airline: tenant?.name ?? call.tenant,
        hotel: hotel.hotelName,
        airport: call.airport,
        date: call.date,
        roomsShort: call.roomsShort,
        answerUrl: capacityCallAnswerUrl(call.urn),
      });
      queued += await queueMessages(tx, {
        tenant: call.tenant,
        caseUrn: null,
        relatedUrn: call.urn,
        kind: "CAPACITY_CALL",
        version: 1,
        recipients: [{ channel: "EMAIL", address: hotel.contactEmail.trim().toLowerCase(), locale: "en" }],
        template: "capacity-call",
        payload: { callUrn: call.urn, hotelUrn: hotel.hotelUrn, airport: call.airport, date: call.date },
        render: async () => ({ subject: capacityCallSubject(props), html: await render(createElement(CapacityCall, props)), text: capacityCallText(props) }),
      });
    }
    return queued;
  });
}

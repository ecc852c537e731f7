import { and, eq, sql } from "drizzle-orm";
import { POST as createDemandHandler } from "@/app/api/v1/demand/case/[caseUrn]/route";
import { POST as createPolicyHandler } from "@/app/api/v1/policies/route";
import { POST as generateReportHandler } from "@/app/api/v1/reports/route";
import { POST as createSegmentHandler } from "@/app/api/v1/transport/segments/route";
import { POST as subscribeHandler } from "@/app/api/v1/webhooks/subscriptions/route";
import type { Db } from "@/db/client";
import { allocationWaves, capacityCalls, directContracts, hotels, messages, reviewItems, users, webhookDeliveries } from "@/db/schema";
import { systemPrincipal } from "@/lib/auth/principal";
import { transaction } from "@/lib/context";
import { newUrn } from "@/lib/ids";
import { fanOut } from "@/lib/webhooks/fan-out";
import { createVoucher } from "@/lib/vouchers/create";
import { call, tokenFor } from "./api";
import { casePayload, createCase, pax } from "./cases";
import { insertDirectReservation } from "./reservations";
import { policyPayload } from "./policies";

export const TENANT = "AF";
export const OTHER_TENANT = "KL";

/**
 * One record of every kind an /api/v1 path names, all in tenant AF at CDG, on a case created by
 * the FEED client `feed-1`; beside it a CDG case of `feed-2`, an LHR case and a case in tenant KL
 * (so KL exists and a call in its name writes no tenant row). Made through the API where the
 * endpoint is cheap, as rows where it would need the jobs or a provider (wave, reservation,
 * delivery), like tests/helpers/reservations.ts.
 */
export type Records = {
  caseUrn: string;
  feed2CaseUrn: string;
  lhrCaseUrn: string;
  otherTenantCaseUrn: string;
  /** a group of the case with no reservation (split) and two more (merge) */
  groupId: string;
  mergeGroupIds: [string, string];
  bookedGroupId: string;
  policyUrn: string;
  demandUrn: string;
  itemUrn: string;
  waveUrn: string;
  /** a CDG hotel with a direct contract of AF, where the reservation is */
  hotelUrn: string;
  reservationUrn: string;
  segmentUrn: string;
  /** a subscription of an ADMIN of CDG, and one of an ADMIN of every airport */
  subscriptionUrn: string;
  allAirportsSubscriptionUrn: string;
  /** the CDG subscription's delivery of the review item's event */
  deliveryUrn: string;
  reportUrn: string;
  /** a console user of the tenant at CDG (an ADMIN ends its sessions) */
  userUrn: string;
  /** a FAILED voucher email of the case, which may be resent */
  messageUrn: string;
  /** a capacity call at CDG that went to the hotel */
  callUrn: string;
};

export async function makeRecords(db: Db): Promise<Records> {
  const supervisor = await tokenFor({ tenant: TENANT, roles: ["OPS_SUPERVISOR"], airports: ["*"] });
  const admin = await tokenFor({ tenant: TENANT, roles: ["ADMIN"], airports: ["*"] });
  const feed1 = await tokenFor({ tenant: TENANT, roles: ["FEED"], airports: ["CDG"], sub: "feed-1" });
  const feed2 = await tokenFor({ tenant: TENANT, roles: ["FEED"], airports: ["CDG"], sub: "feed-2" });
  const other = await tokenFor({ tenant: OTHER_TENANT, roles: ["ADMIN"], airports: ["*"] });

  const kase = await createCase(
    feed1,
    casePayload({
      passengerGroups: [
        { pnr: "BOOK01", passengers: [pax("B-1"), pax("B-2")] },
        // a business traveller with economy family: a MIXED_TIER_GROUP review item at intake
        { pnr: "FAM001", passengers: [pax("F-1", "BUSINESS"), pax("F-2"), pax("F-3")] },
        { pnr: "SOLO01", passengers: [pax("S-1")] },
        { pnr: "SOLO02", passengers: [pax("S-2")] },
      ],
    }),
  );
  const caseUrn: string = kase.urn;
  const feed2Case = await createCase(feed2);
  const lhrCase = await createCase(
    supervisor,
    casePayload({ flight: { number: "AF1680", origin: "LHR", destination: "CDG", scheduledDeparture: "2026-11-21T18:05:00Z", status: "CANCELLED" } }),
  );
  const otherCase = await createCase(other, casePayload({ flight: { number: "KL1234", origin: "CDG", destination: "AMS", scheduledDeparture: "2026-11-21T18:05:00Z", status: "CANCELLED" } }));

  const policy = await call(createPolicyHandler, "/policies", { token: supervisor, body: policyPayload({ autoApproveDemand: false }) });
  if (policy.status !== 201) throw new Error(`policy: ${policy.status} ${policy.text}`);
  const demand = await call(createDemandHandler, `/demand/case/${caseUrn}`, { token: supervisor, params: { caseUrn }, body: { type: "INITIAL", roomsRequested: 3 } });
  if (demand.status !== 201) throw new Error(`demand: ${demand.status} ${demand.text}`);
  const [item] = await db.select().from(reviewItems).where(and(eq(reviewItems.caseUrn, caseUrn), eq(reviewItems.category, "MIXED_TIER_GROUP")));

  const hotelUrn = newUrn("hotel");
  await db.insert(hotels).values({ urn: hotelUrn, name: "Hôtel du Terminal", address: "3 Rue de la Haye, 95700 Roissy", airport: "CDG", latitude: 49.0, longitude: 2.55, stars: 4 });
  // AF's direct contract there: the hotel's extranet routes reach it (KL has none: a KL hotel user gets 404)
  await db.insert(directContracts).values({ tenant: TENANT, hotelUrn, nightlyRate: 110, currency: "EUR", roomsTotal: 10, roomsAvailable: 10 });
  const waveUrn = newUrn("wave");
  await db.insert(allocationWaves).values({
    urn: waveUrn,
    tenant: TENANT,
    caseUrn,
    status: "COMPLETE",
    airport: "CDG",
    policies: [],
    // a complete allocation, as the engine writes it: the wave endpoints parse it on the way out
    allocations: [
      {
        groupId: "BOOK01",
        pnr: "BOOK01",
        tier: "ECONOMY",
        passengers: 2,
        rooms: 1,
        accessibleRooms: 0,
        hotelUrn,
        hotelName: "Hôtel du Terminal",
        provider: "DIRECT",
        providerOfferId: "offer-1",
        nightlyRate: { amount: 120, currency: "EUR" },
        total: { amount: 120, currency: "EUR" },
        score: 0.8,
        fallbacks: [],
        override: null,
      },
    ],
  });
  const reservationUrn = await insertDirectReservation(db, { tenant: TENANT, caseUrn, waveUrn, groupId: "BOOK01", hotelUrn });
  await transaction({ db, principal: systemPrincipal(TENANT, "test") }, (tx) => createVoucher(tx, reservationUrn));

  const segment = await call(createSegmentHandler, "/transport/segments", {
    token: supervisor,
    body: { reservationUrn, direction: "AIRPORT_TO_HOTEL", scheduledAt: "2026-11-21T19:00:00Z", vehicleType: "SHUTTLE" },
  });
  if (segment.status !== 201) throw new Error(`segment: ${segment.status} ${segment.text}`);

  // a subscription of an ADMIN of CDG (receives CDG's events) and one of an ADMIN of every airport
  const cdgAdmin = await tokenFor({ tenant: TENANT, roles: ["ADMIN"], airports: ["CDG"] });
  const subscribe = async (token: string, path: string) => {
    const res = await call(subscribeHandler, "/webhooks/subscriptions", { token, body: { url: `https://hooks.example.com/${path}`, events: ["review.created"] } });
    if (res.status !== 201) throw new Error(`subscription: ${res.status} ${res.text}`);
    return res.json.urn as string;
  };
  const subscriptionUrn = await subscribe(cdgAdmin, "cdg");
  const allAirportsSubscriptionUrn = await subscribe(admin, "all");
  // the review item's event fanned out as the job does: each delivery carries the case's airport
  await fanOut({ db, principal: systemPrincipal(TENANT, "webhooks") }, { type: "review.created", eventId: `records:${item.urn}`, occurredAt: new Date(), data: { reviewUrn: item.urn, caseUrn } });
  const [delivery] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.subscriptionUrn, subscriptionUrn));
  if (delivery?.airport !== "CDG") throw new Error(`delivery: ${JSON.stringify(delivery)}`);
  await db.update(webhookDeliveries).set({ status: "DELIVERED", attempts: 1 }).where(eq(webhookDeliveries.tenant, TENANT));
  const deliveryUrn = delivery.urn;

  // this week's report, so it has rows of CDG and LHR (the cases above)
  const report = await call(generateReportHandler, "/reports", { token: supervisor, body: { weekOf: new Date().toISOString().slice(0, 10) } });
  if (report.status !== 201 && report.status !== 200) throw new Error(`report: ${report.status} ${report.text}`);

  const messageUrn = newUrn("email");
  await db.insert(messages).values({ urn: messageUrn, tenant: TENANT, kind: "VOUCHER", recipient: "b-1@example.com", caseUrn, relatedUrn: reservationUrn, text: "voucher", status: "FAILED", lastError: "550 mailbox unavailable" });
  const userUrn = newUrn("user");
  await db.insert(users).values({ urn: userUrn, tenant: TENANT, email: `cdg-${userUrn.slice(-12)}@records.test`, name: "CDG operator", roles: ["AIRPORT_OPERATOR"], airports: ["CDG"] });
  const callUrn = newUrn("capacity");
  await db.insert(capacityCalls).values({ urn: callUrn, tenant: TENANT, airport: "CDG", date: "2026-11-21", reason: "records", roomsShort: 4, hotelUrns: [hotelUrn], createdBy: "records" });

  return {
    caseUrn,
    feed2CaseUrn: feed2Case.urn,
    lhrCaseUrn: lhrCase.urn,
    otherTenantCaseUrn: otherCase.urn,
    groupId: "FAM001",
    mergeGroupIds: ["SOLO01", "SOLO02"],
    bookedGroupId: "BOOK01",
    policyUrn: policy.json.urn,
    demandUrn: demand.json.urn,
    itemUrn: item.urn,
    waveUrn,
    hotelUrn,
    reservationUrn,
    segmentUrn: segment.json.urn,
    subscriptionUrn,
    allAirportsSubscriptionUrn,
    deliveryUrn,
    reportUrn: report.json.urn,
    userUrn,
    messageUrn,
    callUrn,
  };
}

/** Row counts of every table of the public schema: a refused request must leave them as they were. */
export async function tableCounter(db: Db): Promise<() => Promise<Record<string, number>>> {
  const r = (await db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`)) as {
    rows: { table_name: string }[];
  };
  const tables = r.rows.map((t) => t.table_name).filter((t) => !t.startsWith("__drizzle"));
  const query = sql.raw(`select ${tables.map((t) => `(select count(*)::int from "${t}") as "${t}"`).join(", ")}`);
  return async () => ((await db.execute(query)) as { rows: Record<string, number>[] }).rows[0];
}

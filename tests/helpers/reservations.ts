import type { Db } from "@/db/client";
import { allocationWaves, hotels, passengerGroups, reservations } from "@/db/schema";
import type { PaymentJson } from "@/db/schema/json";
import { newUrn } from "@/lib/ids";
import { eq, and } from "drizzle-orm";
import { casePayload, createCase, type GroupInput, pax } from "./cases";
import { activePolicy, type PolicyDraft } from "./policies";

export type ReservationFixture = {
  caseUrn: string;
  waveUrn: string;
  groupId: string;
  hotelUrn: string;
  reservationUrn: string;
  /** the passengers of the booked group as the manifest had them */
  group: GroupInput;
};

/**
 * A CONFIRMED reservation as the booking job leaves it, without running the job: a case created
 * through the API (CDG, so Europe/Paris), an ACTIVE economy policy with buffers, a wave that names
 * it, a hotel, and the reservation row of the case's first group. For voucher and notification
 * tests that must not depend on the booking job.
 */
export async function confirmedReservation(
  db: Db,
  opts: {
    token: string;
    tenant: string;
    group?: GroupInput;
    payment?: PaymentJson;
    /** the PSP's authorization id of a CARD reservation */
    paymentAuthorization?: string;
    buffers?: { earlyCheckInMinutes: number; lateCheckoutMinutes: number };
    mode?: "LIVE" | "DRILL";
    flight?: { origin: string };
    /** more fields of the case's ECONOMY policy (e.g. its reconfirmation section) */
    policy?: Partial<PolicyDraft>;
  },
): Promise<ReservationFixture> {
  const group: GroupInput = opts.group ?? {
    pnr: "VCHR01",
    passengers: [
      pax("VP-1", "ECONOMY", { firstName: "Amélie", lastName: "Dupont", email: "amelie@example.com", specialNeeds: ["WHEELCHAIR"] }),
      pax("VP-2", "ECONOMY", { firstName: "Jean", lastName: "Dupont", email: "jean@example.com", specialNeeds: ["CONNECTING_ROOMS"] }),
      pax("VP-3", "ECONOMY", { firstName: "Lou", lastName: "Dupont", email: null, specialNeeds: ["EARLY_CHECK_IN"] }),
    ],
  };
  const payload = casePayload({ passengerGroups: [group], ...(opts.mode ? { mode: opts.mode } : {}) });
  const kase = await createCase(opts.token, payload);
  const groupId: string = kase.passengerGroups[0].groupId;
  const policy = await activePolicy(db, opts.tenant, {
    name: `vouchers ${newUrn("policy").slice(-6)}`,
    tiers: ["ECONOMY"],
    context: { airport: "CDG" },
    buffers: opts.buffers ?? { earlyCheckInMinutes: 120, lateCheckoutMinutes: 90 },
    ...opts.policy,
  });
  const hotelUrn = newUrn("hotel");
  await db.insert(hotels).values({
    urn: hotelUrn,
    name: "Hôtel du Terminal",
    address: "3 Rue de la Haye, 95700 Roissy-en-France",
    phone: "+33 1 49 19 70 70",
    airport: "CDG",
    latitude: 49.0,
    longitude: 2.55,
    stars: 4,
  });
  const waveUrn = newUrn("wave");
  await db.insert(allocationWaves).values({
    urn: waveUrn,
    tenant: opts.tenant,
    caseUrn: kase.urn,
    status: "COMPLETE",
    airport: "CDG",
    policies: policy ? [{ tier: "ECONOMY", policyUrn: policy.urn, version: policy.version }] : [],
    allocations: [{ groupId, hotelUrn, hotelName: "Hôtel du Terminal" }],
  });
  const reservationUrn = newUrn("reservation");
  await db.insert(reservations).values({
    urn: reservationUrn,
    tenant: opts.tenant,
    caseUrn: kase.urn,
    waveUrn,
    groupId,
    hotelUrn,
    provider: "HOTELBEDS",
    providerOfferId: "offer-1",
    providerRef: "hb-77881200",
    confirmationCode: "HB-778812",
    hotelName: "Hôtel du Terminal",
    status: "CONFIRMED",
    rooms: 2,
    // the stay: from the cancelled departure (19:05 Paris) to the next flight (10:30 Paris)
    checkIn: new Date("2026-11-21T18:05:00Z"),
    checkOut: new Date("2026-11-22T09:30:00Z"),
    total: { amount: 238, currency: "EUR" },
    payment: opts.payment ?? { method: "GUARANTEE" },
    paymentAuthorization: opts.paymentAuthorization ?? null,
  });
  await db
    .update(passengerGroups)
    .set({ hotelUrn, reservationUrn })
    .where(and(eq(passengerGroups.caseUrn, kase.urn), eq(passengerGroups.groupId, groupId)));
  return { caseUrn: kase.urn, waveUrn, groupId, hotelUrn, reservationUrn, group };
}

/**
 * A DIRECT, CONFIRMED one-room reservation of one group (the cancelled AF departure's night at
 * CDG), linked from the group as the booking job links it: for tests that need a booked group and
 * no voucher details.
 */
export async function insertDirectReservation(db: Db, o: { tenant: string; caseUrn: string; waveUrn: string; groupId: string; hotelUrn: string }): Promise<string> {
  const urn = newUrn("reservation");
  await db.insert(reservations).values({
    urn,
    tenant: o.tenant,
    caseUrn: o.caseUrn,
    waveUrn: o.waveUrn,
    groupId: o.groupId,
    hotelUrn: o.hotelUrn,
    provider: "DIRECT",
    status: "CONFIRMED",
    rooms: 1,
    checkIn: new Date("2026-11-21T18:05:00Z"),
    checkOut: new Date("2026-11-22T09:30:00Z"),
    total: { amount: 120, currency: "EUR" },
    payment: { method: "GUARANTEE" },
  });
  await db.update(passengerGroups).set({ hotelUrn: o.hotelUrn, reservationUrn: urn }).where(and(eq(passengerGroups.caseUrn, o.caseUrn), eq(passengerGroups.groupId, o.groupId)));
  return urn;
}

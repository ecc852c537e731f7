import type { Db } from "@/db/client";
import { allocationWaves, hotels } from "@/db/schema";
import { passengerFlow } from "@/inngest/functions/passenger-flow";
import { recordFleetShortfall } from "@/inngest/functions/plan-transport";
import { newUrn } from "@/lib/ids";
import { createRunner } from "@/lib/jobs/runner";
import type { PolicyTransport } from "@/lib/policies/schemas";
import { casePayload, createCase, type GroupInput } from "@/tests/helpers/cases";
import { activePolicy } from "@/tests/helpers/policies";
import { insertDirectReservation } from "@/tests/helpers/reservations";
import type { z } from "zod";
import { enqueue } from "../jobs/helpers";

/**
 * A case created through the API (CDG), an ACTIVE policy with the given transport for its tiers,
 * a hotel near CDG, a wave naming it, and one CONFIRMED reservation row per group (as the booking
 * job leaves them; the booking itself is another test's business).
 */
export async function confirmedCase(db: Db, o: { token: string; tenant: string; groups: GroupInput[]; transport?: Partial<z.input<typeof PolicyTransport>>; tiers?: ("FIRST" | "BUSINESS" | "PREMIUM_ECONOMY" | "ECONOMY" | "CREW")[] }) {
  const kase = await createCase(o.token, casePayload({ passengerGroups: o.groups }));
  await activePolicy(db, o.tenant, { name: `transport ${newUrn("policy").slice(-8)}`, tiers: o.tiers ?? ["ECONOMY", "BUSINESS"], context: { airport: "CDG" }, transport: o.transport ?? {} });
  const hotelUrn = newUrn("hotel");
  await db.insert(hotels).values({ urn: hotelUrn, name: "Hôtel du Terminal", address: "3 Rue de la Haye, 95700 Roissy", airport: "CDG", latitude: 49.0, longitude: 2.55, stars: 4 });
  const waveUrn = newUrn("wave");
  const groupIds: string[] = kase.passengerGroups.map((g: { groupId: string }) => g.groupId);
  await db.insert(allocationWaves).values({ urn: waveUrn, tenant: o.tenant, caseUrn: kase.urn, status: "COMPLETE", airport: "CDG", policies: [], allocations: groupIds.map((groupId) => ({ groupId, hotelUrn, hotelName: "Hôtel du Terminal" })) });
  const reservationUrns: string[] = [];
  for (const groupId of groupIds) {
    const urn = await insertDirectReservation(db, { tenant: o.tenant, caseUrn: kase.urn, waveUrn, groupId, hotelUrn });
    reservationUrns.push(urn);
  }
  return { caseUrn: kase.urn as string, hotelUrn, waveUrn, groupIds, reservationUrns };
}

/** Emits stays/confirmed for each reservation, as the booking job does for one stay, and runs the transport job. */
export async function confirmAndPlan(db: Db, tenant: string, caseUrn: string, reservationUrns: string[]) {
  for (const reservationUrn of reservationUrns) await enqueue(db, "stays/confirmed", { tenant, caseUrn, reservationUrns: [reservationUrn] });
  const runner = createRunner({ db, jobs: [passengerFlow, recordFleetShortfall], retryBaseMs: 1 });
  return runner.tick();
}

import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { allocationWaves, auditEntries, capacityCalls, directContracts, hotels, messages, passengers } from "@/db/schema";
import { capacityCallJobs } from "@/inngest/functions/capacity-calls";
import { systemPrincipal } from "@/lib/auth/principal";
import { callHotelsOnShortWave } from "@/lib/capacity/policy-call";
import { type Ctx, transaction } from "@/lib/context";
import { emit } from "@/lib/events";
import { newUrn } from "@/lib/ids";
import { createRunner } from "@/lib/jobs/runner";
import { apiTestDatabase } from "../../helpers/api";
import { createCase, roleToken } from "../../helpers/cases";
import { uniqueTenant } from "../../helpers/factories";
import { activePolicy } from "../../helpers/policies";

/**
 * The policy's capacity call: a wave that leaves groups held for want of rooms calls the
 * contracted hotels once the airport's open cases are `capacityCall.whenShortByRooms` rooms short,
 * once per airport and night however many waves settle at the same moment.
 */
const database = apiTestDatabase({ airports: true });
const tenant = uniqueTenant();
const sys = (): Ctx => ({ db: database.db, principal: systemPrincipal(tenant, "capacity-call") });
let ops: string;

/** A live case at CDG whose economy group a wave held (cause, rooms), its passengers HELD. */
async function shortCase(cause: string, rooms: number): Promise<{ caseUrn: string; waveUrn: string }> {
  const kase = await createCase(ops);
  const [group] = await database.db.select({ groupId: passengers.groupId }).from(passengers).where(and(eq(passengers.caseUrn, kase.urn), eq(passengers.tier, "ECONOMY"))).limit(1);
  const waveUrn = newUrn("wave");
  await database.db.insert(allocationWaves).values({
    urn: waveUrn,
    tenant,
    caseUrn: kase.urn,
    status: "PARTIAL",
    airport: "CDG",
    held: [{ groupId: group.groupId, pnr: group.groupId, tier: "ECONOMY", rooms, cause, constraint: null, detail: "compliant hotels are full", suggestions: [], reviewUrn: null }],
  });
  await database.db.update(passengers).set({ operationalStatus: "HELD" }).where(and(eq(passengers.caseUrn, kase.urn), eq(passengers.groupId, group.groupId)));
  return { caseUrn: kase.urn, waveUrn };
}

beforeAll(async () => {
  ops = await roleToken(tenant, "OPS_SUPERVISOR");
  await activePolicy(database.db, tenant, { capacityCall: { whenShortByRooms: 3 } });
  const hotelUrn = newUrn("hotel");
  await database.db.insert(hotels).values({ urn: hotelUrn, name: "Ibis CDG", address: "Roissy", airport: "CDG", latitude: 49, longitude: 2.55, stars: 3 });
  await database.db.insert(directContracts).values({ tenant, hotelUrn, nightlyRate: 99, currency: "EUR", roomsTotal: 10, roomsAvailable: 0, contactEmail: "desk@ibis.example.test" });
});

describe("the policy threshold capacityCall.whenShortByRooms", () => {
  it("calls nobody under the threshold, nor for groups more rooms would not place", async () => {
    const policyHeld = await shortCase("NO_POLICY", 9);
    expect(await callHotelsOnShortWave(sys(), policyHeld)).toMatchObject({ callUrn: null });
    const first = await shortCase("CAPACITY", 2);
    expect(await callHotelsOnShortWave(sys(), first)).toMatchObject({ callUrn: null, roomsShort: 2, threshold: 3 });
    expect(await database.db.select().from(capacityCalls).where(eq(capacityCalls.tenant, tenant))).toEqual([]);
  });

  it("sends one call when twenty waves reach it at once, and its e-mail through the job", async () => {
    const second = await shortCase("NO_ACCESSIBLE_ROOM", 1);
    const third = await shortCase("CAPACITY", 1);
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => callHotelsOnShortWave(sys(), i % 2 ? second : third)));
    const called = outcomes.filter((o) => o.callUrn);
    expect(called).toHaveLength(1);
    expect(outcomes.every((o) => o.roomsShort === 4 && o.threshold === 3)).toBe(true);
    const calls = await database.db.select().from(capacityCalls).where(eq(capacityCalls.tenant, tenant));
    expect(calls.map((c) => [c.urn, c.airport, c.roomsShort, c.createdBy])).toEqual([[called[0].callUrn, "CDG", 4, "system:capacity-call"]]);
    expect(await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, calls[0].urn), eq(auditEntries.action, "call")))).toHaveLength(1);

    // through the jobs: another wave persisted calls no more; the one call's e-mail is written once
    await transaction(sys(), (tx) => emit(tx, "allocation/wave.persisted", { tenant, ...second }));
    await createRunner({ db: database.db, jobs: capacityCallJobs, retryBaseMs: 1 }).tick();
    expect(await database.db.select().from(capacityCalls).where(eq(capacityCalls.tenant, tenant))).toHaveLength(1);
    const mail = await database.db.select().from(messages).where(eq(messages.relatedUrn, calls[0].urn));
    expect(mail.map((m) => [m.kind, m.recipient])).toEqual([["CAPACITY_CALL", "desk@ibis.example.test"]]);
  });
});

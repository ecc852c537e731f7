import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { POST as cancelHandler } from "@/app/api/v1/booking/reservations/[reservationUrn]/cancel/route";
import { GET as getDemandHandler } from "@/app/api/v1/demand/[demandUrn]/route";
import { GET as summaryHandler } from "@/app/api/v1/demand/case/[caseUrn]/summary/route";
import { GET as getCaseHandler } from "@/app/api/v1/cases/[caseUrn]/route";
import { closePool } from "@/lib/pool";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { casePayload, pax } from "@/tests/helpers/cases";
import { sandboxProviders } from "@/tests/helpers/providers";
import { allocate, approvedCase, bookingRunner, bookingTenant, reservationsOf, steerAll, waveOf } from "../booking/helpers";

const database = apiTestDatabase({ airports: true });
const sandboxes = sandboxProviders();
afterAll(() => closePool());
beforeEach(() => sandboxes.reset());

const summary = async (token: string, caseUrn: string) => (await call(summaryHandler, `/demand/case/${caseUrn}/summary`, { token, params: { caseUrn } })).json;
const demand = async (token: string, demandUrn: string) => (await call(getDemandHandler, `/demand/${demandUrn}`, { token, params: { demandUrn } })).json;
const caseDemand = async (token: string, caseUrn: string) => (await call(getCaseHandler, `/cases/${caseUrn}`, { token, params: { caseUrn } })).json.demands[0];

/** Through the API and the real jobs: a case, its demand approved, the wave persisted and booked at Hotelbeds' sandbox. */
async function bookedCase(payload = casePayload()) {
  const { tenant, token } = await bookingTenant(database.db);
  const { caseUrn, demandUrn } = await approvedCase(token, payload);
  await allocate(database.db);
  await steerAll(database.db, tenant, caseUrn, "HOTELBEDS");
  await bookingRunner(database.db).tick();
  return { token, caseUrn, demandUrn, wave: await waveOf(database.db, caseUrn) };
}

describe("demand totals: rooms allocated and booked follow the waves and reservations", () => {
  it("a wave that placed and booked every group: allocated = booked = the rooms placed, on the summary, the demand and the case record", async () => {
    const { token, caseUrn, demandUrn, wave } = await bookedCase();
    const placed = wave.allocations.reduce((n, a) => n + a.rooms, 0);
    expect(placed).toBeGreaterThan(0);
    const booked = await reservationsOf(database.db, caseUrn, "CONFIRMED");
    expect(booked).toHaveLength(wave.allocations.length);

    expect(await summary(token, caseUrn)).toMatchObject({ totalAllocated: placed, totalBooked: placed, shortfall: 0 });
    expect(await demand(token, demandUrn)).toMatchObject({ roomsAllocated: placed, roomsBooked: placed });
    expect(await caseDemand(token, caseUrn)).toMatchObject({ roomsAllocated: placed, roomsBooked: placed });
  });

  it("a partly held case: the held group counts in neither; placed groups are allocated before they are booked", async () => {
    const payload = casePayload();
    // a group whose passengers span two tiers is held (MIXED_TIER_GROUP), never placed
    payload.passengerGroups.push({ pnr: `MIX${Date.now()}`, passengers: [pax(`M${Date.now()}-1`), pax(`M${Date.now()}-2`, "FIRST")] });
    const { tenant, token } = await bookingTenant(database.db);
    const { caseUrn, demandUrn } = await approvedCase(token, payload);
    await allocate(database.db);
    const wave = await waveOf(database.db, caseUrn);
    expect((wave.held as unknown[]).length).toBe(1);
    const placed = wave.allocations.reduce((n, a) => n + a.rooms, 0);

    // persisted, not booked yet: allocated, nothing booked
    expect(await demand(token, demandUrn)).toMatchObject({ roomsAllocated: placed, roomsBooked: 0 });
    await steerAll(database.db, tenant, caseUrn, "HOTELBEDS");
    await bookingRunner(database.db).tick();
    const s = await summary(token, caseUrn);
    expect(s).toMatchObject({ totalAllocated: placed, totalBooked: placed });
    expect(s.totalRequested).toBeGreaterThan(placed);
    expect(s.shortfallReasons.map((r: { category: string }) => r.category)).toContain("MIXED_TIER_GROUP");
  });

  it("a cancelled reservation releases its rooms: neither allocated nor booked any more", async () => {
    const { token, caseUrn, demandUrn, wave } = await bookedCase();
    const placed = wave.allocations.reduce((n, a) => n + a.rooms, 0);
    const [victim] = await reservationsOf(database.db, caseUrn, "CONFIRMED");
    const res = await call(cancelHandler, `/booking/reservations/${victim.urn}/cancel`, { token, params: { reservationUrn: victim.urn }, body: { reason: "passengers left by train" } });
    expect(res.status, res.text).toBe(200);

    expect(await summary(token, caseUrn)).toMatchObject({ totalAllocated: placed - victim.rooms, totalBooked: placed - victim.rooms });
    expect(await demand(token, demandUrn)).toMatchObject({ roomsAllocated: placed - victim.rooms, roomsBooked: placed - victim.rooms });
  });
});

import { and, eq, inArray } from "drizzle-orm";
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { fleetShortfalls, reviewItems, rideVouchers, transportSegments } from "@/db/schema";
import { systemPrincipal } from "@/lib/auth/principal";
import { getBoard } from "@/lib/board/get-board";
import { newUrn } from "@/lib/ids";
import { closePool } from "@/lib/pool";
import { apiTestDatabase } from "@/tests/helpers/api";
import { pax, roleToken } from "@/tests/helpers/cases";
import { uniqueTenant } from "@/tests/helpers/factories";
import { sandboxFleet } from "@/tests/helpers/fleet";
import { FleetShortfallRows } from "@/components/board/fleet-shortfall";
import { confirmAndPlan, confirmedCase } from "./helpers";

const database = apiTestDatabase({ airports: true });
const fleet = sandboxFleet();
afterAll(() => closePool());
beforeEach(() => fleet.reset());

const economy = (pnr: string, n: number) => ({ pnr, passengers: Array.from({ length: n }, (_, i) => pax(`${pnr}-${i + 1}`)) });

/** three cases at CDG the same night, each with two economy groups (one shuttle each way), planned one after the other */
async function threeCasesPlanned(tenant: string) {
  const token = await roleToken(tenant, "OPS_SUPERVISOR");
  const cases = [];
  for (const [i, size] of [3, 2, 4].entries()) {
    const fx = await confirmedCase(database.db, { token, tenant, groups: [economy(`S${i}A`, size), economy(`S${i}B`, 1)] });
    await confirmAndPlan(database.db, tenant, fx.caseUrn, fx.reservationUrns);
    cases.push(fx);
  }
  return cases;
}

const openItems = (tenant: string) =>
  database.db
    .select()
    .from(reviewItems)
    .where(and(eq(reviewItems.tenant, tenant), eq(reviewItems.category, "TRANSPORT_UNASSIGNED"), inArray(reviewItems.state, ["OPEN", "CLAIMED"])));

describe("a fleet shortfall is one decision per airport and night", () => {
  it("three cases whose rides the fleet refuses: one open item with the numbers and every case's rides; the fleet asked for more once", async () => {
    const tenant = uniqueTenant();
    await fleet.admin("/__sandbox/fleet", { airport: "CDG", vehicles: { SHUTTLE: 0 } });
    await fleet.admin("/__sandbox/faults", { capacity: "none" });
    const cases = await threeCasesPlanned(tenant);

    const segments = await database.db.select().from(transportSegments).where(inArray(transportSegments.caseUrn, cases.map((c) => c.caseUrn)));
    // per case: one shuttle each way carrying both groups (capacity 20)
    expect(segments).toHaveLength(6);
    expect(segments.every((s) => s.status === "PLANNED" && s.fleetRefusal?.startsWith("no_vehicle"))).toBe(true);

    const items = await openItems(tenant);
    expect(items).toHaveLength(1);
    const [item] = items;
    // the first case of the night holds it; its groups are that case's, its reservations every ride's
    expect(item.caseUrn).toBe(cases[0].caseUrn);
    expect(item.affectedGroups).toEqual([...cases[0].groupIds].sort());
    expect(item.reservationUrns).toEqual(cases.flatMap((c) => c.reservationUrns).sort());
    const detail = item.detail ?? "";
    // 6 rides; riders: (3+1)+(2+1)+(4+1) = 12 each way
    expect(detail).toContain("Fleet short at CDG, night of 2026-11-21: 6 rides (24 seats) without a vehicle — SHUTTLE 6 rides (24 seats), over 3 cases; 0 rides replaced by taxi vouchers");
    expect(detail).toMatch(/Asked the fleet for 2 more SHUTTLE \(vehicles, [^)]+\): granted none/);
    for (const s of segments) expect(detail.split(s.urn).length - 1, s.urn).toBe(1);
    // every case with its count: 4, 3 and 5 riders each way
    for (const [i, seats] of [8, 6, 10].entries()) expect(detail).toContain(`- AF1234 ${cases[i].caseUrn}: 2 rides (${seats} seats)`);

    // once per airport, night and vehicle type, though six rides were refused
    expect(fleet.capacityRequests()).toHaveLength(1);
    expect(fleet.capacityRequests()[0]).toMatchObject({ airport: "CDG", vehicleType: "SHUTTLE", requested: 2, granted: 0 });
    const [shortfall] = await database.db.select().from(fleetShortfalls).where(eq(fleetShortfalls.tenant, tenant));
    expect(shortfall).toMatchObject({ airport: "CDG", night: "2026-11-21", mode: "LIVE", reviewItemUrn: item.urn, caseUrns: cases.map((c) => c.caseUrn) });

    // planned again (a redelivered event): nothing new, still one item, no second capacity request
    await confirmAndPlan(database.db, tenant, cases[1].caseUrn, cases[1].reservationUrns);
    expect(await openItems(tenant)).toHaveLength(1);
    expect(fleet.capacityRequests()).toHaveLength(1);
  });

  it("the board shows the shortfall with its numbers, the taxis that replaced rides and its review item", async () => {
    const tenant = uniqueTenant();
    await fleet.admin("/__sandbox/fleet", { airport: "CDG", vehicles: { SHUTTLE: 0 } });
    await fleet.admin("/__sandbox/faults", { capacity: "none" });
    const cases = await threeCasesPlanned(tenant);
    // a taxi voucher replaced case 2's ride to the hotel (lib/rides cancels the ride it replaces)
    const [ride] = await database.db.select().from(transportSegments).where(and(eq(transportSegments.caseUrn, cases[2].caseUrn), eq(transportSegments.direction, "AIRPORT_TO_HOTEL")));
    for (const [i, reservationUrn] of ride.reservationUrns.entries()) {
      await database.db.insert(rideVouchers).values({
        urn: newUrn("ride"),
        tenant,
        caseUrn: ride.caseUrn,
        groupId: ride.passengers.find((p) => p.reservationUrn === reservationUrn)!.groupId,
        reservationUrn,
        direction: "AIRPORT_TO_HOTEL",
        reason: "FLEET_UNAVAILABLE",
        pickupAt: ride.scheduledAt,
        passengers: i + 1,
        maxAmount: 60,
        currency: "EUR",
        status: "ISSUED",
        segmentUrn: ride.urn,
      });
    }
    await database.db.update(transportSegments).set({ status: "CANCELLED", cancellationReason: "replaced by taxi vouchers" }).where(eq(transportSegments.urn, ride.urn));

    const board = await getBoard({ ctx: { db: database.db, principal: systemPrincipal(tenant, "test") }, input: { airport: "CDG" } });
    expect(board.fleetShortfalls).toEqual([
      {
        night: "2026-11-21",
        tonight: false,
        rides: 5,
        seats: 19,
        byType: [{ vehicleType: "SHUTTLE", rides: 5, seats: 19 }],
        taxi: { rides: 1, vouchers: 2 },
        capacity: [{ vehicleType: "SHUTTLE", asked: 2, granted: 0 }],
        cases: 3,
        reviewItemUrn: (await openItems(tenant))[0].urn,
        openItems: 1,
      },
    ]);
    // the board page's line, from the same read model
    const html = renderToStaticMarkup(h(FleetShortfallRows, { shortfalls: board.fleetShortfalls }));
    expect(html.replace(/<!-- -->/g, "")).toContain("Fleet short: 5 rides (19 seats) without a vehicle the night of 2026-11-21");
    expect(html).toContain(`href="/review/${encodeURIComponent(board.fleetShortfalls![0].reviewItemUrn!)}"`);
    expect(html.replace(/<!-- -->/g, "")).toContain("1 review item<");
    expect(html.replace(/<!-- -->/g, "")).toContain("shuttle: 5 rides (19 seats) · 1 ride replaced by taxi vouchers (2 vouchers) · fleet asked for 2 more shuttle: none granted · 3 cases");
    expect(renderToStaticMarkup(h(FleetShortfallRows, { shortfalls: [] }))).toBe("");
  });

  it("a fleet that can add vehicles is asked once and the refused rides get them: no review item", async () => {
    const tenant = uniqueTenant();
    await fleet.admin("/__sandbox/fleet", { airport: "CDG", vehicles: { SHUTTLE: 0 }, spare: { SHUTTLE: 2 } });
    const token = await roleToken(tenant, "OPS_SUPERVISOR");
    const fx = await confirmedCase(database.db, { token, tenant, groups: [economy("G1", 2)] });
    await confirmAndPlan(database.db, tenant, fx.caseUrn, fx.reservationUrns);
    const segments = await database.db.select().from(transportSegments).where(eq(transportSegments.caseUrn, fx.caseUrn));
    expect(segments.map((s) => s.status)).toEqual(["ASSIGNED", "ASSIGNED"]);
    expect(fleet.capacityRequests()).toEqual([expect.objectContaining({ vehicleType: "SHUTTLE", requested: 2, granted: 2 })]);
    expect(await openItems(tenant)).toHaveLength(0);
  });

  it("a resolved item stays resolved: the next refusal that night opens one new item, still one open", async () => {
    const tenant = uniqueTenant();
    await fleet.admin("/__sandbox/fleet", { airport: "CDG", vehicles: { SHUTTLE: 0 } });
    const token = await roleToken(tenant, "OPS_SUPERVISOR");
    const first = await confirmedCase(database.db, { token, tenant, groups: [economy("R1", 2)] });
    await confirmAndPlan(database.db, tenant, first.caseUrn, first.reservationUrns);
    const [item] = await openItems(tenant);
    await database.db.update(reviewItems).set({ state: "RESOLVED", resolution: "buses hired", resolvedAt: new Date() }).where(eq(reviewItems.urn, item.urn));
    const second = await confirmedCase(database.db, { token, tenant, groups: [economy("R2", 3)] });
    await confirmAndPlan(database.db, tenant, second.caseUrn, second.reservationUrns);
    const open = await openItems(tenant);
    expect(open).toHaveLength(1);
    expect(open[0].urn).not.toBe(item.urn);
    // it belongs to the night's first case and counts every ride still short, the first case's too
    expect(open[0].caseUrn).toBe(first.caseUrn);
    expect(open[0].detail).toContain("4 rides (10 seats) without a vehicle");
    expect((await database.db.select().from(reviewItems).where(eq(reviewItems.urn, item.urn)))[0].state).toBe("RESOLVED");
  });
});

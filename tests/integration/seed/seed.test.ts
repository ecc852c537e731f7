import { and, eq, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { airports, auditEntries, cases, demands, passengers, policies, reviewItems, users } from "@/db/schema";
import { seed } from "@/db/seed";
import { seedDemoCases } from "@/db/seed/cases";
import { seedDemoPolicies } from "@/db/seed/policies";
import { DEMO_TENANT } from "@/db/seed/users";
import { getCase } from "@/lib/cases/get";
import { systemPrincipal } from "@/lib/auth/principal";
import { localDate } from "@/lib/cases/stay";
import { testDatabase } from "../../helpers/db";
import { uniqueTenant } from "../../helpers/factories";

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(async () => {
  await database.close();
});

async function count(table: PgTable, where?: SQL): Promise<number> {
  const [{ n }] = await database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(table).where(where);
  return n;
}

async function counts() {
  return {
    airports: await count(airports),
    users: await count(users, eq(users.tenant, DEMO_TENANT.code)),
    policies: await count(policies, eq(policies.tenant, DEMO_TENANT.code)),
    cases: await count(cases, eq(cases.tenant, DEMO_TENANT.code)),
    passengers: await count(passengers, eq(passengers.tenant, DEMO_TENANT.code)),
    demands: await count(demands, eq(demands.tenant, DEMO_TENANT.code)),
    reviewItems: await count(reviewItems, eq(reviewItems.tenant, DEMO_TENANT.code)),
    audit: await count(auditEntries, eq(auditEntries.tenant, DEMO_TENANT.code)),
  };
}

describe("seed", () => {
  it("fills an empty database once: airports, demo users, policies and three cases; a second run changes nothing", async () => {
    await seed(database.db, { demo: true });
    const first = await counts();
    expect(first.airports).toBeGreaterThan(10_000);
    // one per console role, and the hotel@demo.test extranet user at the first CDG contract
    expect(first.users).toBe(5);
    expect(first.policies).toBe(12 * 3 + 5);
    expect(first.cases).toBe(3);
    expect(first.passengers).toBeGreaterThanOrEqual(55);
    expect(first.passengers).toBeLessThanOrEqual(70);
    expect(first.demands).toBe(2);

    await seed(database.db, { demo: true });
    expect(await counts()).toEqual(first);
  });

  it("makes realistic demo cases: tonight's cancellations, a mixed-tier item, an automatic and a waiting demand, a drill", async () => {
    const ctx = { db: database.db, principal: systemPrincipal(DEMO_TENANT.code, "test") };
    const rows = await database.db.select().from(cases).where(eq(cases.tenant, DEMO_TENANT.code));
    const byFlight = new Map(rows.map((r) => [r.flight.number, r]));
    expect([...byFlight.keys()].sort()).toEqual(["AF1234", "AF1680", "AF7700"]);

    const af1234 = await getCase({ ctx, input: { caseUrn: byFlight.get("AF1234")!.urn } });
    expect(af1234).toMatchObject({ externalEventId: "demo-AF1234", mode: "LIVE", airport: "CDG", status: "OPEN", flight: { origin: "CDG", destination: "JFK", status: "CANCELLED" } });
    expect(af1234.passengerGroups).toHaveLength(12);
    expect(af1234.stay).toMatchObject({ nights: 1, overnight: true, timeZone: "Europe/Paris" });
    // "tonight": the evening at the airport
    const hour = Number(new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Paris", hour: "2-digit", hourCycle: "h23" }).format(new Date(af1234.flight.scheduledDeparture)));
    expect(hour).toBeGreaterThanOrEqual(18);
    expect(af1234.passengerGroups.find((g) => g.groupId === "CREW-AF1234")).toMatchObject({ tier: "CREW", rooms: 4 });
    expect(af1234.passengerGroups.flatMap((g) => g.passengers).some((p) => p.specialNeeds.includes("WHEELCHAIR"))).toBe(true);
    expect(af1234.manualReviewItems).toEqual([expect.objectContaining({ category: "MIXED_TIER_GROUP", affectedGroups: ["M6V2CH"], state: "OPEN" })]);
    expect(af1234.demands).toEqual([expect.objectContaining({ type: "INITIAL", status: "APPROVED", automatic: true, roomsRequested: af1234.roomsNeeded })]);

    const af1680 = await getCase({ ctx, input: { caseUrn: byFlight.get("AF1680")!.urn } });
    expect(af1680).toMatchObject({ airport: "LHR", flight: { destination: "CDG" }, nextFlight: { number: "AF1581" }, stay: { overnight: true, timeZone: "Europe/London" } });
    expect(af1680.passengerGroups).toHaveLength(6);
    expect(localDate(af1680.nextFlight!.scheduledDeparture, "Europe/London")).not.toBe(localDate(af1680.flight.scheduledDeparture, "Europe/London"));
    expect(af1680.demands).toEqual([expect.objectContaining({ type: "INITIAL", status: "REQUESTED", automatic: false, roomsRequested: 400 })]);
    expect(af1680.manualReviewItems).toEqual([]);

    const drill = await getCase({ ctx, input: { caseUrn: byFlight.get("AF7700")!.urn } });
    expect(drill).toMatchObject({ mode: "DRILL", airport: "CDG", flight: { destination: "NCE" }, demands: [] });

    // every passenger is complete: the seed raises no DATA_INCOMPLETE
    const items = await database.db.select().from(reviewItems).where(and(eq(reviewItems.tenant, DEMO_TENANT.code), eq(reviewItems.category, "DATA_INCOMPLETE")));
    expect(items).toHaveLength(0);
  });

  it("puts tonight's flights on the evening before when seeded in the small hours", async () => {
    const tenant = uniqueTenant();
    await seedDemoPolicies(database.db, tenant);
    // 02:30 in Paris on 22 November: tonight is the evening of the 21st
    expect(await seedDemoCases(database.db, tenant, new Date("2026-11-22T01:30:00Z"))).toBe(3);
    expect(await seedDemoCases(database.db, tenant, new Date("2026-11-22T01:30:00Z"))).toBe(0);
    const [af1234] = await database.db.select().from(cases).where(and(eq(cases.tenant, tenant), eq(cases.externalEventId, "demo-AF1234")));
    expect(af1234.flight.scheduledDeparture).toBe("2026-11-21T19:45:00Z");
    expect(af1234.nextFlight).toEqual({ number: "AF1236", scheduledDeparture: "2026-11-22T09:30:00Z" });
    const [af1680] = await database.db.select().from(cases).where(and(eq(cases.tenant, tenant), eq(cases.externalEventId, "demo-AF1680")));
    expect(af1680.flight.scheduledDeparture).toBe("2026-11-21T19:50:00Z");
    expect(af1680.nextFlight?.scheduledDeparture).toBe("2026-11-22T07:15:00Z");
  });
});

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, openDatabase, type Database } from "@/db/client";
import { cases, passengers, reservations } from "@/db/schema";
import { freshPostgresDatabase } from "../../helpers/db";

/**
 * The typed-schema migration adds foreign keys and CHECKs to tables that already hold data (the
 * seeded demo database, a running deployment). This applies the first migration alone, writes a
 * case with everything that hangs off it as the first release wrote it, then applies the rest.
 */

const MIGRATIONS = path.join(process.cwd(), "db", "migrations");
const CASE = "urn:svc:case:01a20000-0000-7000-8000-000000000001";
const WAVE = "urn:svc:wave:01a20000-0000-7000-8000-000000000002";
const DEMAND = "urn:svc:demand:01a20000-0000-7000-8000-000000000003";
const RESERVATION = "urn:svc:reservation:01a20000-0000-7000-8000-000000000004";

let database: Database;
let drop = async () => {};
let firstOnly: string;

/** A migrations folder holding only 0000, the schema the first release created. */
function firstMigrationFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "das-migrations-"));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, "meta", "_journal.json"), "utf8"));
  const first = journal.entries[0];
  fs.mkdirSync(path.join(dir, "meta"));
  fs.writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify({ ...journal, entries: [first] }));
  fs.copyFileSync(path.join(MIGRATIONS, `${first.tag}.sql`), path.join(dir, `${first.tag}.sql`));
  return dir;
}

async function applyFolder(db: Database, migrationsFolder: string) {
  const run =
    db.driver === "pglite" ? (await import("drizzle-orm/pglite/migrator")).migrate : (await import("drizzle-orm/node-postgres/migrator")).migrate;
  await run(db.db as never, { migrationsFolder });
}

beforeAll(async () => {
  const server = process.env.TEST_DATABASE_URL;
  if (server) {
    const fresh = await freshPostgresDatabase(server);
    database = await openDatabase(fresh.url);
    drop = fresh.drop;
  } else {
    database = await openDatabase("memory://");
  }
  firstOnly = firstMigrationFolder();
  await applyFolder(database, firstOnly);
});

afterAll(async () => {
  await database?.close();
  await drop();
  if (firstOnly) fs.rmSync(firstOnly, { recursive: true, force: true });
});

describe("migrations over existing data", () => {
  it("keeps every row written under the first schema and then enforces the new constraints", async () => {
    const { db } = database;
    const flight = JSON.stringify({ number: "AF1234", origin: "CDG", destination: "JFK", scheduledDeparture: "2026-11-21T18:05:00Z", status: "CANCELLED" });
    await db.execute(sql`insert into tenants (code, urn, name, settings) values ('AF', 'urn:svc:tenant:af', 'Demo', '{"slaMinutes":{"HIGH":30}}')`);
    await db.execute(sql`insert into cases (urn, tenant, external_event_id, mode, airport, airline, flight, next_flight, status, created_by)
      values (${CASE}, 'AF', 'evt-1', 'LIVE', 'CDG', 'AF', ${flight}::jsonb, '{"number":"AF1236","scheduledDeparture":"2026-11-22T09:30:00Z"}'::jsonb, 'BOOKING', 'system:seed')`);
    await db.execute(sql`insert into passenger_groups (case_urn, group_id, tenant, pnr, tier, rooms, position)
      values (${CASE}, 'K7M2QA', 'AF', 'K7M2QA', 'ECONOMY', 1, 0), (${CASE}, 'M6V2CH', 'AF', 'M6V2CH', null, 2, 1)`);
    await db.execute(sql`insert into passengers (case_urn, passenger_id, tenant, group_id, first_name, last_name, tier, special_needs, operational_status, position)
      values (${CASE}, 'P1', 'AF', 'K7M2QA', 'Julien', 'Martin', 'ECONOMY', '["INFANT"]', 'BOOKED', 0),
             (${CASE}, 'P2', 'AF', 'K7M2QA', null, 'Martin', null, '[]', 'BOOKED', 1),
             (${CASE}, 'P3', 'AF', 'M6V2CH', 'Isabelle', 'Rousseau', 'BUSINESS', '[]', 'HELD', 2)`);
    await db.execute(sql`insert into demands (urn, tenant, case_urn, type, rooms_requested, status, created_by)
      values (${DEMAND}, 'AF', ${CASE}, 'INITIAL', 3, 'APPROVED', 'system:seed')`);
    await db.execute(sql`insert into allocation_waves (urn, tenant, case_urn, demand_urn, status, total_cost)
      values (${WAVE}, 'AF', ${CASE}, ${DEMAND}, 'PARTIAL', '{"amount":120,"currency":"EUR"}')`);
    await db.execute(sql`insert into reservations (urn, tenant, case_urn, wave_urn, group_id, hotel_urn, provider, status, rooms, check_in, check_out, total, payment)
      values (${RESERVATION}, 'AF', ${CASE}, ${WAVE}, 'K7M2QA', 'urn:svc:hotel:h1', 'DIRECT', 'CONFIRMED', 1, now(), now() + interval '1 day',
              '{"amount":120,"currency":"EUR"}', '{"method":"GUARANTEE"}')`);
    await db.execute(sql`insert into vouchers (urn, tenant, reservation_urn, confirmation_code, html, text)
      values ('urn:svc:voucher:v1', 'AF', ${RESERVATION}, 'ABC123', '<p>v</p>', 'v')`);
    await db.execute(sql`insert into review_items (urn, tenant, case_urn, wave_urn, category, priority, state, affected_groups)
      values ('urn:svc:review:r1', 'AF', ${CASE}, ${WAVE}, 'ALLOCATION_FAILED', 'HIGH', 'OPEN', '["M6V2CH"]')`);
    await db.execute(sql`insert into transport_segments (urn, tenant, case_urn, reservation_urns, direction, scheduled_at, vehicle_type, status)
      values ('urn:svc:segment:s1', 'AF', ${CASE}, ${JSON.stringify([RESERVATION])}::jsonb, 'AIRPORT_TO_HOTEL', now(), 'SHUTTLE', 'PLANNED')`);

    await migrate(database); // every later migration, as at start-up

    // the rows are intact, and reachable through the relations
    const record = await db.query.cases.findFirst({
      where: eq(cases.urn, CASE),
      with: {
        owner: true,
        passengerGroups: { with: { passengers: true } },
        demands: { with: { waves: true } },
        waves: { with: { reservations: { with: { voucher: true } } } },
        reviewItems: true,
        transportSegments: true,
      },
    });
    expect(record).toBeDefined();
    expect(record!.status).toBe("BOOKING");
    expect(record!.flight.number).toBe("AF1234");
    expect(record!.owner.settings).toEqual({ slaMinutes: { HIGH: 30 } });
    const groups = Object.fromEntries(record!.passengerGroups.map((g) => [g.groupId, g.passengers.map((p) => [p.passengerId, p.operationalStatus])]));
    expect(groups).toEqual({ K7M2QA: expect.arrayContaining([["P1", "BOOKED"], ["P2", "BOOKED"]]), M6V2CH: [["P3", "HELD"]] });
    expect(record!.demands[0].waves.map((w) => w.urn)).toEqual([WAVE]);
    expect(record!.waves[0].reservations[0]).toMatchObject({ urn: RESERVATION, provider: "DIRECT", total: { amount: 120, currency: "EUR" } });
    expect(record!.waves[0].reservations[0].voucher?.confirmationCode).toBe("ABC123");
    expect(record!.reviewItems.map((r) => r.category)).toEqual(["ALLOCATION_FAILED"]);
    expect(record!.transportSegments.map((s) => s.reservationUrns)).toEqual([[RESERVATION]]);
    const [p1] = await db.select().from(passengers).where(eq(passengers.passengerId, "P1"));
    expect(p1.specialNeeds).toEqual(["INFANT"]);

    // and the new constraints hold from now on
    await expect(db.execute(sql`update passengers set operational_status = 'LOST' where passenger_id = 'P1'`)).rejects.toThrow();
    await expect(db.execute(sql`update reservations set provider = 'direct'`)).rejects.toThrow();
    await expect(
      db.execute(sql`insert into cases (urn, tenant, external_event_id, airport, airline, flight, status, created_by)
        values ('urn:svc:case:x', 'ZZ', 'evt-2', 'CDG', 'ZZ', ${flight}::jsonb, 'OPEN', 'x')`),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from passenger_groups where group_id = 'M6V2CH'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from allocation_waves where urn = ${WAVE}`)).rejects.toThrow();
    expect(await db.select({ urn: reservations.urn }).from(reservations)).toHaveLength(1);
  });
});

import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as board } from "@/app/api/v1/board/route";
import type { Db } from "@/db/client";
import { allocationWaves, demands, passengerGroups, passengers, reservations, reviewItems } from "@/db/schema";
import type { BookingAttemptJson } from "@/db/schema/reservations";
import { boardFlightRows } from "@/lib/board/flight-rows";
import type { BoardFlight } from "@/lib/board/schemas";
import { newUrn } from "@/lib/ids";
import type { ReservationStatus } from "@/lib/vocabulary";
import { apiTestDatabase, call } from "../../helpers/api";
import { casePayload, createCase, type GroupInput, pax, roleToken } from "../../helpers/cases";
import { ctxFor, principal, uniqueTenant } from "../../helpers/factories";

const database = apiTestDatabase({ airports: true });

const read = (token: string, airport = "CDG") => call(board, "/board", { token, query: { airport } });
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
const flight = (number: string) => ({ number, origin: "CDG", destination: "JFK", scheduledDeparture: "2026-11-21T18:05:00Z", status: "CANCELLED" });

async function newCase(token: string, number: string, over: Record<string, unknown> = {}): Promise<{ urn: string; groups: string[] }> {
  const c = await createCase(token, casePayload({ flight: flight(number), ...over }));
  return { urn: c.urn, groups: c.passengerGroups.map((g: { groupId: string }) => g.groupId) };
}

/** A reservation row of one group as the booking job leaves it, under a wave of its own. */
async function reserve(
  db: Db,
  o: { tenant: string; caseUrn: string; groupId: string; status: ReservationStatus; rooms: number; at?: Date; attempts?: BookingAttemptJson[] },
) {
  const waveUrn = newUrn("wave");
  await db.insert(allocationWaves).values({ urn: waveUrn, tenant: o.tenant, caseUrn: o.caseUrn, status: "COMPLETE", airport: "CDG" });
  await db.insert(reservations).values({
    urn: newUrn("reservation"),
    tenant: o.tenant,
    caseUrn: o.caseUrn,
    waveUrn,
    groupId: o.groupId,
    hotelUrn: newUrn("hotel"),
    provider: "DIRECT",
    status: o.status,
    rooms: o.rooms,
    attempts: o.attempts ?? [],
    checkIn: new Date("2026-11-21T18:05:00Z"),
    checkOut: new Date("2026-11-22T09:30:00Z"),
    total: { amount: 120, currency: "EUR" },
    payment: { method: "GUARANTEE" },
    ...(o.at ? { createdAt: o.at, updatedAt: o.at } : {}),
  });
}

const groupsCreatedAt = (db: Db, caseUrn: string, at: Date) => db.update(passengerGroups).set({ createdAt: at }).where(eq(passengerGroups.caseUrn, caseUrn));
const headline = (f: BoardFlight) => f.waiting[0] && { kind: f.waiting[0].kind, count: f.waiting[0].count, minutes: Math.round((Date.now() - Date.parse(f.waiting[0].since)) / 60_000) };

describe("the board's rows, one per open case", () => {
  it("names each case's oldest waiting thing, counts its rooms, and puts failed or stuck first, then the longest wait, then the least booked", async () => {
    const tenant = uniqueTenant();
    const admin = await roleToken(tenant, "ADMIN");
    const db = database.db;

    // calm: its one group booked; a second group of local residents needs no room
    const calm = await newCase(admin, "AF0001", {
      passengerGroups: [
        { pnr: "CALM1", passengers: [pax(`${tenant}-c1`), pax(`${tenant}-c2`)] },
        { pnr: "CALM2", passengers: [pax(`${tenant}-c3`)] },
      ] satisfies GroupInput[],
    });
    await reserve(db, { tenant, caseUrn: calm.urn, groupId: calm.groups[0], status: "CONFIRMED", rooms: 1 });
    await db.update(passengers).set({ operationalStatus: "LOCAL_RESIDENT" }).where(and(eq(passengers.caseUrn, calm.urn), eq(passengers.groupId, calm.groups[1])));

    // waiting longest: a demand waiting for a decision for 50 min, its three groups for 40 (2 + 1 + 2 crew rooms)
    const old = await newCase(admin, "AF0002");
    await groupsCreatedAt(db, old.urn, minutesAgo(40));
    await db.insert(demands).values({ urn: newUrn("demand"), tenant, caseUrn: old.urn, type: "INITIAL", roomsRequested: 5, status: "REQUESTED", createdBy: "test", createdAt: minutesAgo(50) });

    // two cases whose groups have waited the same 20 min: the less booked one first
    const bare = await newCase(admin, "AF0003");
    await groupsCreatedAt(db, bare.urn, minutesAgo(20));
    const half = await newCase(admin, "AF0004");
    await groupsCreatedAt(db, half.urn, minutesAgo(20));
    await reserve(db, { tenant, caseUrn: half.urn, groupId: half.groups[2], status: "CONFIRMED", rooms: 2 });
    await reserve(db, { tenant, caseUrn: half.urn, groupId: half.groups[1], status: "PENDING", rooms: 1, at: minutesAgo(2) });

    // stuck: a booking that failed 10 min ago (its other groups wait for an hour, but a failure comes first)
    const failed = await newCase(admin, "AF0005");
    await groupsCreatedAt(db, failed.urn, minutesAgo(60));
    await reserve(db, { tenant, caseUrn: failed.urn, groupId: failed.groups[0], status: "FAILED", rooms: 2, at: minutesAgo(10) });

    // stuck: a booking retrying for 3 min
    const retrying = await newCase(admin, "AF0006");
    const retry: BookingAttemptJson = { hotelUrn: "h", provider: "DIRECT", attempt: 1, at: minutesAgo(3).toISOString(), outcome: "RETRY", reason: "rate-limited" };
    await reserve(db, { tenant, caseUrn: retrying.urn, groupId: retrying.groups[0], status: "PENDING", rooms: 2, at: minutesAgo(3), attempts: [retry] });

    // stuck longest: a review item (a passenger without a tier) open for 45 min and past its SLA
    const overdue = await newCase(admin, "AF0007", { passengerGroups: [{ pnr: "OVRD1", passengers: [pax(`${tenant}-o1`, "ECONOMY", { tier: null })] }] });
    await db.update(reviewItems).set({ createdAt: minutesAgo(45), slaDueAt: minutesAgo(1) }).where(eq(reviewItems.caseUrn, overdue.urn));

    // neither a drill nor another airport's case is a row
    await createCase(admin, casePayload({ mode: "DRILL", flight: flight("AF0008") }));

    const res = await read(admin);
    expect(res.status).toBe(200);
    const flights = res.json.flights as BoardFlight[];
    expect(flights.map((f) => f.flightNumber)).toEqual(["AF0007", "AF0005", "AF0006", "AF0002", "AF0003", "AF0004", "AF0001"]);
    const row = (n: string) => flights.find((f) => f.flightNumber === n)!;

    expect(row("AF0007")).toMatchObject({ urgency: "STUCK", origin: "CDG", destination: "JFK", passengers: 1, rooms: { needed: 1, booked: 0, booking: 0 } });
    expect(headline(row("AF0007"))).toEqual({ kind: "REVIEW_OVERDUE", count: 1, minutes: 45 });
    expect(row("AF0005").waiting.map((w) => [w.kind, w.count])).toEqual([["BOOKING_FAILED", 1], ["GROUPS_WAITING", 2]]);
    expect(headline(row("AF0005"))).toEqual({ kind: "BOOKING_FAILED", count: 1, minutes: 10 });
    expect(headline(row("AF0006"))).toEqual({ kind: "BOOKING_RETRYING", count: 1, minutes: 3 });
    expect(row("AF0006").rooms).toEqual({ needed: 5, booked: 0, booking: 2 });
    expect(row("AF0002")).toMatchObject({ urgency: "WAITING", status: "OPEN", passengers: 6, rooms: { needed: 5, booked: 0, booking: 0 } });
    expect(row("AF0002").waiting.map(headlineOf)).toEqual([
      { kind: "DEMAND_REQUESTED", count: 1, minutes: 50 },
      { kind: "GROUPS_WAITING", count: 3, minutes: 40 },
    ]);
    expect(row("AF0004").rooms).toEqual({ needed: 5, booked: 2, booking: 1 });
    expect(row("AF0004").waiting.map(headlineOf)).toEqual([
      { kind: "GROUPS_WAITING", count: 1, minutes: 20 },
      { kind: "BOOKING_UNDER_WAY", count: 1, minutes: 2 },
    ]);
    expect(row("AF0001")).toMatchObject({ urgency: "CALM", waiting: [], passengers: 3, rooms: { needed: 1, booked: 1, booking: 0 } });
    expect((await read(admin, "ORY")).json.flights).toEqual([]);

    // two groups booked move the row's counts and the board's revision
    await reserve(db, { tenant, caseUrn: bare.urn, groupId: bare.groups[0], status: "CONFIRMED", rooms: 2 });
    await reserve(db, { tenant, caseUrn: bare.urn, groupId: bare.groups[1], status: "CONFIRMED", rooms: 1 });
    const after = await read(admin);
    expect(after.json.revision).not.toBe(res.json.revision);
    const moved = (after.json.flights as BoardFlight[]).find((f) => f.flightNumber === "AF0003")!;
    expect(moved.rooms).toEqual({ needed: 5, booked: 3, booking: 0 });
    expect(moved.waiting[0]).toMatchObject({ kind: "GROUPS_WAITING", count: 1 });
    // now AF0003 (3 of 5) is better booked than AF0004 (2 of 5): of the two that waited 20 min, AF0004 comes first
    expect((after.json.flights as BoardFlight[]).map((f) => f.flightNumber).slice(4, 6)).toEqual(["AF0004", "AF0003"]);
  });

  it("reads 30 open cases of 160 passengers in one statement", { timeout: 300_000 }, async () => {
    const tenant = uniqueTenant();
    const admin = await roleToken(tenant, "ADMIN");
    const db = database.db;
    for (let c = 0; c < 30; c++) {
      const groups: GroupInput[] = Array.from({ length: 80 }, (_, g) => ({
        pnr: `M${c}G${g}`,
        passengers: [pax(`${tenant}-${c}-${g}-a`), pax(`${tenant}-${c}-${g}-b`)],
      }));
      const made = await newCase(admin, `AF${String(2000 + c)}`, { passengerGroups: groups });
      // half of each case's groups booked, a few being booked
      for (const [i, groupId] of made.groups.entries()) {
        if (i % 2 === 0) await reserve(db, { tenant, caseUrn: made.urn, groupId, status: "CONFIRMED", rooms: 1 });
        else if (i % 20 === 1) await reserve(db, { tenant, caseUrn: made.urn, groupId, status: "PENDING", rooms: 1 });
      }
    }

    let statements = 0;
    const counted = new Proxy(db, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (key !== "execute" && key !== "select") return value;
        return (...args: unknown[]) => {
          statements += 1;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const ctx = ctxFor(counted as Db, principal({ tenant }));
    await boardFlightRows(ctx, { tenant, airport: "CDG", now: new Date() }); // warm
    statements = 0;
    // one statement per read, whatever the number of cases: no read per case
    let rows: BoardFlight[] = [];
    for (let i = 0; i < 5; i++) rows = await boardFlightRows(ctx, { tenant, airport: "CDG", now: new Date() });
    expect(statements).toBe(5);
    expect(rows).toHaveLength(30);
    expect(rows.every((r) => r.passengers === 160 && r.rooms.needed === 80 && r.rooms.booked === 40 && r.rooms.booking === 4)).toBe(true);
    const whole = await read(admin);
    expect(whole.json.flights).toHaveLength(30);
  });
});

function headlineOf(w: BoardFlight["waiting"][number]) {
  return { kind: w.kind, count: w.count, minutes: Math.round((Date.now() - Date.parse(w.since)) / 60_000) };
}

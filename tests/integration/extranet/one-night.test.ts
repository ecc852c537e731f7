import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { auditEntries, capacityCallAnswers, directContracts, hotelInventory, hotels, reservations } from "@/db/schema";
import { seedDirectContracts } from "@/db/seed/direct-contracts";
import type { Principal } from "@/lib/auth/principal";
import { localTimeToUtc } from "@/lib/time-zones";
import { answerCapacityCall } from "@/lib/capacity/answer";
import { callHotels } from "@/lib/capacity/call";
import type { Ctx } from "@/lib/context";
import { DomainError } from "@/lib/errors";
import { listArrivals } from "@/lib/extranet/arrivals";
import { confirmHotelBooking } from "@/lib/extranet/confirm-booking";
import { declineHotelBooking } from "@/lib/extranet/decline-booking";
import { recordArrival } from "@/lib/extranet/record-arrival";
import { setHotelInventory } from "@/lib/extranet/set-inventory";
import { writeHotelNight } from "@/lib/extranet/write-night";
import { closePool } from "@/lib/pool";
import { localMoment } from "@/lib/vouchers/local-time";
import { apiTestDatabase } from "@/tests/helpers/api";
import { casePayload } from "@/tests/helpers/cases";
import { sandboxProviders } from "@/tests/helpers/providers";
import { allocate, approvedCase, bookingTenant, waveOf } from "../booking/helpers";

/**
 * One night for the wave plan, capacity calls and the extranet (lib/cases/stay.ts), one writer of
 * a hotel's night (writeHotelNight) for the PUT and a call's answer, and the extranet's verbs
 * parsing their own input (a server action passes the browser's arguments as they came).
 */
const database = apiTestDatabase({ airports: true });
const sandboxes = sandboxProviders();
afterAll(() => closePool());
beforeEach(() => sandboxes.reset());
afterEach(() => vi.useRealTimers());

const DAY = 86_400_000;
const parisDate = (days: number, from = Date.now()) => localMoment(new Date(from + days * DAY), "Europe/Paris").date;
const ctxOf = (principal: Partial<Principal> & Pick<Principal, "tenant" | "roles">): Ctx => ({
  db: database.db,
  principal: { sub: "urn:svc:user:00000000-0000-4000-8000-00000000000a", airports: ["CDG"], kind: "user", ...principal },
});

async function contractedHotel() {
  const { tenant, token } = await bookingTenant(database.db);
  await seedDirectContracts(database.db, tenant);
  const [hotel] = await database.db
    .select()
    .from(directContracts)
    .innerJoin(hotels, eq(hotels.urn, directContracts.hotelUrn))
    .where(and(eq(directContracts.tenant, tenant), eq(hotels.airport, "CDG"), eq(hotels.acceptsGuarantee, true), eq(hotels.stars, 4)))
    .limit(1);
  const desk = ctxOf({ tenant, roles: ["HOTEL"], hotels: [hotel.hotels.urn] });
  return { tenant, token, hotel: hotel.hotels, contractRate: hotel.direct_contracts.nightlyRate, desk };
}

const refused = async (work: Promise<unknown>) => {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, "the verb answered instead of refusing").toBeInstanceOf(DomainError);
  return err as DomainError;
};

describe("a capacity call at 02:00 and the wave at 02:00", () => {
  it("write and read the same night: the rooms a hotel answers are offered to the wave of a flight cancelled then", async () => {
    const { tenant, token, hotel, desk } = await contractedHotel();
    await database.db.update(directContracts).set({ roomsAvailable: 0 }).where(eq(directContracts.tenant, tenant));
    // tomorrow at 02:00 in Paris: a flight cancelled in the small hours, and the supervisor's call at that moment
    const at = localTimeToUtc(parisDate(1), "02:00", "Europe/Paris");
    vi.useFakeTimers({ toFake: ["Date"], now: at });
    const call = await callHotels({ ctx: ctxOf({ tenant, roles: ["OPS_SUPERVISOR"] }), input: { airport: "CDG", reason: "two flights cancelled after midnight" } });
    await answerCapacityCall({ ctx: desk, input: { callUrn: call.urn, hotelUrn: hotel.urn, rooms: 9 } });
    vi.useRealTimers();
    expect(call.date).toBe(parisDate(1));

    const departure = at.toISOString();
    const next = new Date(at.getTime() + 12 * 3_600_000).toISOString();
    const { caseUrn } = await approvedCase(token, casePayload({ flight: { number: "AF1234", origin: "CDG", destination: "JFK", scheduledDeparture: departure, status: "CANCELLED" }, nextFlight: { number: "AF1236", scheduledDeparture: next } }));
    await allocate(database.db);
    const wave = await waveOf(database.db, caseUrn);
    const direct = (wave.rankingInputs as { provider: string; hotelUrn: string; roomsAvailable: number }[]).filter((o) => o.provider === "DIRECT");
    // one offer per room shape searched, each of this hotel's night as answered
    expect(new Set(direct.map((o) => `${o.hotelUrn} ${o.roomsAvailable}`))).toEqual(new Set([`${hotel.urn} 9`]));
    // the answer wrote the night through the one writer: its hotel audit entry beside the call's
    const audit = await database.db.select().from(auditEntries).where(and(eq(auditEntries.tenant, tenant), eq(auditEntries.entityUrn, hotel.urn), eq(auditEntries.action, "set-inventory")));
    expect(audit).toHaveLength(1);
    expect(audit[0].reason).toContain(call.urn);
  });

  it("an answer is held to the extranet's rules: an absurd rate is a 422 and neither the answer nor the night is written", async () => {
    const { tenant, hotel, desk, contractRate } = await contractedHotel();
    const call = await callHotels({ ctx: ctxOf({ tenant, roles: ["OPS_SUPERVISOR"] }), input: { airport: "CDG", reason: "sources full" } });
    const err = await refused(answerCapacityCall({ ctx: desk, input: { callUrn: call.urn, hotelUrn: hotel.urn, rooms: 4, nightlyRate: contractRate * 11 } }));
    expect([err.status, err.errors[0]?.path]).toEqual([422, "nightlyRate"]);
    expect(await database.db.select().from(capacityCallAnswers).where(eq(capacityCallAnswers.callUrn, call.urn))).toEqual([]);
    expect(await database.db.select().from(hotelInventory).where(eq(hotelInventory.tenant, tenant))).toEqual([]);
  });
});

describe("the night under way at a hotel desk", () => {
  it("may still be set until the cutoff (05:00 local), never after; one night before it never", async () => {
    const { hotel, desk } = await contractedHotel();
    const tomorrow = parisDate(1);
    const today = parisDate(0);
    const write = (date: string, time: string) => writeHotelNight(desk, hotel, { date, rooms: 2, nightlyRate: null }, "test", localTimeToUtc(tomorrow, time, "Europe/Paris"));
    expect((await write(today, "02:30")).date).toBe(today);
    expect((await write(tomorrow, "02:30")).date).toBe(tomorrow);
    expect((await refused(write(parisDate(-1), "02:30"))).errors[0].path).toBe("date");
    expect((await refused(write(today, "05:00"))).errors[0].path).toBe("date");
  });

  it("is what the arrivals show by default", async () => {
    const { desk, hotel } = await contractedHotel();
    const at = localTimeToUtc(parisDate(1), "03:00", "Europe/Paris");
    vi.useFakeTimers({ toFake: ["Date"], now: at });
    const list = await listArrivals({ ctx: desk, input: { hotelUrn: hotel.urn } });
    vi.useRealTimers();
    expect(list.date).toBe(parisDate(0));
  });
});

describe("the extranet's verbs parse their input (a server action passes it raw)", () => {
  it("refuse a bad input with a 422 and write nothing", async () => {
    const { tenant, hotel, desk } = await contractedHotel();
    const raw = <T,>(v: unknown) => v as T;
    const cases: [string, () => Promise<unknown>][] = [
      ["negative rooms", () => setHotelInventory({ ctx: desk, input: { hotelUrn: hotel.urn, date: parisDate(1), rooms: -3 } })],
      ["a million rooms", () => setHotelInventory({ ctx: desk, input: { hotelUrn: hotel.urn, date: parisDate(1), rooms: 1_000_000 } })],
      ["rooms as text", () => setHotelInventory({ ctx: desk, input: raw({ hotelUrn: hotel.urn, date: parisDate(1), rooms: "12" }) })],
      ["NaN rooms", () => setHotelInventory({ ctx: desk, input: { hotelUrn: hotel.urn, date: parisDate(1), rooms: Number.NaN } })],
      ["a date that is not one", () => setHotelInventory({ ctx: desk, input: { hotelUrn: hotel.urn, date: "2026-02-31", rooms: 1 } })],
      ["a NaN date", () => setHotelInventory({ ctx: desk, input: { hotelUrn: hotel.urn, date: "NaN-NaN-NaN", rooms: 1 } })],
      ["an empty decline reason", () => declineHotelBooking({ ctx: desk, input: { hotelUrn: hotel.urn, reservationUrn: "urn:svc:reservation:x", reason: "  " } })],
      ["no reservation", () => confirmHotelBooking({ ctx: desk, input: raw({ hotelUrn: hotel.urn }) })],
      ["a status the table refuses", () => recordArrival({ ctx: desk, input: raw({ hotelUrn: hotel.urn, reservationUrn: "urn:svc:reservation:x", status: "ASLEEP" }) })],
      ["arrivals of a bad date", () => listArrivals({ ctx: desk, input: { hotelUrn: hotel.urn, date: "tonight" } })],
    ];
    for (const [what, run] of cases) {
      const err = await refused(run());
      expect(err.status, what).toBe(422);
      expect(["VALIDATION_FAILED", "REASON_REQUIRED"], what).toContain(err.code);
    }
    expect(await database.db.select().from(hotelInventory).where(eq(hotelInventory.tenant, tenant))).toEqual([]);
    expect(await database.db.select().from(auditEntries).where(and(eq(auditEntries.tenant, tenant), eq(auditEntries.entity, "hotel")))).toEqual([]);
    expect(await database.db.select().from(reservations).where(eq(reservations.tenant, tenant))).toEqual([]);
  });
});

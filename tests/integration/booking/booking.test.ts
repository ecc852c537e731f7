import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { cases, demands, jobEvents, passengerGroups, passengers, reservations, reviewItems, vouchers } from "@/db/schema";
import { bookGroup } from "@/inngest/functions/book";
import { clientReference } from "@/lib/booking/plan";
import { createRunner } from "@/lib/jobs/runner";
import { closePool } from "@/lib/pool";
import { hotelSources } from "@/lib/providers/sources";
import { systemPrincipal } from "@/lib/auth/principal";
import { apiTestDatabase } from "@/tests/helpers/api";
import { sandboxProviders } from "@/tests/helpers/providers";
import { enqueue } from "../jobs/helpers";
import { allocate, approvedCase, bookingRunner, bookingTenant, reservationsOf, waveOf } from "./helpers";
import { sandboxFleet } from "@/tests/helpers/fleet";

const database = apiTestDatabase({ airports: true });
// the passenger's flow plans rides after each booking: a fleet to ask, so no ride waits on the desk here
sandboxFleet();
const sandboxes = sandboxProviders();
afterAll(() => closePool());
beforeEach(() => sandboxes.reset());

describe("booking a wave", () => {
  it("books every group: CONFIRMED reservations with vouchers, passengers BOOKED, demand FULFILLED, case ACCOMMODATED", async () => {
    const { token } = await bookingTenant(database.db);
    const { caseUrn, demandUrn } = await approvedCase(token);
    await bookingRunner(database.db).tick();

    const wave = await waveOf(database.db, caseUrn);
    const rows = await reservationsOf(database.db, caseUrn);
    expect(rows).toHaveLength(wave.allocations.length);
    for (const r of rows) {
      const a = wave.allocations.find((x) => x.groupId === r.groupId)!;
      expect(r).toMatchObject({ status: "CONFIRMED", waveUrn: wave.urn, hotelUrn: a.hotelUrn, provider: a.provider, rooms: a.rooms, payment: { method: "GUARANTEE" } });
      expect(r.confirmationCode).toBeTruthy();
      expect(r.providerRef).toBeTruthy();
      expect(r.attempts).toEqual([expect.objectContaining({ hotelUrn: a.hotelUrn, attempt: 1, outcome: "CONFIRMED" })]);
      expect(r.checkOut.getTime()).toBeGreaterThan(r.checkIn.getTime());
    }
    const vs = await database.db.select().from(vouchers).where(inArray(vouchers.reservationUrn, rows.map((r) => r.urn)));
    expect(vs).toHaveLength(rows.length);
    const groups = await database.db.select().from(passengerGroups).where(eq(passengerGroups.caseUrn, caseUrn));
    for (const g of groups) expect(g.reservationUrn).toBe(rows.find((r) => r.groupId === g.groupId)!.urn);
    const statuses = await database.db.select({ s: passengers.operationalStatus }).from(passengers).where(eq(passengers.caseUrn, caseUrn));
    expect(new Set(statuses.map((p) => p.s))).toEqual(new Set(["BOOKED"]));
    const [d] = await database.db.select().from(demands).where(eq(demands.urn, demandUrn));
    expect(d.status).toBe("FULFILLED");
    const [c] = await database.db.select().from(cases).where(eq(cases.urn, caseUrn));
    expect(c.status).toBe("ACCOMMODATED");
    const confirmed = await database.db.select().from(jobEvents).where(and(eq(jobEvents.name, "reservation/confirmed"), sql`${jobEvents.data}->>'caseUrn' = ${caseUrn}`));
    expect(confirmed).toHaveLength(rows.length);
  });

  it("20 concurrent deliveries of the same booking event make exactly one reservation and one provider booking", async () => {
    const { tenant, token } = await bookingTenant(database.db);
    const { caseUrn } = await approvedCase(token);
    await allocate(database.db);
    const wave = await waveOf(database.db, caseUrn);
    const a = wave.allocations[0];
    for (let i = 0; i < 20; i++) await enqueue(database.db, "booking/requested", { tenant, caseUrn, waveUrn: wave.urn, groupId: a.groupId, provider: a.provider });
    await createRunner({ db: database.db, jobs: [bookGroup], retryBaseMs: 1, concurrency: 20 }).tick();

    const rows = await database.db.select().from(reservations).where(and(eq(reservations.caseUrn, caseUrn), eq(reservations.groupId, a.groupId)));
    expect(rows.map((r) => r.status)).toEqual(["CONFIRMED"]);
    // at the provider: one booking under the primary's reference, none under the fallbacks'
    const ctx = { db: database.db, principal: systemPrincipal(tenant) };
    const { sources } = hotelSources(ctx);
    const candidates = [a, ...a.fallbacks];
    let found = 0;
    for (const c of candidates) {
      const source = sources.find((s) => s.id === c.provider)!;
      const ref = clientReference(tenant, caseUrn, wave.urn, a.groupId, c.hotelUrn, "0|");
      if (await source.findByReference(ref)) found++;
    }
    expect(found).toBe(1);
    expect(rows[0].clientReference).toBe(clientReference(tenant, caseUrn, wave.urn, a.groupId, a.hotelUrn, "0|"));
  });

  it("a re-delivered wave fans out again without booking anything twice", async () => {
    const { tenant, token } = await bookingTenant(database.db);
    const { caseUrn } = await approvedCase(token);
    await bookingRunner(database.db).tick();
    const wave = await waveOf(database.db, caseUrn);
    await enqueue(database.db, "allocation/wave.persisted", { tenant, caseUrn, waveUrn: wave.urn });
    for (const a of wave.allocations) await enqueue(database.db, "booking/requested", { tenant, caseUrn, waveUrn: wave.urn, groupId: a.groupId });
    await bookingRunner(database.db).tick();
    const rows = await reservationsOf(database.db, caseUrn);
    expect(rows).toHaveLength(wave.allocations.length);
    expect(rows.every((r) => r.status === "CONFIRMED")).toBe(true);
    const items = await database.db.select().from(reviewItems).where(eq(reviewItems.caseUrn, caseUrn));
    expect(items).toEqual([]);
  });
});

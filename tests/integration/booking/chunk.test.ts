import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { jobRuns, messages, passengers, reservations } from "@/db/schema";
import { clientReference } from "@/lib/booking/plan";
import { manualClock } from "@/lib/jobs/clock";
import { closePool } from "@/lib/pool";
import { hotelbeds } from "@/lib/providers/hotelbeds/client";
import { apiTestDatabase } from "@/tests/helpers/api";
import { casePayload, pax } from "@/tests/helpers/cases";
import { sandboxProviders } from "@/tests/helpers/providers";
import { allocate, approvedCase, bookingRunner, bookingTenant, reservationsOf, steerAll, waveOf } from "./helpers";

/**
 * A wave booked in chunks (lib/booking/book-chunk.ts): what fails inside a chunk is handed to a
 * booking of its own or replayed, and either way every group ends with one booking at the provider,
 * one CONFIRMED reservation and its voucher messages, none doubled.
 */
const database = apiTestDatabase({ airports: true });
const sandboxes = sandboxProviders();
afterAll(() => closePool());
beforeEach(() => sandboxes.reset());

const client = () => hotelbeds({ baseUrl: sandboxes.hotelbedsUrl, key: "sandbox-key", secret: "sandbox-secret", timeoutMs: 10_000 });

/** A case whose every group is steered to a Hotelbeds hotel (one chunk, no fallbacks), its wave's event written again. */
async function steeredWave() {
  const { tenant, token } = await bookingTenant(database.db);
  // eight groups of one to three passengers
  const groups = Array.from({ length: 8 }, (_, g) => ({ pnr: `CH${String(g).padStart(4, "0")}`, passengers: Array.from({ length: 1 + (g % 3) }, (_, k) => pax(`CH${g}-${k}`)) }));
  const { caseUrn } = await approvedCase(token, { ...casePayload(), passengerGroups: groups });
  await allocate(database.db);
  await steerAll(database.db, tenant, caseUrn, "HOTELBEDS");
  return { tenant, caseUrn, wave: await waveOf(database.db, caseUrn) };
}

/** Ticks the booking runner under a manual clock, a minute a round (the bookings' sleeps), until every group is CONFIRMED with a voucher message. */
async function runToEnd(caseUrn: string, groups: number) {
  const clock = manualClock(Date.parse("2026-11-21T18:30:00Z"));
  const runner = bookingRunner(database.db, clock);
  for (let round = 0; round < 30; round++) {
    await runner.tick();
    const confirmed = await reservationsOf(database.db, caseUrn, "CONFIRMED");
    const told = await database.db.select({ urn: messages.relatedUrn }).from(messages).where(and(eq(messages.caseUrn, caseUrn), eq(messages.kind, "VOUCHER")));
    if (confirmed.length === groups && confirmed.every((r) => told.some((m) => m.urn === r.urn))) return;
    clock.advance(60_000);
  }
}

/** Every group: one booking at Hotelbeds under its reference, one live reservation, CONFIRMED, and one voucher message per contact and channel. */
async function expectEachGroupBookedOnce(tenant: string, caseUrn: string, wave: Awaited<ReturnType<typeof waveOf>>) {
  const rows = await reservationsOf(database.db, caseUrn);
  const live = rows.filter((r) => ["PENDING", "CONFIRMED", "CHECKED_OUT"].includes(r.status));
  expect(live.map((r) => r.status)).toEqual(wave.allocations.map(() => "CONFIRMED"));
  expect(new Set(live.map((r) => r.groupId)).size).toBe(wave.allocations.length);
  for (const a of wave.allocations) {
    const booked = await client().findByReference(clientReference(tenant, caseUrn, wave.urn, a.groupId, a.hotelUrn, "0|"));
    expect(booked?.status, a.groupId).toBe("CONFIRMED");
    expect(live.find((r) => r.groupId === a.groupId)?.providerRef).toBe(booked?.reference);
  }
  const sent = await database.db.select().from(messages).where(and(eq(messages.caseUrn, caseUrn), eq(messages.kind, "VOUCHER")));
  const contacts = await database.db
    .select({ groupId: passengers.groupId, email: passengers.email })
    .from(passengers)
    .where(and(eq(passengers.caseUrn, caseUrn), sql`${passengers.email} is not null`));
  for (const r of live) {
    const emails = new Set(contacts.filter((c) => c.groupId === r.groupId).map((c) => c.email));
    const mails = sent.filter((m) => m.relatedUrn === r.urn && m.channel === "EMAIL" && m.version === 1);
    // none lost: every contact of the group has the voucher; none doubled: one per contact
    expect(new Set(mails.map((m) => m.recipient)), r.groupId).toEqual(emails);
    expect(mails).toHaveLength(emails.size);
  }
}

describe("a wave booked in chunks", () => {
  it("a chunk whose calls fail half-way hands the failed groups to bookings of their own: a lost answer is found by reference, nothing is booked twice, no message is lost", async () => {
    const { tenant, caseUrn, wave } = await steeredWave();
    expect(wave.allocations.length).toBeGreaterThan(3);
    // the chunk's first calls: a 503, a confirmation lost on its way back (booked at the provider), a 429; the rest answer
    await sandboxes.admin("HOTELBEDS", "/__sandbox/faults", { next: ["503", "lose-confirmation", "429"] });
    await runToEnd(caseUrn, wave.allocations.length);

    await expectEachGroupBookedOnce(tenant, caseUrn, wave);
    // the three groups the chunk could not book went on in bookings of their own; the others were booked by the wave's run
    const own = await database.db.select().from(jobRuns).where(and(eq(jobRuns.functionId, "book-group"), sql`${jobRuns.event}->'data'->>'caseUrn' = ${caseUrn}`));
    expect(own).toHaveLength(3);
    expect(own.every((r) => r.status === "COMPLETED")).toBe(true);
    const handed = (await reservationsOf(database.db, caseUrn, "CONFIRMED")).filter((r) => (r.attempts as { outcome: string }[]).some((a) => a.outcome !== "CONFIRMED"));
    expect(handed).toHaveLength(3);
  });

  it("a chunk that dies after its calls, before its confirmations commit, books nothing twice when it runs again", async () => {
    const { tenant, caseUrn, wave } = await steeredWave();
    // a real fault in the database: the first statement that confirms a reservation of this case fails, once
    // (a sequence is not rolled back with the transaction that draws from it)
    await database.db.execute(sql.raw(`CREATE SEQUENCE IF NOT EXISTS chunk_fault_seq`));
    await database.db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION chunk_fault() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.case_urn = '${caseUrn}' AND nextval('chunk_fault_seq') = 1 THEN RAISE EXCEPTION 'injected: the chunk dies before its confirmations commit'; END IF;
          RETURN NEW;
        END $$`),
    );
    await database.db.execute(
      sql.raw(`CREATE TRIGGER chunk_fault BEFORE UPDATE ON reservations FOR EACH ROW WHEN (OLD.status = 'PENDING' AND NEW.status = 'CONFIRMED') EXECUTE FUNCTION chunk_fault()`),
    );
    try {
      await runToEnd(caseUrn, wave.allocations.length);
    } finally {
      await database.db.execute(sql.raw(`DROP TRIGGER chunk_fault ON reservations`));
    }
    const drawn = await database.db.execute(sql.raw(`SELECT last_value FROM chunk_fault_seq`));
    // the fault fired (the first confirmation failed), then the chunk ran again and confirmed every group
    expect(Number((drawn as unknown as { rows: { last_value: string }[] }).rows[0].last_value)).toBeGreaterThan(1);
    await expectEachGroupBookedOnce(tenant, caseUrn, wave);
    // no group needed a booking of its own: the chunk's retry looked each booking up by its reference
    const own = await database.db.select().from(jobRuns).where(and(eq(jobRuns.functionId, "book-group"), sql`${jobRuns.event}->'data'->>'caseUrn' = ${caseUrn}`));
    expect(own).toHaveLength(0);
    const urns = (await reservationsOf(database.db, caseUrn)).map((r) => r.urn);
    const rows = await database.db.select().from(reservations).where(inArray(reservations.urn, urns));
    expect(rows.every((r) => r.status === "CONFIRMED")).toBe(true);
  });
});

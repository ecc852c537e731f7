import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { PATCH as reaccommodateHandler } from "@/app/api/v1/cases/[caseUrn]/reaccommodate/route";
import { GET as summaryHandler } from "@/app/api/v1/demand/case/[caseUrn]/summary/route";
import { GET as passengerPage } from "@/app/v/[token]/voucher/route";
import { auditEntries, messages, jobRuns, jobSteps, passengerGroups, passengers, reservations, reviewItems, vouchers } from "@/db/schema";
import { messagesOnVoucherIssued } from "@/inngest/functions/messages";
import { reaccommodateStays } from "@/inngest/functions/reaccommodate-stays";
import type { Allocation } from "@/lib/allocation/schemas";
import { systemPrincipal } from "@/lib/auth/principal";
import { createRunner } from "@/lib/jobs/runner";
import { closePool } from "@/lib/pool";
import { hotelSources } from "@/lib/providers/sources";
import type { HotelProvider } from "@/lib/providers/types";
import { linkExpiry, signPassengerToken } from "@/lib/vouchers/link";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { sandboxProviders } from "@/tests/helpers/providers";
import { allocate, approvedCase, bookingRunner, bookingTenant, reservationsOf, setAllocation, steerAll, waveOf } from "./helpers";
import { sandboxFleet } from "@/tests/helpers/fleet";

const database = apiTestDatabase({ airports: true });
// the passenger's flow plans rides after each booking: a fleet to ask, so no ride waits on the desk here
sandboxFleet();
const sandboxes = sandboxProviders();
afterAll(() => closePool());
beforeEach(() => sandboxes.reset());

type Sandboxed = "EXPEDIA_RAPID" | "HOTELBEDS";
const CDG = { airport: "CDG", latitude: 49.0097, longitude: 2.5479, radiusKm: 50, currency: "EUR", rooms: 1, guestsPerRoom: 2 };

// the case's disrupted flight leaves CDG 2026-11-21T18:05Z; its stays were booked 21 → 22 Nov (check-out 11:00 Paris)
async function bookedAt(provider: Sandboxed, fallbackAt?: Sandboxed) {
  const { tenant, token } = await bookingTenant(database.db);
  const { caseUrn } = await approvedCase(token);
  await allocate(database.db);
  await steerAll(database.db, tenant, caseUrn, provider);
  if (fallbackAt) {
    // the next-ranked compliant hotel of each group: an offer of the wave's ranking at another provider
    const wave = await waveOf(database.db, caseUrn);
    const offers = wave.rankingInputs as { tier: string; provider: string; hotelUrn: string; providerOfferId: string; roomsAvailable: number }[];
    for (const a of wave.allocations) {
      const next = offers.find((o) => o.tier === a.tier && o.provider === fallbackAt && o.roomsAvailable >= a.rooms)!;
      await setAllocation(database.db, wave.urn, a.groupId, (x: Allocation) => ({ ...x, fallbacks: [{ hotelUrn: next.hotelUrn, provider: fallbackAt, providerOfferId: next.providerOfferId, score: 0.5 }] }));
    }
  }
  await bookingRunner(database.db).tick();
  const rows = await reservationsOf(database.db, caseUrn, "CONFIRMED");
  expect(rows.length).toBeGreaterThan(1);
  expect(rows.every((r) => r.provider === provider && r.checkOut.toISOString() === "2026-11-22T10:00:00.000Z")).toBe(true);
  return { tenant, token, caseUrn, rows };
}

async function patchNextFlight(token: string, caseUrn: string, scheduledDeparture: string) {
  const res = await call(reaccommodateHandler, `/cases/${caseUrn}/reaccommodate`, { token, params: { caseUrn }, body: { nextFlight: { number: "AF1238", scheduledDeparture }, reason: "flight moved" } });
  expect(res.status, res.text).toBe(200);
  // a retried step is due again after its backoff: a few rounds, until no run of the case waits
  const runner = createRunner({ db: database.db, jobs: [reaccommodateStays, messagesOnVoucherIssued], retryBaseMs: 1 });
  for (let round = 0; round < 20; round++) {
    await runner.tick();
    const waiting = await database.db
      .select({ id: jobRuns.id })
      .from(jobRuns)
      .where(and(sql`${jobRuns.event}->'data'->>'caseUrn' = ${caseUrn}`, inArray(jobRuns.status, ["QUEUED", "RETRYING", "SLEEPING", "RUNNING"])));
    if (!waiting.length) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const providerOf = (tenant: string, id: Sandboxed): HotelProvider => hotelSources({ db: database.db, principal: systemPrincipal(tenant) }).sources.find((p) => p.id === id)!;

/** Books, through the provider's own API, every room its hotel has left for those nights (another customer took them). */
async function fillHotel(tenant: string, id: Sandboxed, providerHotelId: string, offerId: string, checkIn: string, checkOut: string) {
  const provider = providerOf(tenant, id);
  const offer = (await provider.search({ ...CDG, checkIn, checkOut })).find((o) => o.providerHotelId === providerHotelId);
  if (!offer || offer.roomsAvailable === 0) return;
  await provider.book({ offerId: id === "HOTELBEDS" ? offer.offerId : offerId, providerHotelId, rooms: offer.roomsAvailable, guests: [{ firstName: "Other", lastName: "Guest" }], clientReference: `FILL${Date.now()}${Math.random().toString(36).slice(2, 8)}`, payment: { method: "GUARANTEE" }, checkIn, checkOut });
}

const stays = async (caseUrn: string) =>
  (await database.db.select().from(reservations).where(eq(reservations.caseUrn, caseUrn)).orderBy(reservations.urn)).map((r) => ({
    urn: r.urn,
    status: r.status,
    hotelUrn: r.hotelUrn,
    previousUrn: r.previousUrn,
    stayChange: r.stayChange,
    checkIn: r.checkIn.toISOString(),
    checkOut: r.checkOut.toISOString(),
    providerRef: r.providerRef,
    updatedAt: r.updatedAt.toISOString(),
  }));
const items = (caseUrn: string) => database.db.select().from(reviewItems).where(eq(reviewItems.caseUrn, caseUrn));
const audits = (tenant: string) => database.db.select().from(auditEntries).where(and(eq(auditEntries.tenant, tenant), eq(auditEntries.action, "reaccommodate")));
const open = async (reservationUrn: string, checkOut: Date) => {
  const token = signPassengerToken(reservationUrn, linkExpiry(checkOut));
  const res = await passengerPage(new Request(`http://localhost/v/${token}/voucher`), { params: Promise.resolve({ token }) });
  return { status: res.status, body: await res.text() };
};

describe("re-accommodation at a provider that cannot modify a stay: the group is re-booked, not sent to review", () => {
  it("Expedia self-service, next flight a day later: each group's missing night is a continuation at the same hotel, booked there for real; vouchers and the passenger page say so; the same patch again changes nothing", async () => {
    const { tenant, token, caseUrn, rows } = await bookedAt("EXPEDIA_RAPID");
    await patchNextFlight(token, caseUrn, "2026-11-23T11:30:00Z");

    expect(await items(caseUrn)).toEqual([]);
    const after = await stays(caseUrn);
    expect(after).toHaveLength(rows.length * 2);
    const expedia = providerOf(tenant, "EXPEDIA_RAPID");
    for (const r of rows) {
      const old = after.find((s) => s.urn === r.urn)!;
      expect([old.status, old.checkOut]).toEqual(["CONFIRMED", "2026-11-22T10:00:00.000Z"]);
      const next = after.find((s) => s.previousUrn === r.urn)!;
      expect(next).toMatchObject({ status: "CONFIRMED", stayChange: "CONTINUATION", hotelUrn: r.hotelUrn, checkIn: "2026-11-22T14:00:00.000Z", checkOut: "2026-11-23T10:00:00.000Z" });
      // a real booking at the provider, for the missing night only
      expect(await expedia.status(next.providerRef!)).toMatchObject({ status: "CONFIRMED", checkIn: "2026-11-22", checkOut: "2026-11-23", rooms: r.rooms });
      // its own voucher, and (after commit, from voucher/issued) its messages say the stay changed; the old stay's voucher names the new night and code
      const [v] = await database.db.select().from(vouchers).where(eq(vouchers.reservationUrn, next.urn));
      expect(v.text).toContain("These nights continue the stay booked under confirmation");
      expect(await database.db.select().from(messages).where(and(eq(messages.kind, "STAY_CHANGED"), eq(messages.relatedUrn, next.urn)))).not.toHaveLength(0);
      const [oldVoucher] = await database.db.select().from(vouchers).where(eq(vouchers.reservationUrn, r.urn));
      expect(oldVoucher.text).toContain(`Your stay continues until`);
      expect(oldVoucher.text).toContain(v.confirmationCode);
      const page = await open(r.urn, r.checkOut);
      expect(page.status).toBe(200);
      expect(page.body).toContain(v.confirmationCode);
    }
    expect((await audits(tenant)).filter((a) => a.entity === "reservation")).toHaveLength(rows.length);
    // more nights, not more rooms: the demand totals count each group's rooms once
    const rooms = rows.reduce((n, r) => n + r.rooms, 0);
    const summary = await call(summaryHandler, `/demand/case/${caseUrn}/summary`, { token, params: { caseUrn } });
    expect(summary.json).toMatchObject({ totalAllocated: rooms, totalBooked: rooms });

    // the same next-flight update again: nothing moves, nothing is booked twice
    await patchNextFlight(token, caseUrn, "2026-11-23T11:30:00Z");
    expect(await stays(caseUrn)).toEqual(after);
    expect(await items(caseUrn)).toEqual([]);
    expect((await audits(tenant)).filter((a) => a.entity === "reservation")).toHaveLength(rows.length);

    // a second day later still: the continuation is continued in turn, from its own check-out
    await patchNextFlight(token, caseUrn, "2026-11-24T11:30:00Z");
    const longer = await stays(caseUrn);
    expect(longer.filter((s) => s.status === "CONFIRMED")).toHaveLength(rows.length * 3);
    expect(longer.filter((s) => s.checkOut === "2026-11-24T10:00:00.000Z")).toHaveLength(rows.length);
    expect(await items(caseUrn)).toEqual([]);
  });

  it("a lost confirmation and a 503 on the continuation: the step retries, finds the booking by its reference, and books it once", async () => {
    const { tenant, token, caseUrn, rows } = await bookedAt("EXPEDIA_RAPID");
    await sandboxes.admin("EXPEDIA_RAPID", "/__sandbox/faults", { next: ["503", "lose-confirmation"] });
    await patchNextFlight(token, caseUrn, "2026-11-23T11:30:00Z");
    expect(sandboxes.faults.EXPEDIA_RAPID.pending()).toEqual([]);
    const [run] = await database.db.select().from(jobRuns).where(and(eq(jobRuns.functionId, "reaccommodate-stays"), sql`${jobRuns.event}->'data'->>'caseUrn' = ${caseUrn}`));
    const steps = await database.db.select().from(jobSteps).where(eq(jobSteps.runId, run.id));
    expect(steps.filter((st) => st.stepId.startsWith("rebook-") && st.attempts > 1).length).toBeGreaterThan(0);
    const after = await stays(caseUrn);
    const continuations = after.filter((s) => s.stayChange === "CONTINUATION");
    expect(continuations.map((s) => s.status)).toEqual(rows.map(() => "CONFIRMED"));
    const expedia = providerOf(tenant, "EXPEDIA_RAPID");
    for (const c of continuations) {
      const [row] = await database.db.select().from(reservations).where(eq(reservations.urn, c.urn));
      expect((await expedia.findByReference(row.clientReference!))?.reference).toBe(row.providerRef);
    }
    expect(await items(caseUrn)).toEqual([]);
  });

  it("the hotel is full for the missing night: the whole stay is booked at the next-ranked hotel, then the old stay is released; the passenger's old link shows the new voucher", async () => {
    const { tenant, token, caseUrn, rows } = await bookedAt("HOTELBEDS", "EXPEDIA_RAPID");
    for (const r of rows) {
      const hotelId = (await providerOf(tenant, "HOTELBEDS").status(r.providerRef!)).providerHotelId;
      await fillHotel(tenant, "HOTELBEDS", hotelId, r.providerOfferId!, "2026-11-22", "2026-11-23");
    }
    await patchNextFlight(token, caseUrn, "2026-11-23T11:30:00Z");

    const after = await stays(caseUrn);
    const hotelbeds = providerOf(tenant, "HOTELBEDS");
    for (const r of rows) {
      expect(after.find((s) => s.urn === r.urn)!.status).toBe("CANCELLED");
      expect((await hotelbeds.status(r.providerRef!)).status).toBe("CANCELLED");
      const next = after.find((s) => s.previousUrn === r.urn && s.status === "CONFIRMED")!;
      expect(next).toMatchObject({ stayChange: "REPLACEMENT", checkIn: r.checkIn.toISOString(), checkOut: "2026-11-23T10:00:00.000Z" });
      expect(next.hotelUrn).not.toBe(r.hotelUrn);
      const [group] = await database.db.select().from(passengerGroups).where(and(eq(passengerGroups.caseUrn, caseUrn), eq(passengerGroups.groupId, r.groupId)));
      expect(group.reservationUrn).toBe(next.urn);
      const [v] = await database.db.select().from(vouchers).where(eq(vouchers.reservationUrn, next.urn));
      const page = await open(r.urn, r.checkOut);
      expect(page.status).toBe(200);
      expect(page.body).toContain(v.confirmationCode);
    }
    expect(await items(caseUrn)).toEqual([]);
    const entries = (await audits(tenant)).filter((a) => a.entity === "reservation");
    expect(entries).toHaveLength(rows.length * 2); // the replacement confirmed, the old stay released

    await patchNextFlight(token, caseUrn, "2026-11-23T11:30:00Z");
    expect(await stays(caseUrn)).toEqual(after);
  });

  it("a re-booked stay keeps the party's special requests: the replacing hotel is asked for the wheelchair room and the cot", async () => {
    const { tenant, token, caseUrn, rows } = await bookedAt("HOTELBEDS", "EXPEDIA_RAPID");
    const r = rows[0];
    await database.db.update(passengers).set({ specialNeeds: ["WHEELCHAIR", "INFANT"] }).where(and(eq(passengers.caseUrn, caseUrn), eq(passengers.groupId, r.groupId)));
    const hotelId = (await providerOf(tenant, "HOTELBEDS").status(r.providerRef!)).providerHotelId;
    await fillHotel(tenant, "HOTELBEDS", hotelId, r.providerOfferId!, "2026-11-22", "2026-11-23");
    await patchNextFlight(token, caseUrn, "2026-11-23T11:30:00Z");

    const next = (await stays(caseUrn)).find((s) => s.previousUrn === r.urn && s.status === "CONFIRMED")!;
    expect(next.stayChange).toBe("REPLACEMENT");
    // what the replacing hotel holds, read back from the provider's own API
    expect((await providerOf(tenant, "EXPEDIA_RAPID").status(next.providerRef!)).specialRequests).toBe("baby cot; wheelchair-accessible room");
  });

  it("replaced elsewhere, the old stay at a provider that cannot cancel: the group moves, one item per group says to cancel the old stay at the hotel; a repeat opens none more", async () => {
    const { tenant, token, caseUrn, rows } = await bookedAt("EXPEDIA_RAPID", "HOTELBEDS");
    for (const r of rows) {
      const hotelId = (await providerOf(tenant, "EXPEDIA_RAPID").status(r.providerRef!)).providerHotelId;
      await fillHotel(tenant, "EXPEDIA_RAPID", hotelId, r.providerOfferId!, "2026-11-22", "2026-11-23");
    }
    await patchNextFlight(token, caseUrn, "2026-11-23T11:30:00Z");
    const after = await stays(caseUrn);
    for (const r of rows) {
      expect(after.find((s) => s.urn === r.urn)!.status).toBe("CONFIRMED");
      expect(after.find((s) => s.previousUrn === r.urn && s.status === "CONFIRMED")).toMatchObject({ stayChange: "REPLACEMENT", checkOut: "2026-11-23T10:00:00.000Z" });
    }
    const open1 = await items(caseUrn);
    expect(open1).toHaveLength(rows.length);
    expect(open1.every((i) => i.detail?.includes("cancel it at the hotel") && i.detail.includes("[release]"))).toBe(true);
    // the group's rooms once, though two stays are CONFIRMED until the hotel cancels the old one
    const rooms = rows.reduce((n, r) => n + r.rooms, 0);
    expect((await call(summaryHandler, `/demand/case/${caseUrn}/summary`, { token, params: { caseUrn } })).json).toMatchObject({ totalBooked: rooms });

    await patchNextFlight(token, caseUrn, "2026-11-23T11:30:00Z");
    expect(await stays(caseUrn)).toEqual(after);
    expect(await items(caseUrn)).toHaveLength(rows.length);
  });

  it("no hotel can take the group: one BOOKING_FAILED item per group with the hotels tried, the group keeps its room; the same patch again opens none more", async () => {
    const { tenant, token, caseUrn, rows } = await bookedAt("EXPEDIA_RAPID");
    for (const r of rows) {
      const hotelId = (await providerOf(tenant, "EXPEDIA_RAPID").status(r.providerRef!)).providerHotelId;
      await fillHotel(tenant, "EXPEDIA_RAPID", hotelId, r.providerOfferId!, "2026-11-22", "2026-11-23");
    }
    await patchNextFlight(token, caseUrn, "2026-11-23T11:30:00Z");
    const open1 = await items(caseUrn);
    expect(open1).toHaveLength(rows.length);
    expect(open1[0].category).toBe("BOOKING_FAILED");
    expect(open1[0].detail).toContain("no hotel took the missing nights");
    expect(open1[0].attemptedHotels[0]).toMatchObject({ reason: "hotel-full" });
    const after = await stays(caseUrn);
    for (const r of rows) expect(after.find((s) => s.urn === r.urn)!.status).toBe("CONFIRMED");

    await patchNextFlight(token, caseUrn, "2026-11-23T11:30:00Z");
    expect(await items(caseUrn)).toHaveLength(rows.length);
    expect(await stays(caseUrn)).toEqual(after);
  });
});

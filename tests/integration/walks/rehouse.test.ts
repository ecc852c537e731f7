import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { auditEntries, hotels, messages, passengerGroups, passengers, reservations, reviewItems, stayRatings, transportSegments, vouchers } from "@/db/schema";
import { systemPrincipal } from "@/lib/auth/principal";
import { walkReservation } from "@/lib/booking/walk";
import { newUrn } from "@/lib/ids";
import { closePool } from "@/lib/pool";
import { hotelSources } from "@/lib/providers/sources";
import { apiTestDatabase } from "@/tests/helpers/api";
import { sandboxFleet } from "@/tests/helpers/fleet";
import { sandboxProviders } from "@/tests/helpers/providers";
import { enqueue } from "../jobs/helpers";
import { waveOf } from "../booking/helpers";
import { bookedCase, successorOf, walkRunner } from "./helpers";

const database = apiTestDatabase({ airports: true });
// no offer cache: a search after the hotels filled sees them full, as a live source would
const sandboxes = sandboxProviders({ env: { OFFER_CACHE_TTL_SECONDS: "0" } });
sandboxFleet();
afterAll(() => closePool());
beforeEach(() => sandboxes.reset());

const sys = (tenant: string) => ({ db: database.db, principal: systemPrincipal(tenant, "reconfirmation") });
const liveRides = (caseUrn: string) => database.db.select().from(transportSegments).where(and(eq(transportSegments.caseUrn, caseUrn), inArray(transportSegments.status, ["PLANNED", "ASSIGNED"])));
const messagesOf = (urn: string) => database.db.select().from(messages).where(eq(messages.relatedUrn, urn));

describe("a walked group is rehoused", () => {
  it("at the next-ranked hotel: a REPLACEMENT of the walked stay, REHOUSED messages with the new voucher (no cancellation notice), the ride moved to the new hotel, the hotel's rating row; a repeated delivery books nothing twice", async () => {
    const { tenant, caseUrn, rows } = await bookedCase(database.db, "EXPEDIA_RAPID", "HOTELBEDS");
    const walked = rows[0];
    const ridesBefore = await liveRides(caseUrn);
    expect(ridesBefore.some((s) => s.reservationUrns.includes(walked.urn) && s.status === "ASSIGNED")).toBe(true);

    const row = await walkReservation(sys(tenant), { reservationUrn: walked.urn, reason: "OVERBOOKED", detail: "the hotel gave the rooms to walk-ins" });
    expect(row).toMatchObject({ status: "CANCELLED", walkReason: "OVERBOOKED" });
    await walkRunner(database.db).tick();

    const [next, ...more] = await successorOf(database.db, walked.urn);
    expect(more).toEqual([]);
    expect(next).toMatchObject({ status: "CONFIRMED", stayChange: "REPLACEMENT", provider: "HOTELBEDS", groupId: walked.groupId, rooms: walked.rooms, checkIn: walked.checkIn, checkOut: walked.checkOut });
    expect(next.hotelUrn).not.toBe(walked.hotelUrn);
    // a real booking at the provider
    const hotelbeds = hotelSources(sys(tenant)).sources.find((s) => s.id === "HOTELBEDS")!;
    expect(await hotelbeds.status(next.providerRef!)).toMatchObject({ status: "CONFIRMED", rooms: walked.rooms });
    // the group follows the new stay; its passengers stay BOOKED
    const [group] = await database.db.select().from(passengerGroups).where(and(eq(passengerGroups.caseUrn, caseUrn), eq(passengerGroups.groupId, walked.groupId)));
    expect([group.reservationUrn, group.hotelUrn]).toEqual([next.urn, next.hotelUrn]);
    const pax = await database.db.select().from(passengers).where(and(eq(passengers.caseUrn, caseUrn), eq(passengers.groupId, walked.groupId)));
    expect(pax.every((p) => p.operationalStatus === "BOOKED")).toBe(true);

    // one clear message: REHOUSED with the new voucher; nothing about the walked stay
    const [voucher] = await database.db.select().from(vouchers).where(eq(vouchers.reservationUrn, next.urn));
    expect(voucher.confirmationCode).toBe(next.confirmationCode);
    const told = await messagesOf(next.urn);
    expect(told.length).toBeGreaterThan(0);
    expect(told.every((m) => m.kind === "REHOUSED")).toBe(true);
    expect((await messagesOf(walked.urn)).filter((m) => m.kind === "CANCELLATION")).toEqual([]);

    // the ride: none left to the walked hotel, one planned to the new one
    const rides = await liveRides(caseUrn);
    expect(rides.some((s) => s.reservationUrns.includes(walked.urn))).toBe(false);
    expect(rides.some((s) => s.reservationUrns.includes(next.urn) && s.hotelUrn === next.hotelUrn)).toBe(true);

    // the hotel's record for quality, once
    const ratings = await database.db.select().from(stayRatings).where(eq(stayRatings.reservationUrn, walked.urn));
    expect(ratings.map((r) => [r.source, r.score, r.tags, r.hotelUrn, r.createdBy])).toEqual([["HOTEL", 1, ["WALKED"], walked.hotelUrn, "system:walk"]]);

    // every step audited: the walk, the rehousing's booking
    const audits = await database.db.select().from(auditEntries).where(and(eq(auditEntries.tenant, tenant), inArray(auditEntries.entityUrn, [walked.urn, next.urn])));
    expect(audits.find((a) => a.entityUrn === walked.urn && a.action === "walk")).toBeDefined();
    expect(audits.find((a) => a.entityUrn === next.urn && a.action === "reaccommodate")?.reason).toContain("walked the group (OVERBOOKED");

    // the same walk delivered again, and the walk itself repeated: nothing new
    expect(await walkReservation(sys(tenant), { reservationUrn: walked.urn, reason: "OVERBOOKED", detail: "again" })).toBeNull();
    await enqueue(database.db, "reservation/walked", { tenant, caseUrn, reservationUrn: walked.urn, hotelUrn: walked.hotelUrn, reason: "OVERBOOKED" });
    await walkRunner(database.db).tick();
    expect(await successorOf(database.db, walked.urn)).toEqual([next]);
    expect(await database.db.select().from(stayRatings).where(eq(stayRatings.reservationUrn, walked.urn))).toHaveLength(1);
    // the other groups kept their stays
    const others = await database.db.select().from(reservations).where(and(eq(reservations.caseUrn, caseUrn), inArray(reservations.urn, rows.slice(1).map((r) => r.urn))));
    expect(others.every((r) => r.status === "CONFIRMED")).toBe(true);
  });

  it("a ranking with no other hotel left: a new search finds a compliant hotel with rooms, best scored, and the group is rehoused there", async () => {
    const { tenant, caseUrn, rows } = await bookedCase(database.db, "EXPEDIA_RAPID");
    const walked = rows[0];
    const wave = await waveOf(database.db, caseUrn);
    expect(wave.allocations.find((a) => a.groupId === walked.groupId)!.fallbacks).toEqual([]);
    await walkReservation(sys(tenant), { reservationUrn: walked.urn, reason: "GUARANTEE_REFUSED", detail: "card declined" });
    await walkRunner(database.db).tick();
    const [next] = await successorOf(database.db, walked.urn);
    expect(next).toMatchObject({ status: "CONFIRMED", stayChange: "REPLACEMENT", bookingRun: null });
    expect(next.hotelUrn).not.toBe(walked.hotelUrn);
    // within the stay's policy (the booking tenant's: at most 30 km, 3 stars, 400 a night)
    const [hotel] = await database.db.select().from(hotels).where(eq(hotels.urn, next.hotelUrn));
    expect(hotel.stars).toBeGreaterThanOrEqual(3);
    expect(await database.db.select().from(reviewItems).where(eq(reviewItems.caseUrn, caseUrn))).toEqual([]);
  });

  it("no other hotel has rooms: one HIGH HOTEL_WALKED item naming the hotel and why, the passengers back to AWAITING_ALLOCATION, those who had the voucher told it is void; a declined booking is the hotel's DECLINED record", async () => {
    const { tenant, caseUrn, rows } = await bookedCase(database.db, "EXPEDIA_RAPID", undefined, {
      constraints: { minStars: 3, maxDistanceKm: 30, maxNightlyRate: 400, requiredAmenities: [], allowProviders: ["EXPEDIA_RAPID"] },
    });
    const walked = rows[0];
    await fillEveryHotel(tenant, walked.checkIn, walked.checkOut);
    // the voucher was handed over: its holders hear that it is void
    await database.db.update(vouchers).set({ deliveredAt: new Date() }).where(eq(vouchers.reservationUrn, walked.urn));

    await walkReservation(sys(tenant), { reservationUrn: walked.urn, reason: "DECLINED_BY_HOTEL", detail: "no rooms after all" });
    await walkRunner(database.db).tick();

    expect((await successorOf(database.db, walked.urn)).filter((r) => r.status !== "FAILED")).toEqual([]);
    const items = await database.db.select().from(reviewItems).where(eq(reviewItems.caseUrn, caseUrn));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ category: "HOTEL_WALKED", priority: "HIGH", state: "OPEN", affectedGroups: [walked.groupId], reservationUrns: [walked.urn] });
    expect(items[0].detail).toContain(walked.hotelName!);
    // the hotel's own words stay on the reservation (erasure scrubs them there), not in the item
    expect(items[0].detail).toContain("DECLINED_BY_HOTEL: reason given");
    const [group] = await database.db.select().from(passengerGroups).where(and(eq(passengerGroups.caseUrn, caseUrn), eq(passengerGroups.groupId, walked.groupId)));
    expect(group.reservationUrn).toBeNull();
    const pax = await database.db.select().from(passengers).where(and(eq(passengers.caseUrn, caseUrn), eq(passengers.groupId, walked.groupId)));
    expect(pax.every((p) => p.operationalStatus === "AWAITING_ALLOCATION")).toBe(true);
    expect((await messagesOf(walked.urn)).filter((m) => m.kind === "CANCELLATION").length).toBeGreaterThan(0);
    expect(await liveRides(caseUrn).then((r) => r.filter((s) => s.reservationUrns.includes(walked.urn)))).toEqual([]);
    const [rating] = await database.db.select().from(stayRatings).where(eq(stayRatings.reservationUrn, walked.urn));
    expect(rating.tags).toEqual(["DECLINED"]);
    const audit = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, walked.urn), eq(auditEntries.action, "rehouse")));
    expect(audit).toHaveLength(1);

    // delivered again: no second item, nothing booked
    await enqueue(database.db, "reservation/walked", { tenant, caseUrn, reservationUrn: walked.urn, hotelUrn: walked.hotelUrn, reason: "DECLINED_BY_HOTEL" });
    await walkRunner(database.db).tick();
    expect(await database.db.select().from(reviewItems).where(eq(reviewItems.caseUrn, caseUrn))).toHaveLength(1);
    expect((await successorOf(database.db, walked.urn)).filter((r) => r.status !== "FAILED")).toEqual([]);
  });

  it("a re-booking another run had under way for the walked stay is left to finish: the rehousing waits, then books its own once that one failed", async () => {
    const { tenant, caseUrn, rows } = await bookedCase(database.db, "EXPEDIA_RAPID", "HOTELBEDS");
    const walked = rows[0];
    // the passenger's choice claimed a successor just before the walk (lib/passenger/choose.ts), its provider call in flight
    const choiceUrn = newUrn("reservation");
    const { urn: _u, createdAt: _c, updatedAt: _up, ...copy } = walked;
    await database.db.insert(reservations).values({ ...copy, urn: choiceUrn, status: "PENDING", previousUrn: walked.urn, stayChange: "REPLACEMENT", requestedBy: "PASSENGER", bookingRun: "passenger-choice", clientReference: `choice-${choiceUrn.slice(-8)}`, providerRef: null, confirmationCode: null });
    await walkReservation(sys(tenant), { reservationUrn: walked.urn, reason: "CANCELLED_BY_HOTEL", detail: "" });
    await walkRunner(database.db).tick();
    expect((await successorOf(database.db, walked.urn)).map((r) => [r.urn, r.status])).toEqual([[choiceUrn, "PENDING"]]);

    // the choice's hotel refused: its row FAILED; the walk delivered again is rehoused
    await database.db.update(reservations).set({ status: "FAILED", bookingRun: null }).where(eq(reservations.urn, choiceUrn));
    await enqueue(database.db, "reservation/walked", { tenant, caseUrn, reservationUrn: walked.urn, hotelUrn: walked.hotelUrn, reason: "CANCELLED_BY_HOTEL" });
    await walkRunner(database.db).tick();
    const live = (await successorOf(database.db, walked.urn)).filter((r) => r.status === "CONFIRMED");
    expect(live).toHaveLength(1);
    expect(live[0]).toMatchObject({ bookingRun: null, stayChange: "REPLACEMENT" });
    expect(live[0].hotelUrn).not.toBe(walked.hotelUrn);
  });

  it("twenty concurrent walks of one stay: one walk, one rating, one rehousing", async () => {
    const { tenant, caseUrn, rows } = await bookedCase(database.db, "EXPEDIA_RAPID", "HOTELBEDS");
    const walked = rows[0];
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => walkReservation(sys(tenant), { reservationUrn: walked.urn, reason: "NOT_FOUND", detail: `look-up ${i}` })));
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    await walkRunner(database.db).tick();
    const successors = await successorOf(database.db, walked.urn);
    expect(successors.map((r) => r.status)).toEqual(["CONFIRMED"]);
    expect(await database.db.select().from(stayRatings).where(eq(stayRatings.reservationUrn, walked.urn))).toHaveLength(1);
    const walks = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, walked.urn), eq(auditEntries.action, "walk")));
    expect(walks).toHaveLength(1);
    expect((await database.db.select().from(reviewItems).where(eq(reviewItems.caseUrn, caseUrn))).filter((i) => i.category === "HOTEL_WALKED")).toEqual([]);
  });
});

/** Books, through the provider's own API, every room each Expedia hotel near CDG the policy could use (on a guarantee) has left for the stay (other customers took them). */
async function fillEveryHotel(tenant: string, checkIn: Date, checkOut: Date) {
  const expedia = hotelSources(sys(tenant)).sources.find((s) => s.id === "EXPEDIA_RAPID")!;
  const dates = { checkIn: checkIn.toISOString().slice(0, 10), checkOut: checkOut.toISOString().slice(0, 10) };
  const query = { airport: "CDG", latitude: 49.0097, longitude: 2.5479, radiusKm: 50, currency: "EUR", rooms: 1, guestsPerRoom: 2, ...dates };
  const usable = async () => (await expedia.search(query)).filter((o) => o.roomsAvailable > 0 && o.acceptedPayments.includes("GUARANTEE"));
  for (const offer of await usable()) {
    await expedia.book({ offerId: offer.offerId, providerHotelId: offer.providerHotelId, rooms: offer.roomsAvailable, guests: [{ firstName: "Other", lastName: "Guest" }], clientReference: `FILL${Math.random().toString(36).slice(2, 10)}`, payment: { method: "GUARANTEE" }, ...dates });
  }
  expect(await usable()).toEqual([]);
}

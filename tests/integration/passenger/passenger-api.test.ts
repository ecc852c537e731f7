import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { POST as createCaseHandler } from "@/app/api/v1/cases/route";
import { POST as choiceHandler } from "@/app/api/v1/passenger/[token]/choice/route";
import { GET as choicesHandler } from "@/app/api/v1/passenger/[token]/choices/route";
import { POST as declineHandler } from "@/app/api/v1/passenger/[token]/decline/route";
import { GET as statusHandler } from "@/app/api/v1/passenger/[token]/route";
import { allocationWaves, auditEntries, jobEvents, passengerGroups, passengers, policies, reservations, vouchers } from "@/db/schema";
import { systemPrincipal } from "@/lib/auth/principal";
import { providerHotelId } from "@/lib/booking/hotel-refs";
import { closePool } from "@/lib/pool";
import { hotelSources } from "@/lib/providers/sources";
import { openPassengerLink } from "@/lib/passenger/link";
import { setPassengerLanguage } from "@/lib/passenger/language";
import { transaction } from "@/lib/context";
import { refreshVoucher } from "@/lib/vouchers/refresh";
import { passengerVoucherPage as voucherPage } from "@/lib/vouchers/passenger";
import { linkExpiry, signPassengerToken } from "@/lib/vouchers/link";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { casePayload } from "@/tests/helpers/cases";
import { sandboxProviders } from "@/tests/helpers/providers";
import { releaseChosenStay } from "@/inngest/functions/release-chosen-stay";
import { cancelReservation } from "@/lib/booking/cancel";
import { getVoucher } from "@/lib/vouchers/get";
import { declineStay } from "@/lib/passenger/decline";
import { createRunner } from "@/lib/jobs/runner";
import { DomainError } from "@/lib/errors";
import { REFUSAL_WORDS } from "@/lib/i18n";
import { approvedCase, bookingRunner, bookingTenant, reservationsOf, waveOf } from "../booking/helpers";

const database = apiTestDatabase({ airports: true });
const sandboxes = sandboxProviders();
afterAll(() => closePool());
beforeEach(() => sandboxes.reset());
afterEach(() => {
  delete process.env.RATE_LIMIT_PER_MINUTE;
});

const CDG = { airport: "CDG", latitude: 49.0097, longitude: 2.5479, radiusKm: 50, currency: "EUR", rooms: 1, guestsPerRoom: 2 };

/** A case booked for real at the Hotelbeds sandbox (or `provider`'s: the policy searches it only), each group's voucher issued. */
async function booked(payload = casePayload(), provider = "HOTELBEDS") {
  const { tenant, token } = await bookingTenant(database.db, {
    constraints: { minStars: 3, maxDistanceKm: 30, maxNightlyRate: 400, requiredAmenities: [], allowProviders: [provider] },
  });
  const { caseUrn } = await approvedCase(token, payload);
  await bookingRunner(database.db).tick();
  const rows = await reservationsOf(database.db, caseUrn, "CONFIRMED");
  expect(rows.length, JSON.stringify((await waveOf(database.db, caseUrn)).allocations)).toBeGreaterThan(1);
  // the group of three economy passengers: the one with the most people
  const counts = await Promise.all(rows.map(async (r) => (await database.db.select().from(passengers).where(and(eq(passengers.caseUrn, caseUrn), eq(passengers.groupId, r.groupId)))).length));
  const r = rows[counts.indexOf(Math.max(...counts))];
  return { tenant, token, caseUrn, r, link: signPassengerToken(r.urn, linkExpiry(r.checkOut)) };
}

const status = (token: string, headers: Record<string, string> = {}, query: Record<string, string> = {}) => call(statusHandler, `/passenger/${token}`, { params: { token }, headers, query });
const choices = (token: string) => call(choicesHandler, `/passenger/${token}/choices`, { params: { token } });
const choose = (token: string, hotelUrn: string) => call(choiceHandler, `/passenger/${token}/choice`, { params: { token }, body: { hotelUrn } });
const decline = (token: string, body: unknown = {}, headers: Record<string, string> = {}) => call(declineHandler, `/passenger/${token}/decline`, { params: { token }, body, headers });
const row = async (urn: string) => (await database.db.select().from(reservations).where(eq(reservations.urn, urn)))[0];
const audits = (urn: string, action: string) => database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, urn), eq(auditEntries.action, action)));

/** The job that releases the stay a passenger left, on a clock the test moves (a failed step's retry waits for it). */
let offset = 0;
const releaseRunner = () => createRunner({ db: database.db, jobs: [releaseChosenStay], clock: { now: () => Date.now() + offset } });
const later = () => void (offset += 3_600_000);

/** Books, through Hotelbeds' own API, every room the hotel has left for the stay: another customer took them. */
async function fill(tenant: string, hotelUrn: string) {
  const ctx = { db: database.db, principal: systemPrincipal(tenant) };
  const hb = hotelSources(ctx).sources.find((s) => s.id === "HOTELBEDS")!;
  const id = await providerHotelId(ctx, hotelUrn, "HOTELBEDS");
  const offer = (await hb.search({ ...CDG, checkIn: "2026-11-21", checkOut: "2026-11-22" })).find((o) => o.providerHotelId === id)!;
  await hb.book({ offerId: offer.offerId, providerHotelId: id, rooms: offer.roomsAvailable, guests: [{ firstName: "Other", lastName: "Guest" }], clientReference: `FILL${Date.now()}${Math.random().toString(36).slice(2, 8)}`, payment: { method: "GUARANTEE" }, checkIn: "2026-11-21", checkOut: "2026-11-22" });
}

describe("GET /passenger/{token}: the stay as JSON, for the link's reservation only", () => {
  it("shows the hotel, stay, guests by first name and initial, the next flight and an open choice; nothing of other groups", async () => {
    const { r, link, caseUrn } = await booked();
    const res = await status(link, { "accept-language": "de-DE,de;q=0.9" });
    expect(res.status, res.text).toBe(200);
    expect(res.json.reservation).toMatchObject({ status: "CONFIRMED", rooms: r.rooms, checkIn: r.checkIn.toISOString(), hotel: { urn: r.hotelUrn } });
    expect(res.json.reservation.hotel.mapUrl).toMatch(/^https:\/\/www\.openstreetmap\.org\//);
    expect(res.json.reservation.guests.length).toBe(3);
    for (const g of res.json.reservation.guests) expect(g).toMatch(/^\S+ [A-Z]\.$/);
    expect(res.json.nextFlight).toEqual({ number: "AF1236", scheduledDeparture: "2026-11-22T09:30:00Z" });
    expect(res.json.choice).toMatchObject({ open: true, minutesLeft: 20 });
    expect(res.json).toMatchObject({ declined: false, locale: "de" });
    expect(res.text).not.toContain(caseUrn);
    expect(res.headers.get("content-type")).toBe("application/json");
    // ?lang= wins over the browser's language
    expect((await status(link, { "accept-language": "de" }, { lang: "es" })).json.locale).toBe("es");
  });

  it("a forged or malformed token is a 404 problem, an expired one a 401 problem; neither reveals the stay", async () => {
    const { r, link } = await booked();
    const [payload, exp, sig] = link.split(".");
    for (const token of [`${payload}.${Number(exp) + 1}.${sig}`, "garbage", `${payload}.${exp}.${"A".repeat(43)}`]) {
      const res = await status(token);
      expect(res.status, token).toBe(404);
      expect(res.json).toMatchObject({ code: "NOT_FOUND" });
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(res.text).not.toContain(r.hotelUrn);
    }
    const expired = await status(signPassengerToken(r.urn, Math.floor(Date.now() / 1000) - 1));
    expect(expired.status).toBe(401);
    expect(expired.json).toMatchObject({ code: "UNAUTHENTICATED" });
    expect((await choose("garbage", r.hotelUrn)).status).toBe(404);
    expect((await decline(signPassengerToken(r.urn, Math.floor(Date.now() / 1000) - 1))).status).toBe(401);
  });

  it("is rate-limited per link: past the limit a 429 problem with Retry-After", async () => {
    const { link } = await booked();
    process.env.RATE_LIMIT_PER_MINUTE = "3";
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await status(link));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(answers[3].json).toMatchObject({ code: "RATE_LIMITED" });
    expect(Number(answers[3].headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("choosing another hotel", () => {
  it("before the deadline: the new hotel is booked as a replacement with its voucher, the first stay released only after, the old link follows; audited as the link", async () => {
    const { r, link, tenant } = await booked();
    const list = await choices(link);
    expect(list.status, list.text).toBe(200);
    expect(list.json.choice.open).toBe(true);
    expect(list.json.hotels.length).toBeGreaterThan(0);
    expect(list.json.hotels.length).toBeLessThanOrEqual(3);
    expect(list.json.hotels.map((h: { hotelUrn: string }) => h.hotelUrn)).not.toContain(r.hotelUrn);
    const pick = list.json.hotels[0];

    const res = await choose(link, pick.hotelUrn);
    expect(res.status, res.text).toBe(200);
    expect(res.json.reservation).toMatchObject({ status: "CONFIRMED", hotel: { urn: pick.hotelUrn } });
    // one choice per stay: the moved stay offers none
    expect(res.json.choice.open).toBe(false);

    const [next] = await database.db.select().from(reservations).where(and(eq(reservations.previousUrn, r.urn), eq(reservations.status, "CONFIRMED")));
    expect(next).toMatchObject({ stayChange: "REPLACEMENT", hotelUrn: pick.hotelUrn, checkIn: r.checkIn, checkOut: r.checkOut });
    // the first stay is released by the job, after the choice committed
    await releaseRunner().tick();
    expect((await row(r.urn)).status).toBe("CANCELLED");
    const hb = hotelSources({ db: database.db, principal: systemPrincipal(tenant) }).sources.find((s) => s.id === "HOTELBEDS")!;
    expect((await hb.status(r.providerRef!)).status).toBe("CANCELLED");
    expect((await hb.status(next.providerRef!)).status).toBe("CONFIRMED");
    const [group] = await database.db.select().from(passengerGroups).where(and(eq(passengerGroups.caseUrn, r.caseUrn), eq(passengerGroups.groupId, r.groupId)));
    expect(group).toMatchObject({ reservationUrn: next.urn, hotelUrn: pick.hotelUrn });
    expect(await database.db.select().from(vouchers).where(eq(vouchers.reservationUrn, next.urn))).toHaveLength(1);
    // the rides follow: the new stay's confirmation plans its own, the first stay's cancellation drops its
    const events = (name: string, urn: string) => database.db.select().from(jobEvents).where(and(eq(jobEvents.name, name), sql`${jobEvents.data}->>'reservationUrn' = ${urn}`));
    expect(await events("reservation/confirmed", next.urn)).toHaveLength(1);
    expect(await events("reservation/cancelled", r.urn)).toHaveLength(1);
    const [entry] = await audits(r.urn, "passenger.choose_hotel");
    expect(entry).toMatchObject({ actor: `passenger-link:${r.urn}` });
    // the link mailed for the first stay now shows the new one; choosing again is refused
    expect((await status(link)).json.reservation.hotel.urn).toBe(pick.hotelUrn);
    expect((await choose(link, r.hotelUrn)).json).toMatchObject({ code: "CHOICE_CLOSED" });
  });

  it("after the deadline: 409 CHOICE_CLOSED, nothing booked, the first hotel stays; choiceMinutes 0 never opens it", async () => {
    const { r, link } = await booked();
    const pick = (await choices(link)).json.hotels[0];
    await database.db.update(vouchers).set({ createdAt: new Date(Date.now() - 21 * 60_000) }).where(eq(vouchers.reservationUrn, r.urn));
    expect((await status(link)).json.choice).toMatchObject({ open: false, minutesLeft: 0 });
    expect((await choices(link)).json.hotels).toEqual([]);
    const res = await choose(link, pick.hotelUrn);
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ code: "CHOICE_CLOSED" });
    expect(await database.db.select().from(reservations).where(eq(reservations.previousUrn, r.urn))).toEqual([]);
    expect((await row(r.urn)).status).toBe("CONFIRMED");

    const off = await booked();
    const [wave] = await database.db.select().from(allocationWaves).where(eq(allocationWaves.urn, off.r.waveUrn));
    for (const p of wave.policies) {
      const [pol] = await database.db.select().from(policies).where(eq(policies.urn, p.policyUrn));
      await database.db.update(policies).set({ body: { ...(pol.body as object), choiceMinutes: 0 } }).where(eq(policies.urn, p.policyUrn));
    }
    expect((await status(off.link)).json.choice).toEqual({ open: false, deadline: null, minutesLeft: 0 });
  });

  it("a hotel that filled meanwhile refuses: 409 HOTEL_UNAVAILABLE, the first hotel stays and its voucher too", async () => {
    const { r, link, tenant } = await booked();
    const pick = (await choices(link)).json.hotels[0];
    await fill(tenant, pick.hotelUrn);
    const res = await choose(link, pick.hotelUrn);
    expect(res.status, res.text).toBe(409);
    expect(res.json).toMatchObject({ code: "HOTEL_UNAVAILABLE" });
    expect(res.json.detail).toContain("you keep your hotel");
    // the hotel's refusal is the desk's to read: the passenger is told only that it is full
    expect(res.json.detail).toBe(REFUSAL_WORDS.en.hotelFull.replace("{hotel}", pick.name));
    expect((await row(r.urn)).status).toBe("CONFIRMED");
    const successors = await database.db.select().from(reservations).where(eq(reservations.previousUrn, r.urn));
    expect(successors.map((s) => s.status)).toEqual(["FAILED"]);
    expect((await status(link)).json.reservation).toMatchObject({ status: "CONFIRMED", hotel: { urn: r.hotelUrn } });
    expect((await audits(r.urn, "passenger.choose_hotel"))[0]).toMatchObject({ airport: "CDG", reason: expect.stringContaining("the first hotel stays") });
  });

  it("a lost confirmation: the choice looks the booking up by its reference and books the hotel once", async () => {
    const { r, link, tenant } = await booked();
    const pick = (await choices(link)).json.hotels[0];
    await sandboxes.admin("HOTELBEDS", "/__sandbox/faults", { next: ["lose-confirmation"] });
    const res = await choose(link, pick.hotelUrn);
    expect(res.status, res.text).toBe(200);
    expect(res.json.reservation.hotel.urn).toBe(pick.hotelUrn);
    const [next] = await database.db.select().from(reservations).where(and(eq(reservations.previousUrn, r.urn), eq(reservations.status, "CONFIRMED")));
    const hb = hotelSources({ db: database.db, principal: systemPrincipal(tenant) }).sources.find((s) => s.id === "HOTELBEDS")!;
    expect((await hb.findByReference(next.clientReference!))?.reference).toBe(next.providerRef);
  });

  it("two choices at once: one wins, the other is a 409; one replacement only", async () => {
    const { r, link } = await booked();
    const hotels = (await choices(link)).json.hotels;
    const [a, b] = [hotels[0], hotels[1] ?? hotels[0]];
    const answers = await Promise.all([choose(link, a.hotelUrn), choose(link, b.hotelUrn)]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    expect(answers.find((x) => x.status === 409)!.json.code).toMatch(/^(CHOICE_IN_PROGRESS|CHOICE_CLOSED)$/);
    // the refused one is audited too, as the link
    const refusal = (await audits(r.urn, "passenger.choose_hotel")).find((e) => /^(CHOICE_IN_PROGRESS|CHOICE_CLOSED):/.test(e.reason ?? ""));
    expect(refusal).toMatchObject({ actor: `passenger-link:${r.urn}`, airport: "CDG" });
    const live = await database.db.select().from(reservations).where(and(eq(reservations.previousUrn, r.urn), eq(reservations.status, "CONFIRMED")));
    expect(live).toHaveLength(1);
    await releaseRunner().tick();
    expect((await row(r.urn)).status).toBe("CANCELLED");
  });

  it("the first stay's provider unreachable: the choice answers 200 with the new stay at once, the job releases the first stay once the provider answers", async () => {
    const { r, link, tenant } = await booked();
    const pick = (await choices(link)).json.hotels[0];
    const res = await choose(link, pick.hotelUrn);
    expect(res.status, res.text).toBe(200);
    expect(res.json.reservation).toMatchObject({ status: "CONFIRMED", hotel: { urn: pick.hotelUrn } });
    // the page follows the chosen stay while the first is still CONFIRMED
    expect((await row(r.urn)).status).toBe("CONFIRMED");
    expect((await status(link)).json.reservation.hotel.urn).toBe(pick.hotelUrn);
    // and so does the voucher behind it: never the page on one hotel and the voucher on another
    const voucher = await voucherPage(database.db, link);
    expect(voucher.status).toBe(200);
    expect(voucher.html).toContain(res.json.reservation.confirmationCode);
    const [entry] = await audits(r.urn, "passenger.choose_hotel");
    expect(entry).toMatchObject({ actor: `passenger-link:${r.urn}`, airport: "CDG" });

    await sandboxes.admin("HOTELBEDS", "/__sandbox/faults", { rate5xx: 1 });
    await releaseRunner().tick();
    expect((await row(r.urn)).status).toBe("CONFIRMED");
    const hb = hotelSources({ db: database.db, principal: systemPrincipal(tenant) }).sources.find((s) => s.id === "HOTELBEDS")!;
    await sandboxes.admin("HOTELBEDS", "/__sandbox/faults/reset");
    expect((await hb.status(r.providerRef!)).status).toBe("CONFIRMED");

    later();
    await releaseRunner().tick();
    expect((await row(r.urn)).status).toBe("CANCELLED");
    expect((await hb.status(r.providerRef!)).status).toBe("CANCELLED");
    expect(await audits(r.urn, "reaccommodate")).toHaveLength(1);
    expect((await status(link)).json.reservation.hotel.urn).toBe(pick.hotelUrn);
  });

  it("a booking whose answer and lookups are lost stays PENDING (findable by its reference), answers 503, and holds off a decline meanwhile", async () => {
    const { r, link, tenant } = await booked();
    const pick = (await choices(link)).json.hotels[0];
    // lookup ok, the booking made but its answer lost, then every lookup fails
    await sandboxes.admin("HOTELBEDS", "/__sandbox/faults", { next: ["none", "lose-confirmation", "503", "503", "503"] });
    const res = await choose(link, pick.hotelUrn);
    expect(res.status, res.text).toBe(503);
    expect(res.json).toMatchObject({ code: "HOTEL_UNREACHABLE" });
    const [pending] = await database.db.select().from(reservations).where(eq(reservations.previousUrn, r.urn));
    expect(pending.status).toBe("PENDING");
    await sandboxes.admin("HOTELBEDS", "/__sandbox/faults/reset");
    const hb = hotelSources({ db: database.db, principal: systemPrincipal(tenant) }).sources.find((s) => s.id === "HOTELBEDS")!;
    expect((await hb.findByReference(pending.clientReference!))?.status).toBe("CONFIRMED");
    expect((await audits(r.urn, "passenger.choose_hotel"))[0]).toMatchObject({ airport: "CDG" });

    // the first stay is not cancelled under a room that may be booked
    const declined = await decline(link);
    expect(declined.status, declined.text).toBe(409);
    expect(declined.json).toMatchObject({ code: "CHOICE_IN_PROGRESS" });
    expect((await row(r.urn)).status).toBe("CONFIRMED");
    expect((await hb.status(r.providerRef!)).status).toBe("CONFIRMED");
  });

  it("refusals are audited as the link with the airport: a closed choice, a hotel not among the choices", async () => {
    const { r, link } = await booked();
    const res = await choose(link, r.hotelUrn);
    expect(res.json).toMatchObject({ code: "HOTEL_UNAVAILABLE" });
    await database.db.update(vouchers).set({ createdAt: new Date(Date.now() - 21 * 60_000) }).where(eq(vouchers.reservationUrn, r.urn));
    expect((await choose(link, r.hotelUrn)).json).toMatchObject({ code: "CHOICE_CLOSED" });
    const entries = await audits(r.urn, "passenger.choose_hotel");
    expect(entries.map((e) => e.reason?.split(":")[0]).sort()).toEqual(["CHOICE_CLOSED", "HOTEL_UNAVAILABLE"]);
    for (const e of entries) expect(e).toMatchObject({ actor: `passenger-link:${r.urn}`, airport: "CDG" });
  });
});

describe("POST /passenger/{token}/decline", () => {
  it("releases the room at the provider, makes the group LOCAL_RESIDENT, audits the reason as the link; a repeat answers the same", async () => {
    const { r, link, tenant } = await booked();
    const res = await decline(link, { reason: "staying with family" });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ declined: true, reservation: { status: "CANCELLED" } });
    expect((await row(r.urn)).status).toBe("CANCELLED");
    const hb = hotelSources({ db: database.db, principal: systemPrincipal(tenant) }).sources.find((s) => s.id === "HOTELBEDS")!;
    expect((await hb.status(r.providerRef!)).status).toBe("CANCELLED");
    const party = await database.db.select().from(passengers).where(and(eq(passengers.caseUrn, r.caseUrn), eq(passengers.groupId, r.groupId)));
    expect(party.map((p) => p.operationalStatus)).toEqual(party.map(() => "LOCAL_RESIDENT"));
    const [entry] = await audits(r.urn, "passenger.decline");
    expect(entry).toMatchObject({ actor: `passenger-link:${r.urn}`, reason: "staying with family" });

    const again = await decline(link);
    expect(again.status).toBe(200);
    expect(again.json.declined).toBe(true);
    expect(await audits(r.urn, "passenger.decline")).toHaveLength(1);
    // the status still answers, and says so; no choice on a released room
    expect((await status(link)).json).toMatchObject({ declined: true, choice: { open: false } });
    expect((await choices(link)).json.hotels).toEqual([]);
  });
});

describe("decline: refusals", () => {
  it("an operator's cancel that won the race is not answered as the passenger's decline: 409", async () => {
    const { r, link, tenant } = await booked();
    const opened = await openPassengerLink({ db: database.db }, link);
    await cancelReservation({ ctx: { db: database.db, principal: systemPrincipal(tenant) }, input: { reservationUrn: r.urn, reason: "desk cancelled it", rehouse: true } });
    const err = await declineStay(opened, {}).catch((e) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ status: 409, code: "INVALID_TRANSITION" });
    expect(await audits(r.urn, "passenger.decline")).toHaveLength(0);
  });

  it("a provider that cannot cancel: 409 CANNOT_RELEASE in the passenger's words and language, the provider's words in the audit, the room kept", async () => {
    const { r, link } = await booked(casePayload(), "EXPEDIA_RAPID");
    expect(r.provider).toBe("EXPEDIA_RAPID");
    const res = await decline(link, { reason: "staying with family" }, { "accept-language": "fr-FR,fr;q=0.9" });
    expect(res.status, res.text).toBe(409);
    expect(res.json).toMatchObject({ code: "CANNOT_RELEASE", detail: REFUSAL_WORDS.fr.cannotRelease });
    // nothing written for staff: no provider, no tier, no instruction to record anything
    expect(res.text).not.toMatch(/EXPEDIA|Expedia|self-service|enterprise|record it here/i);
    expect((await row(r.urn)).status).toBe("CONFIRMED");
    expect(await audits(r.urn, "passenger.decline")).toHaveLength(0);
    const [refused] = await audits(r.urn, "passenger.decline_refused");
    expect(refused).toMatchObject({ actor: `passenger-link:${r.urn}`, airport: "CDG" });
    expect(refused.reason).toMatch(/staying with family.*EXPEDIA_RAPID does not support cancellation through its self-service tier/);
  });

  it("a checked-out stay is a 409 INVALID_TRANSITION, not a 404", async () => {
    const { r, link } = await booked();
    await database.db.update(reservations).set({ status: "CHECKED_OUT" }).where(eq(reservations.urn, r.urn));
    const res = await decline(link);
    expect(res.status, res.text).toBe(409);
    expect(res.json).toMatchObject({ code: "INVALID_TRANSITION" });
  });
});

describe("the link is the credential", () => {
  it("a forged token is a 404 whatever the body (never a 415 or 422)", async () => {
    const { r } = await booked();
    for (const opts of [{ body: { hotelUrn: 5 } }, { rawBody: "not json", headers: { "content-type": "text/plain" } }, { rawBody: "{", headers: { "content-type": "application/json" } }]) {
      const res = await call(choiceHandler, "/passenger/garbage/choice", { params: { token: "garbage" }, ...opts });
      expect(res.status, JSON.stringify(opts)).toBe(404);
      const d = await call(declineHandler, "/passenger/garbage/decline", { params: { token: "garbage" }, ...opts });
      expect(d.status, JSON.stringify(opts)).toBe(404);
    }
    expect((await call(choiceHandler, "/passenger/x/choice", { params: { token: signPassengerToken(r.urn, Math.floor(Date.now() / 1000) - 1) }, body: { hotelUrn: 5 } })).status).toBe(401);
  });

  it("acts with no role: only the permission its verbs need (a voucher read through the operators' verb is refused)", async () => {
    const { r, link } = await booked();
    const opened = await openPassengerLink({ db: database.db }, link);
    expect(opened.ctx.principal.roles).toEqual([]);
    await expect(getVoucher({ ctx: opened.ctx, input: { reservationUrn: r.urn, format: "html" } })).rejects.toMatchObject({ status: 403 });
  });

  it("a bad language cookie (%zz) never turns into a 500, on every route", async () => {
    const { r, link } = await booked();
    const headers = { cookie: "passenger_lang=%zz; other=1" };
    expect((await call(statusHandler, `/passenger/${link}`, { params: { token: link }, headers })).status).toBe(200);
    expect((await call(choicesHandler, `/passenger/${link}/choices`, { params: { token: link }, headers })).status).toBe(200);
    const chose = await call(choiceHandler, `/passenger/${link}/choice`, { params: { token: link }, headers, body: { hotelUrn: r.hotelUrn } });
    expect(chose.status, chose.text).toBe(409);
    const declined = await call(declineHandler, `/passenger/${link}/decline`, { params: { token: link }, headers, body: {} });
    expect(declined.status, declined.text).toBe(200);
    expect((await call(statusHandler, `/passenger/${link}`, { params: { token: link }, headers: { cookie: "passenger_lang=es" } })).json.locale).toBe("es");
  });
});

describe("languages", () => {
  it("the manifest's language: the group's voucher is issued in it, and the status answers in it", async () => {
    const payload = casePayload();
    for (const g of payload.passengerGroups) for (const p of g.passengers) (p as { language?: string }).language = "fr";
    const { r, link } = await booked(payload);
    const [v] = await database.db.select().from(vouchers).where(eq(vouchers.reservationUrn, r.urn));
    expect(v.html).toContain('lang="fr"');
    expect(v.text).toContain("BON D'HÔTEL");
    expect(v.text).toContain("Code de confirmation");
    expect((await status(link, { "accept-language": "de" })).json.locale).toBe("fr");
  });

  it("the page's switch stores the language on the group's passengers, audited as the link; later vouchers speak it; the same choice again writes nothing", async () => {
    const { r, link, tenant } = await booked();
    const opened = await openPassengerLink({ db: database.db }, link);
    expect(await setPassengerLanguage(opened, "es")).toBe(true);
    const party = await database.db.select().from(passengers).where(and(eq(passengers.caseUrn, r.caseUrn), eq(passengers.groupId, r.groupId)));
    expect(party.map((p) => p.language)).toEqual(party.map(() => "es"));
    expect(await audits(r.urn, "passenger.language")).toMatchObject([{ actor: `passenger-link:${r.urn}` }]);
    expect(await setPassengerLanguage(opened, "es")).toBe(false);
    expect(await audits(r.urn, "passenger.language")).toHaveLength(1);
    await transaction({ db: database.db, principal: systemPrincipal(tenant) }, (tx) => refreshVoucher(tx, r.urn));
    const [v] = await database.db.select().from(vouchers).where(eq(vouchers.reservationUrn, r.urn));
    expect(v.text).toContain("BONO DE HOTEL");
    expect((await status(link)).json.locale).toBe("es");
  });

  it("a manifest language we do not speak is refused with a 422 naming the field", async () => {
    const { token } = await bookingTenant(database.db);
    const payload = casePayload();
    (payload.passengerGroups[0].passengers[0] as { language?: string }).language = "it";
    const res = await call(createCaseHandler, "/cases", { token, body: payload });
    expect(res.status).toBe(422);
    expect(res.json.errors.map((e: { path: string }) => e.path).join()).toMatch(/passengers.*0.*language/);
  });
});

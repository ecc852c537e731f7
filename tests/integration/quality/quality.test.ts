import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as problemH } from "@/app/api/v1/booking/reservations/[reservationUrn]/problems/route";
import { POST as eraseH } from "@/app/api/v1/cases/[caseUrn]/passengers/[passengerId]/erase/route";
import { GET as qualityH } from "@/app/api/v1/hotels/[hotelUrn]/quality/route";
import { POST as rateH } from "@/app/api/v1/passenger/[token]/rating/route";
import { GET as reportH } from "@/app/api/v1/reports/[reportUrn]/route";
import { POST as generateH } from "@/app/api/v1/reports/route";
import { reportCsv } from "@/lib/reports";
import { auditEntries, directContracts, reservations, stayRatings } from "@/db/schema";
import { newUrn } from "@/lib/ids";
import type { RatingSource, RatingTag } from "@/lib/vocabulary";
import { signPassengerToken } from "@/lib/vouchers/link";
import { apiTestDatabase, call, tokenFor } from "@/tests/helpers/api";
import { pax, roleToken } from "@/tests/helpers/cases";
import { uniqueTenant } from "@/tests/helpers/factories";
import { confirmedReservation, type ReservationFixture } from "@/tests/helpers/reservations";

const database = apiTestDatabase({ airports: true });
const HOUR = 3_600_000;

afterEach(() => {
  delete process.env.QUALITY_MIN_RATINGS;
});

type Booked = ReservationFixture & { tenant: string; token: string; link: string };

/** A CONFIRMED stay of a new tenant at a new CDG hotel; its check-in `startsIn` ms from now (negative: begun). */
async function booked(opts: { startsIn?: number; tenant?: string; hotelUrn?: string } = {}): Promise<Booked> {
  const tenant = opts.tenant ?? uniqueTenant();
  const token = await roleToken(tenant, "OPS_SUPERVISOR");
  const group = { pnr: `Q${Math.random().toString(36).slice(2, 7).toUpperCase()}`, passengers: [pax(`Q-${Math.random().toString(36).slice(2, 8)}`, "ECONOMY", { firstName: "Odalys", lastName: "Quenneville" })] };
  const fx = await confirmedReservation(database.db, { token, tenant, group });
  const checkIn = new Date(Date.now() + (opts.startsIn ?? -2 * HOUR));
  const set: Partial<typeof reservations.$inferInsert> = { checkIn, checkOut: new Date(checkIn.getTime() + 14 * HOUR) };
  if (opts.hotelUrn) set.hotelUrn = opts.hotelUrn;
  await database.db.update(reservations).set(set).where(eq(reservations.urn, fx.reservationUrn));
  const link = signPassengerToken(fx.reservationUrn, Math.floor(Date.now() / 1000) + 3 * 86_400);
  return { ...fx, hotelUrn: opts.hotelUrn ?? fx.hotelUrn, tenant, token, link };
}

const rate = (link: string, body: unknown) => call(rateH, `/passenger/${link}/rating`, { params: { token: link }, body });
const quality = (token: string, hotelUrn: string) => call(qualityH, `/hotels/${hotelUrn}/quality`, { token, params: { hotelUrn } });
const problem = (token: string, reservationUrn: string, body: unknown) => call(problemH, `/booking/reservations/${reservationUrn}/problems`, { token, params: { reservationUrn }, body });
const ratingsOf = (reservationUrn: string) => database.db.select().from(stayRatings).where(eq(stayRatings.reservationUrn, reservationUrn));

/** Ratings as rows (the walk and other sources insert them the same way), for score tests. */
async function addRatings(b: Booked, scores: number[], source: RatingSource = "OPERATOR", tags: RatingTag[] = []) {
  for (const score of scores) {
    await database.db.insert(stayRatings).values({ urn: newUrn("rating"), tenant: b.tenant, reservationUrn: b.reservationUrn, hotelUrn: b.hotelUrn, source, score, tags, createdBy: "test" });
  }
}

describe("POST /passenger/{token}/rating: the passengers rate their stay once", () => {
  it("201 with the rating, audited without the comment; a second rating is 409 ALREADY_RATED and changes nothing", async () => {
    const b = await booked();
    const first = await rate(b.link, { score: 2, tags: ["NOISY", "NO_SHUTTLE"], comment: "The shuttle never came." });
    expect(first.status, first.text).toBe(201);
    expect(first.json).toMatchObject({ reservationUrn: b.reservationUrn, hotelUrn: b.hotelUrn, source: "PASSENGER", score: 2, tags: ["NOISY", "NO_SHUTTLE"], comment: "The shuttle never came." });
    const second = await rate(b.link, { score: 5, tags: [] });
    expect(second.status).toBe(409);
    expect(second.json.code).toBe("ALREADY_RATED");
    const rows = await ratingsOf(b.reservationUrn);
    expect(rows.map((r) => r.score)).toEqual([2]);
    const [audit] = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, b.reservationUrn), eq(auditEntries.action, "passenger.rate_stay")));
    expect(audit.actor).toBe(`passenger-link:${b.reservationUrn}`);
    expect(JSON.stringify(audit.changes)).not.toContain("shuttle never came");
  });

  it("ten ratings at once: exactly one is kept, the others 409 ALREADY_RATED", async () => {
    const b = await booked();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => rate(b.link, { score: (i % 5) + 1 })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).every((a) => a.json.code === "ALREADY_RATED")).toBe(true);
    expect(await ratingsOf(b.reservationUrn)).toHaveLength(1);
  });

  it("bad input is a 4xx that writes nothing; a forged link is 404", async () => {
    const b = await booked();
    const bad: unknown[] = [
      {},
      { score: 0 },
      { score: 6 },
      { score: 2.5 },
      { score: "5" },
      { score: 3, tags: ["WALKED"] },
      { score: 3, tags: ["SMELLY"] },
      { score: 3, tags: ["NOISY", "NOISY"] },
      { score: 3, comment: "x".repeat(1001) },
      { score: 3, comment: "line one\nline two" },
      { score: 3, extra: true },
      [1, 2],
    ];
    for (const body of bad) {
      const res = await rate(b.link, body);
      expect(res.status, `${JSON.stringify(body)} → ${res.text}`).toBe(422);
    }
    expect((await rate(`${b.link.slice(0, -3)}xyz`, { score: 4 })).status).toBe(404);
    expect(await ratingsOf(b.reservationUrn)).toEqual([]);
    // and the stay can still be rated after all that
    expect((await rate(b.link, { score: 4 })).status).toBe(201);
  });

  it("a stay that has not begun: 409 STAY_NOT_BEGUN; once the hotel records the check-in it can be rated", async () => {
    const b = await booked({ startsIn: 3 * HOUR });
    const early = await rate(b.link, { score: 4 });
    expect(early.status).toBe(409);
    expect(early.json.code).toBe("STAY_NOT_BEGUN");
    expect(await ratingsOf(b.reservationUrn)).toEqual([]);
    await database.db.update(reservations).set({ arrival: "CHECKED_IN", arrivalRecordedAt: new Date() }).where(eq(reservations.urn, b.reservationUrn));
    expect((await rate(b.link, { score: 4 })).status).toBe(201);
  });

  it("a stay cancelled without replacement has nothing to rate: 404", async () => {
    const b = await booked();
    await database.db.update(reservations).set({ status: "CANCELLED" }).where(eq(reservations.urn, b.reservationUrn));
    expect((await rate(b.link, { score: 1 })).status).toBe(404);
    expect(await ratingsOf(b.reservationUrn)).toEqual([]);
  });
});

describe("GET /hotels/{hotelUrn}/quality: the score of the tenant's ratings", () => {
  it("null below QUALITY_MIN_RATINGS, the mean once there are enough; tags most frequent first", async () => {
    const b = await booked();
    await addRatings(b, [1, 2, 2, 3], "OPERATOR", ["NO_SHUTTLE"]);
    let res = await quality(b.token, b.hotelUrn);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ hotelUrn: b.hotelUrn, score: null, ratings: 4, minRatings: 5, tags: [{ tag: "NO_SHUTTLE", count: 4 }] });
    expect((await rate(b.link, { score: 4, tags: ["DIRTY", "NO_SHUTTLE"] })).status).toBe(201);
    await addRatings(b, [1], "HOTEL", ["WALKED"]);
    res = await quality(b.token, b.hotelUrn);
    // (1+2+2+3+4+1)/6 = 2.1666…
    expect(res.json).toMatchObject({ score: 2.17, ratings: 6 });
    expect(res.json.tags).toEqual([{ tag: "NO_SHUTTLE", count: 5 }, { tag: "DIRTY", count: 1 }, { tag: "WALKED", count: 1 }]);
    process.env.QUALITY_MIN_RATINGS = "7";
    expect((await quality(b.token, b.hotelUrn)).json).toMatchObject({ score: null, ratings: 6, minRatings: 7 });
  });

  it("another airline's ratings of the same hotel are neither counted nor shown", async () => {
    const a = await booked();
    const other = await booked({ hotelUrn: a.hotelUrn });
    await addRatings(a, [5, 5, 5, 5, 5], "OPERATOR", ["RUDE_STAFF"]);
    await addRatings(other, [1, 1, 1, 1, 1], "OPERATOR", ["UNSAFE"]);
    expect((await quality(a.token, a.hotelUrn)).json).toMatchObject({ score: 5, ratings: 5, tags: [{ tag: "RUDE_STAFF", count: 5 }] });
    expect((await quality(other.token, a.hotelUrn)).json).toMatchObject({ score: 1, ratings: 5, tags: [{ tag: "UNSAFE", count: 5 }] });
    // a tenant with no rating of the hotel reads an empty record, not the others'
    const third = await roleToken(uniqueTenant(), "AIRPORT_OPERATOR", ["CDG"]);
    expect((await quality(third, a.hotelUrn)).json).toMatchObject({ score: null, ratings: 0, tags: [] });
  });

  it("a HOTEL user reads its own hotels under its tenant's contract only; staff outside the airport 403; unknown 404", async () => {
    const b = await booked();
    const elsewhere = await booked({ tenant: b.tenant });
    await database.db.insert(directContracts).values({ tenant: b.tenant, hotelUrn: b.hotelUrn, nightlyRate: 100, currency: "EUR", roomsTotal: 10, roomsAvailable: 10 });
    const hotelUser = await tokenFor({ tenant: b.tenant, roles: ["HOTEL"], airports: ["CDG"], hotels: [b.hotelUrn] });
    expect((await quality(hotelUser, b.hotelUrn)).status).toBe(200);
    const other = await quality(hotelUser, elsewhere.hotelUrn);
    expect(other.status).toBe(403);
    expect(other.json.code).toBe("OUT_OF_SCOPE");
    // the same hotel user under another tenant, which has no contract with the hotel: 404
    const foreign = await tokenFor({ tenant: uniqueTenant(), roles: ["HOTEL"], airports: ["CDG"], hotels: [b.hotelUrn] });
    expect((await quality(foreign, b.hotelUrn)).status).toBe(404);
    const lhr = await roleToken(b.tenant, "AIRPORT_OPERATOR", ["LHR"]);
    expect((await quality(lhr, b.hotelUrn)).json.code).toBe("OUT_OF_SCOPE");
    expect((await quality(b.token, newUrn("hotel"))).status).toBe(404);
    const feed = await roleToken(b.tenant, "FEED", ["CDG"]);
    expect((await quality(feed, b.hotelUrn)).status).toBe(403);
  });
});

describe("POST /booking/reservations/{reservationUrn}/problems: an operator records a problem", () => {
  it("201 OPERATOR ratings, several per reservation, counted in the score; FEED and HOTEL may not; bad input writes nothing", async () => {
    process.env.QUALITY_MIN_RATINGS = "2";
    const b = await booked();
    const operator = await roleToken(b.tenant, "AIRPORT_OPERATOR", ["CDG"]);
    const first = await problem(operator, b.reservationUrn, { tags: ["REFUSED_VOUCHER"], note: "Desk refused the voucher at 23:10" });
    expect(first.status, first.text).toBe(201);
    expect(first.json).toMatchObject({ source: "OPERATOR", score: 1, tags: ["REFUSED_VOUCHER"], comment: "Desk refused the voucher at 23:10" });
    expect((await problem(operator, b.reservationUrn, { tags: ["NO_SHUTTLE"], score: 2 })).status).toBe(201);
    expect((await quality(operator, b.hotelUrn)).json).toMatchObject({ score: 1.5, ratings: 2 });

    for (const body of [{}, { tags: [] }, { tags: ["DECLINED"] }, { tags: ["NOISY"], score: 9 }, { tags: ["NOISY"], note: "a\u0007b" }]) {
      expect((await problem(operator, b.reservationUrn, body)).status, JSON.stringify(body)).toBe(422);
    }
    const feed = await roleToken(b.tenant, "FEED", ["CDG"]);
    expect((await problem(feed, b.reservationUrn, { tags: ["NOISY"] })).status).toBe(403);
    const hotelUser = await tokenFor({ tenant: b.tenant, roles: ["HOTEL"], airports: ["CDG"], hotels: [b.hotelUrn] });
    expect((await problem(hotelUser, b.reservationUrn, { tags: ["NOISY"] })).status).toBe(403);
    const elsewhere = await roleToken(uniqueTenant(), "AIRPORT_OPERATOR", ["CDG"]);
    expect((await problem(elsewhere, b.reservationUrn, { tags: ["NOISY"] })).status).toBe(404);
    expect(await ratingsOf(b.reservationUrn)).toHaveLength(2);
  });

  it("a reservation the hotel never held (FAILED) is 409 INVALID_TRANSITION", async () => {
    const b = await booked();
    await database.db.update(reservations).set({ status: "FAILED" }).where(eq(reservations.urn, b.reservationUrn));
    const res = await problem(b.token, b.reservationUrn, { tags: ["NOISY"] });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe("INVALID_TRANSITION");
    expect(await ratingsOf(b.reservationUrn)).toEqual([]);
  });
});

describe("the weekly report's worst hotels", () => {
  it("lists the lowest-scored hotels with enough ratings, worst first, with their top tags; hidden from a reader of other airports", async () => {
    const worst = await booked();
    const better = await booked({ tenant: worst.tenant });
    const few = await booked({ tenant: worst.tenant });
    await addRatings(worst, [2, 2, 2, 2, 2], "OPERATOR", ["NO_SHUTTLE"]);
    await addRatings(worst, [1], "HOTEL", ["WALKED"]);
    await addRatings(better, [5, 4, 4, 4, 5], "OPERATOR", ["NOISY"]);
    await addRatings(few, [1, 1], "OPERATOR", ["UNSAFE"]);
    const supervisor = await roleToken(worst.tenant, "OPS_SUPERVISOR");
    const res = await call(generateH, "/reports", { token: supervisor, body: { weekOf: new Date().toISOString().slice(0, 10) } });
    expect(res.status, res.text).toBe(201);
    expect(res.json.worstHotels).toEqual([
      { hotelUrn: worst.hotelUrn, name: "Hôtel du Terminal", airport: "CDG", score: 1.83, ratings: 6, tags: [{ tag: "NO_SHUTTLE", count: 5 }, { tag: "WALKED", count: 1 }] },
      { hotelUrn: better.hotelUrn, name: "Hôtel du Terminal", airport: "CDG", score: 4.4, ratings: 5, tags: [{ tag: "NOISY", count: 5 }] },
    ]);
    expect(reportCsv(res.json)).toContain(`Hôtel du Terminal,CDG,1.83,6,NO_SHUTTLE 5; WALKED 1,${worst.hotelUrn}`);
    const lhr = await roleToken(worst.tenant, "OPS_SUPERVISOR", ["LHR"]);
    const limited = await call(reportH, `/reports/${res.json.urn}`, { token: lhr, params: { reportUrn: res.json.urn } });
    expect(limited.status).toBe(200);
    expect(limited.json.worstHotels).toEqual([]);
  });
});

describe("erasure", () => {
  it("erasing a passenger clears the free text of their stay's ratings; score and tags stay", async () => {
    const b = await booked();
    expect((await rate(b.link, { score: 2, tags: ["DIRTY"], comment: "Odalys Quenneville, room 12: dirty sheets" })).status).toBe(201);
    expect((await problem(b.token, b.reservationUrn, { tags: ["RUDE_STAFF"], note: "Ms Quenneville was shouted at" })).status).toBe(201);
    const admin = await roleToken(b.tenant, "ADMIN");
    const passengerId = b.group.passengers[0].id;
    const res = await call(eraseH, `/cases/${b.caseUrn}/passengers/${passengerId}/erase`, { token: admin, params: { caseUrn: b.caseUrn, passengerId }, body: { reason: "passenger's request" } });
    expect(res.status, res.text).toBe(200);
    const rows = await ratingsOf(b.reservationUrn);
    expect(rows.map((r) => r.comment)).toEqual([null, null]);
    expect(rows.map((r) => [r.source, r.score, r.tags]).sort()).toEqual([["OPERATOR", 1, ["RUDE_STAFF"]], ["PASSENGER", 2, ["DIRTY"]]]);
    expect(JSON.stringify(rows)).not.toContain("Quenneville");
  });
});

beforeAll(() => {
  // the rating's rate limit is per link; generous so the concurrent test is not throttled
  process.env.RATE_LIMIT_PER_MINUTE = "1000";
});

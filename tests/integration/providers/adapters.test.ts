import { beforeEach, describe, expect, it } from "vitest";
import { expediaRapid } from "@/lib/providers/expedia-rapid/client";
import { hotelbeds } from "@/lib/providers/hotelbeds/client";
import { Offer } from "@/lib/providers/offer";
import { CapabilityUnsupported, type HotelProvider, ProviderAuthError, ProviderRateLimited, ProviderRejected, ProviderUnavailable, type SearchQuery } from "@/lib/providers/types";
import { HUBS } from "@/lib/providers/world";
import { sandboxProviders } from "../../helpers/providers";

const sandboxes = sandboxProviders();
const CDG: SearchQuery = { airport: "CDG", latitude: HUBS.CDG.latitude, longitude: HUBS.CDG.longitude, radiusKm: 60, currency: "EUR", checkIn: "2026-11-21", checkOut: "2026-11-23", rooms: 1, guestsPerRoom: 2 };

const expedia = (over: { tier?: "SELF_SERVICE" | "ENTERPRISE"; timeoutMs?: number; key?: string } = {}) =>
  expediaRapid({ baseUrl: sandboxes.expediaUrl, key: over.key ?? (over.tier === "ENTERPRISE" ? "sandbox-enterprise-key" : "sandbox-key"), secret: "sandbox-secret", tier: over.tier ?? "SELF_SERVICE", timeoutMs: over.timeoutMs ?? 5000 });
const hb = (over: { timeoutMs?: number; secret?: string } = {}) => hotelbeds({ baseUrl: sandboxes.hotelbedsUrl, key: "sandbox-key", secret: over.secret ?? "sandbox-secret", timeoutMs: over.timeoutMs ?? 5000 });

let n = 0;
const ref = () => `T-${Date.now().toString(36)}-${++n}`;
const guests = [{ firstName: "Ada", lastName: "Lovelace" }];

async function bookable(p: HotelProvider, minRooms = 3): Promise<Offer> {
  const offers = await p.search(CDG);
  const o = offers.find((x) => x.acceptedPayments.includes("GUARANTEE") && x.roomsAvailable >= minRooms);
  if (!o) throw new Error("no bookable offer");
  return o;
}

const bookOf = (o: Offer, rooms = 3, clientReference = ref()) => ({ offerId: o.offerId, providerHotelId: o.providerHotelId, checkIn: CDG.checkIn, checkOut: CDG.checkOut, rooms, guests, clientReference, payment: { method: "GUARANTEE" as const } });

beforeEach(async () => {
  await sandboxes.reset();
});

describe.each([
  ["EXPEDIA_RAPID", () => expedia()],
  ["HOTELBEDS", () => hb()],
] as const)("%s adapter against its sandbox", (provider, make) => {
  it("normalises search results to the Offer shape, in the airport's currency, with our amenity tags", async () => {
    const offers = await make().search(CDG);
    expect(offers.length).toBeGreaterThanOrEqual(40);
    for (const o of offers) expect(Offer.safeParse(o).success).toBe(true);
    expect(new Set(offers.map((o) => o.provider))).toEqual(new Set([provider]));
    expect(offers.every((o) => o.currency === "EUR" && o.nightlyRate > 30 && o.nightlyRate < 600)).toBe(true);
    expect(offers.some((o) => o.stars === null)).toBe(true);
    expect(offers.some((o) => !o.acceptedPayments.includes("GUARANTEE"))).toBe(true);
    expect(offers.some((o) => o.amenities.includes("AIRPORT_SHUTTLE") && o.amenities.includes("24H_RECEPTION"))).toBe(true);
    expect(offers.some((o) => o.hotelKey?.startsWith("giata:"))).toBe(true);
    expect(offers.some((o) => o.chainId === "ACCOR")).toBe(true);
    expect(offers.every((o) => o.accessibleRoomsAvailable <= o.roomsAvailable)).toBe(true);
  });

  it("books, finds the booking by our reference, and the rooms are gone for the next search", async () => {
    const p = make();
    const offer = await bookable(p);
    const clientReference = ref();
    const booking = await p.book(bookOf(offer, 3, clientReference));
    expect(booking).toMatchObject({ provider, clientReference, status: "CONFIRMED", rooms: 3, checkIn: CDG.checkIn, checkOut: CDG.checkOut, currency: "EUR" });
    expect(booking.totalAmount).toBeCloseTo(offer.nightlyRate * 2 * 3, 0);
    expect(await p.findByReference(clientReference)).toEqual(booking);
    expect(await p.findByReference("never-booked")).toBeNull();
    const after = (await p.search(CDG)).find((o) => o.providerHotelId === offer.providerHotelId);
    expect(after?.roomsAvailable).toBe(offer.roomsAvailable - 3);
    expect((await p.status(booking.reference)).status).toBe("CONFIRMED");
  });

  it("refuses a booking over the remaining rooms and a guarantee at a hotel that refuses one", async () => {
    const p = make();
    const offer = await bookable(p);
    await expect(p.book(bookOf(offer, offer.roomsAvailable + 1))).rejects.toBeInstanceOf(ProviderRejected);
    const noGuarantee = (await p.search(CDG)).find((o) => !o.acceptedPayments.includes("GUARANTEE"))!;
    const err = await p.book(bookOf(noGuarantee, 1)).catch((e) => e);
    expect(err).toBeInstanceOf(ProviderRejected);
    expect(err.retryable).toBe(false);
  });

  it("a 401 (expired token) is cured by one token refresh and retry", async () => {
    const p = make();
    await p.search(CDG);
    await sandboxes.admin(provider, "/__sandbox/faults", { expireTokens: true });
    await expect(p.search(CDG)).resolves.not.toHaveLength(0);
    await sandboxes.admin(provider, "/__sandbox/faults", { next: ["401"] });
    await expect(p.search(CDG)).resolves.not.toHaveLength(0);
  });

  it("wrong credentials are a ProviderAuthError", async () => {
    const p = provider === "EXPEDIA_RAPID" ? expedia({ key: "nobody" }) : hb({ secret: "wrong" });
    await expect(p.search(CDG)).rejects.toBeInstanceOf(ProviderAuthError);
  });

  it("a 429 surfaces Retry-After; a 5xx is ProviderUnavailable; neither is retried by the adapter", async () => {
    const p = make();
    await sandboxes.admin(provider, "/__sandbox/faults", { retryAfterSeconds: 7, next: ["429", "503"] });
    const limited = await p.search(CDG).catch((e) => e);
    expect(limited).toBeInstanceOf(ProviderRateLimited);
    expect(limited.retryAfterSeconds).toBe(7);
    const down = await p.search(CDG).catch((e) => e);
    expect(down).toBeInstanceOf(ProviderUnavailable);
    expect(down.status).toBe(503);
    expect(down.retryable).toBe(true);
    await expect(p.search(CDG)).resolves.not.toHaveLength(0);
  });

  it("a call that does not answer in time is ProviderUnavailable after the timeout", async () => {
    const p = provider === "EXPEDIA_RAPID" ? expedia({ timeoutMs: 300 }) : hb({ timeoutMs: 300 });
    await p.search(CDG); // token first
    await sandboxes.admin(provider, "/__sandbox/faults", { next: ["timeout"] });
    const started = Date.now();
    const err = await p.search(CDG).catch((e) => e);
    expect(err).toBeInstanceOf(ProviderUnavailable);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("a lost confirmation: the booking is made, the answer lost; lookup finds it and a retry returns it", async () => {
    const p = make();
    const offer = await bookable(p);
    await sandboxes.admin(provider, "/__sandbox/faults", { next: ["lose-confirmation"] });
    const request = bookOf(offer, 2);
    const err = await p.book(request).catch((e) => e);
    expect(err).toBeInstanceOf(ProviderUnavailable);
    expect(err.outcomeUnknown).toBe(true);
    const found = await p.findByReference(request.clientReference);
    expect(found).toMatchObject({ status: "CONFIRMED", rooms: 2 });
    // booking again under the same reference books nothing new
    expect((await p.book(request)).reference).toBe(found!.reference);
    const after = (await p.search(CDG)).find((o) => o.providerHotelId === offer.providerHotelId);
    expect(after?.roomsAvailable).toBe(offer.roomsAvailable - 2);
  });
});

describe("cancel and modify capabilities", () => {
  it("Hotelbeds cancels (rooms come back) and changes dates", async () => {
    const p = hb();
    expect(p.capabilities).toEqual({ cancel: true, modify: true });
    const offer = await bookable(p);
    const booking = await p.book(bookOf(offer, 2));
    const extended = await p.modify({ reference: booking.reference, checkIn: CDG.checkIn, checkOut: "2026-11-24" });
    expect(extended).toMatchObject({ checkOut: "2026-11-24", rooms: 2 });
    expect(extended.totalAmount).toBeCloseTo(booking.totalAmount * 1.5, 1);
    const cancelled = await p.cancel({ reference: booking.reference, reason: "flight restored" });
    expect(cancelled.status).toBe("CANCELLED");
    const after = (await p.search(CDG)).find((o) => o.providerHotelId === offer.providerHotelId);
    expect(after?.roomsAvailable).toBe(offer.roomsAvailable);
  });

  it("Expedia's self-service tier refuses cancel and modify with a capability error; the booking stays", async () => {
    const p = expedia();
    expect(p.capabilities).toEqual({ cancel: false, modify: false });
    const booking = await p.book(bookOf(await bookable(p), 1));
    const err = await p.cancel({ reference: booking.reference, reason: "x" }).catch((e) => e);
    expect(err).toBeInstanceOf(CapabilityUnsupported);
    expect(err.message).toMatch(/cancel at the hotel or through the enterprise tier/);
    await expect(p.modify({ reference: booking.reference, checkIn: CDG.checkIn, checkOut: "2026-11-24" })).rejects.toBeInstanceOf(CapabilityUnsupported);
    expect((await p.status(booking.reference)).status).toBe("CONFIRMED");
  });

  it("Expedia's enterprise tier cancels and modifies", async () => {
    const p = expedia({ tier: "ENTERPRISE" });
    expect(p.capabilities).toEqual({ cancel: true, modify: true });
    const offer = await bookable(p);
    const booking = await p.book(bookOf(offer, 2));
    expect((await p.modify({ reference: booking.reference, checkIn: CDG.checkIn, checkOut: "2026-11-22" })).checkOut).toBe("2026-11-22");
    expect((await p.cancel({ reference: booking.reference, reason: "x" })).status).toBe("CANCELLED");
    const after = (await p.search(CDG)).find((o) => o.providerHotelId === offer.providerHotelId);
    expect(after?.roomsAvailable).toBe(offer.roomsAvailable);
  });
});

describe("the two sandboxes list the same hotels differently", () => {
  it("under other ids and name spellings, with shared keys only sometimes", async () => {
    const [e, h] = await Promise.all([expedia().search(CDG), hb().search(CDG)]);
    const eKeys = new Set(e.flatMap((o) => (o.hotelKey ? [o.hotelKey] : [])));
    const shared = h.filter((o) => o.hotelKey && eKeys.has(o.hotelKey));
    expect(shared.length).toBeGreaterThan(5);
    const pairs = shared.map((o) => [e.find((x) => x.hotelKey === o.hotelKey)!, o] as const);
    expect(pairs.some(([a, b]) => a.name !== b.name)).toBe(true);
    expect(pairs.every(([a, b]) => a.providerHotelId !== b.providerHotelId)).toBe(true);
    const sameName = h.filter((o) => !o.hotelKey && e.some((x) => x.name === o.name && x.address === o.address && !x.hotelKey));
    expect(sameName.length).toBeGreaterThan(0);
  });
});

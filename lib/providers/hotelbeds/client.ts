import type { Amenity } from "@/lib/vocabulary";
import { ProviderRejected } from "../errors";
import { callJson, type ClientFailure, type Endpoint, fetchToken, TokenSource } from "../http";
import type { Offer } from "../offer";
import type { BookRequest, CallOptions, HotelProvider, ProviderBooking, SearchQuery, StayDates } from "../types";
import { nightsBetween } from "../types";
import { type HotelbedsBooking, HotelbedsAvailability, HotelbedsBookingList, HotelbedsBookingResponse, HotelbedsError, hotelbedsSignature, HOTELBEDS_CHAINS, HOTELBEDS_FACILITIES, type HotelbedsHotel, HotelbedsToken, parseRateKey, rateKeyOf } from "./wire";

export type HotelbedsConfig = { baseUrl: string; key: string; secret: string; timeoutMs: number };

const PROVIDER = "HOTELBEDS" as const;

/** The Hotelbeds adapter: search, book, look up by clientReference, change dates and cancel. */
export function hotelbeds(config: HotelbedsConfig): HotelProvider {
  const tokens = new TokenSource(async () => {
    const now = Math.floor(Date.now() / 1000);
    const body = await fetchToken(
      PROVIDER,
      new URL("/hotel-api/1.0/auth/token", config.baseUrl),
      { method: "POST", headers: { "api-key": config.key, "x-signature": hotelbedsSignature(config.key, config.secret, now), accept: "application/json" } },
      config.timeoutMs,
    );
    const token = HotelbedsToken.parse(body);
    return { token: token.access_token, expiresInSeconds: token.expires_in };
  });
  const endpoint: Endpoint = { provider: PROVIDER, baseUrl: config.baseUrl, timeoutMs: config.timeoutMs, tokens };
  const bookingPath = (reference: string) => `/hotel-api/1.0/bookings/${encodeURIComponent(reference)}`;

  const provider: HotelProvider = {
    id: PROVIDER,
    capabilities: { cancel: true, modify: true },

    async search(q: SearchQuery, opts?: CallOptions): Promise<Offer[]> {
      const res = await callJson(endpoint, {
        method: "POST",
        path: "/hotel-api/1.0/hotels",
        body: {
          stay: { checkIn: q.checkIn, checkOut: q.checkOut },
          occupancies: [{ rooms: Math.max(1, q.rooms), adults: q.guestsPerRoom, children: 0 }],
          geolocation: { latitude: q.latitude, longitude: q.longitude, radius: q.radiusKm, unit: "km" },
        },
        schema: HotelbedsAvailability,
        signal: opts?.signal,
      });
      if (!res.ok) throw rejected(res);
      return res.data.hotels.hotels.flatMap((h) => toOffers(h, q));
    },

    async book(r: BookRequest, opts?: CallOptions): Promise<ProviderBooking> {
      const key = parseRateKey(r.offerId);
      if (!key) throw new ProviderRejected(PROVIDER, "INVALID_RATEKEY", "the offer id is not a Hotelbeds rateKey");
      // the search priced the occupancy it was asked for; book the rooms and dates asked now
      const rateKey = rateKeyOf({ ...key, checkIn: r.checkIn, checkOut: r.checkOut, rooms: r.rooms });
      const lead = r.guests[0] ?? { firstName: "Guest", lastName: "Guest" };
      const res = await callJson(endpoint, {
        method: "POST",
        path: "/hotel-api/1.0/bookings",
        booking: true,
        body: {
          holder: { name: lead.firstName, surname: lead.lastName },
          rooms: [{ rateKey, paxes: (r.guests.length ? r.guests : [lead]).map((g, i) => ({ roomId: 1 + Math.floor(i / Math.max(1, key.adults)), type: "AD", name: g.firstName, surname: g.lastName })) }],
          clientReference: r.clientReference,
          ...(r.specialRequests ? { remark: r.specialRequests.slice(0, 2000) } : {}),
          paymentData: r.payment.method === "CARD" ? { paymentType: "CREDIT_CARD", cardToken: r.payment.cardToken } : { paymentType: "CORPORATE_GUARANTEE" },
        },
        schema: HotelbedsBookingResponse,
        signal: opts?.signal,
      });
      if (res.ok) return toBooking(res.data.booking);
      // a retry after a lost answer: the booking exists under our reference
      if (errorCode(res) === "DUPLICATED_CLIENT_REFERENCE") {
        const existing = await provider.findByReference(r.clientReference, opts);
        if (existing) return existing;
      }
      throw rejected(res);
    },

    async findByReference(clientReference: string, opts?: CallOptions): Promise<ProviderBooking | null> {
      const res = await callJson(endpoint, { method: "GET", path: "/hotel-api/1.0/bookings", query: { clientReference }, schema: HotelbedsBookingList, signal: opts?.signal });
      if (!res.ok) throw rejected(res);
      const found = res.data.bookings.bookings[0];
      return found ? toBooking(found) : null;
    },

    async modify(input: { reference: string } & StayDates, opts?: CallOptions): Promise<ProviderBooking> {
      const res = await callJson(endpoint, {
        method: "PUT",
        path: bookingPath(input.reference),
        body: { mode: "UPDATE", booking: { hotel: { checkIn: input.checkIn, checkOut: input.checkOut } } },
        schema: HotelbedsBookingResponse,
        signal: opts?.signal,
      });
      if (!res.ok) throw rejected(res);
      return toBooking(res.data.booking);
    },

    async cancel(input: { reference: string; reason: string }, opts?: CallOptions): Promise<ProviderBooking> {
      const res = await callJson(endpoint, { method: "DELETE", path: bookingPath(input.reference), query: { cancellationFlag: "CANCELLATION" }, schema: HotelbedsBookingResponse, signal: opts?.signal });
      if (!res.ok) throw rejected(res);
      return toBooking(res.data.booking);
    },

    async status(reference: string, opts?: CallOptions): Promise<ProviderBooking> {
      const res = await callJson(endpoint, { method: "GET", path: bookingPath(reference), schema: HotelbedsBookingResponse, signal: opts?.signal });
      if (!res.ok) throw rejected(res);
      return toBooking(res.data.booking);
    },
  };
  return provider;
}

function errorCode(res: ClientFailure): string {
  const parsed = HotelbedsError.safeParse(res.body);
  return parsed.success ? parsed.data.error.code : `HTTP_${res.status}`;
}

function rejected(res: ClientFailure): ProviderRejected {
  const parsed = HotelbedsError.safeParse(res.body);
  return new ProviderRejected(PROVIDER, errorCode(res), parsed.success ? parsed.data.error.message : `answered ${res.status}`, res.status);
}

/** One offer per rate, normalised: Hotelbeds' `net` is the stay's total for the occupancy's rooms. */
export function toOffers(h: HotelbedsHotel, q: SearchQuery): Offer[] {
  const amenities = [...new Set(h.facilities.map((f) => HOTELBEDS_FACILITIES[`${f.facilityGroupCode}-${f.facilityCode}`]?.tag).filter((t): t is Amenity => !!t))];
  const stars = /^([1-5])EST$/.exec(h.categoryCode)?.[1];
  const nights = Math.max(1, nightsBetween(q));
  return h.rooms.flatMap((room) =>
    room.rates.map(
      (rate) =>
        ({
          provider: PROVIDER,
          offerId: rate.rateKey,
          providerHotelId: String(h.code),
          hotelKey: h.giataCode ? `giata:${h.giataCode}` : null,
          hotelUrn: null,
          chainId: h.chainCode ? (HOTELBEDS_CHAINS[h.chainCode] ?? null) : null,
          name: h.name,
          address: h.address.content,
          phone: h.phones[0]?.phoneNumber ?? null,
          latitude: Number(h.latitude),
          longitude: Number(h.longitude),
          stars: stars ? Number(stars) : null,
          amenities,
          nightlyRate: Math.round((Number(rate.net) / nights / Math.max(1, rate.rooms)) * 100) / 100,
          currency: h.currency,
          roomsAvailable: rate.allotment,
          accessibleRoomsAvailable: Math.min(rate.adaptedRooms, rate.allotment),
          acceptedPayments: [...(h.paymentOptions.includes("CORPORATE_GUARANTEE") ? (["GUARANTEE"] as const) : []), ...(h.paymentOptions.includes("CREDIT_CARD") ? (["CARD"] as const) : [])],
          cancellable: true,
        }) satisfies Offer,
    ),
  ).filter((o) => o.acceptedPayments.length > 0 && o.nightlyRate > 0 && Number.isFinite(o.latitude));
}

function toBooking(b: HotelbedsBooking): ProviderBooking {
  const rooms = b.hotel.rooms;
  const nights = Math.max(1, nightsBetween({ checkIn: b.hotel.checkIn, checkOut: b.hotel.checkOut }));
  return {
    provider: PROVIDER,
    reference: b.reference,
    clientReference: b.clientReference,
    confirmationCode: b.reference,
    status: b.status,
    ...(b.status === "CANCELLED" && b.cancellationReason ? { cancelledBecause: b.cancellationReason === "OVERBOOKING" ? ("OVERBOOKED" as const) : ("GUARANTEE_REFUSED" as const) } : {}),
    providerHotelId: String(b.hotel.code),
    checkIn: b.hotel.checkIn,
    checkOut: b.hotel.checkOut,
    rooms,
    nightlyRate: Math.round((b.totalNet / nights / rooms) * 100) / 100,
    totalAmount: b.totalNet,
    currency: b.currency,
  };
}

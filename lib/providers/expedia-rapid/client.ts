import { z } from "zod";
import type { Amenity } from "@/lib/vocabulary";
import { CapabilityUnsupported, ProviderRejected } from "../errors";
import { callJson, type ClientFailure, type Endpoint, fetchToken, TokenSource } from "../http";
import type { Offer } from "../offer";
import type { BookRequest, CallOptions, HotelProvider, ProviderBooking, SearchQuery, StayDates } from "../types";
import { EXPEDIA_AMENITIES, EXPEDIA_CHAINS, ExpediaAvailability, ExpediaError, ExpediaItinerary, type ExpediaProperty, ExpediaToken, type ExpediaTier } from "./wire";

export type ExpediaConfig = { baseUrl: string; key: string; secret: string; tier: ExpediaTier; timeoutMs: number };

const PROVIDER = "EXPEDIA_RAPID" as const;

/**
 * The Expedia Rapid adapter. Capabilities follow the account tier: SELF_SERVICE can neither
 * cancel nor change an itinerary (spec 4.8: cancel at the hotel or through the enterprise tier);
 * ENTERPRISE can do both. The adapter still asks, so a tier upgrade needs no code change; the
 * provider's refusal becomes CapabilityUnsupported.
 */
export function expediaRapid(config: ExpediaConfig): HotelProvider {
  const tokens = new TokenSource(async () => {
    const body = await fetchToken(
      PROVIDER,
      new URL("/identity/oauth2/v3/token", config.baseUrl),
      {
        method: "POST",
        headers: { authorization: `Basic ${Buffer.from(`${config.key}:${config.secret}`).toString("base64")}`, "content-type": "application/x-www-form-urlencoded" },
        body: "grant_type=client_credentials",
      },
      config.timeoutMs,
    );
    const token = ExpediaToken.parse(body);
    return { token: token.access_token, expiresInSeconds: token.expires_in };
  });
  const endpoint: Endpoint = { provider: PROVIDER, baseUrl: config.baseUrl, timeoutMs: config.timeoutMs, tokens };
  const enterprise = config.tier === "ENTERPRISE";

  const itinerary = async (id: string, opts?: CallOptions): Promise<ProviderBooking> => {
    const res = await callJson(endpoint, { method: "GET", path: `/v3/itineraries/${encodeURIComponent(id)}`, schema: ExpediaItinerary, signal: opts?.signal });
    if (!res.ok) throw rejected(res);
    return toBooking(res.data);
  };

  const provider: HotelProvider = {
    id: PROVIDER,
    capabilities: { cancel: enterprise, modify: enterprise },

    async search(q: SearchQuery, opts?: CallOptions): Promise<Offer[]> {
      const res = await callJson(endpoint, {
        method: "GET",
        path: "/v3/properties/availability",
        query: { checkin: q.checkIn, checkout: q.checkOut, occupancy: q.guestsPerRoom, currency: q.currency, latitude: q.latitude, longitude: q.longitude, radius: q.radiusKm, rate_plan_count: 1, sales_channel: "agent_tool", sales_environment: "hotel_only" },
        schema: ExpediaAvailability,
        signal: opts?.signal,
      });
      if (!res.ok) throw rejected(res);
      return res.data.flatMap((p) => toOffers(p, q, enterprise));
    },

    async book(r: BookRequest, opts?: CallOptions): Promise<ProviderBooking> {
      const [propertyId, roomId, rateId] = r.offerId.split(":");
      const res = await callJson(endpoint, {
        method: "POST",
        path: "/v3/itineraries",
        booking: true,
        body: {
          affiliate_reference_id: r.clientReference,
          property_id: propertyId,
          room_id: roomId,
          rate_id: rateId,
          checkin: r.checkIn,
          checkout: r.checkOut,
          room_count: r.rooms,
          rooms: (r.guests.length ? r.guests : [{ firstName: "Guest", lastName: "Guest" }]).map((g) => ({ given_name: g.firstName, family_name: g.lastName })),
          payments: [r.payment.method === "CARD" ? { type: "customer_card", card_token: r.payment.cardToken } : { type: "corporate_guarantee" }],
          ...(r.specialRequests ? { special_request: r.specialRequests.slice(0, 500) } : {}),
        },
        schema: ExpediaItinerary,
        signal: opts?.signal,
      });
      if (res.ok) return toBooking(res.data);
      // the same reference again (a retry after a lost answer): the booking exists, answer it
      if (errorType(res) === "duplicate_affiliate_reference_id") {
        const existing = await provider.findByReference(r.clientReference, opts);
        if (existing) return existing;
      }
      throw rejected(res);
    },

    async findByReference(clientReference: string, opts?: CallOptions): Promise<ProviderBooking | null> {
      const res = await callJson(endpoint, { method: "GET", path: "/v3/itineraries", query: { affiliate_reference_id: clientReference }, schema: z.array(ExpediaItinerary), signal: opts?.signal });
      if (!res.ok) {
        if (res.status === 404) return null;
        throw rejected(res);
      }
      return res.data[0] ? toBooking(res.data[0]) : null;
    },

    async modify(input: { reference: string } & StayDates, opts?: CallOptions): Promise<ProviderBooking> {
      const res = await callJson(endpoint, { method: "PUT", path: `/v3/itineraries/${encodeURIComponent(input.reference)}`, body: { checkin: input.checkIn, checkout: input.checkOut }, schema: ExpediaItinerary, signal: opts?.signal });
      if (!res.ok) throw res.status === 403 ? new CapabilityUnsupported(PROVIDER, "modify", "Expedia Rapid's self-service tier cannot change an itinerary: change it at the hotel or through the enterprise tier.") : rejected(res);
      return toBooking(res.data);
    },

    async cancel(input: { reference: string; reason: string }, opts?: CallOptions): Promise<ProviderBooking> {
      const res = await callJson(endpoint, { method: "DELETE", path: `/v3/itineraries/${encodeURIComponent(input.reference)}`, schema: ExpediaItinerary, signal: opts?.signal });
      if (!res.ok) throw res.status === 403 ? new CapabilityUnsupported(PROVIDER, "cancel", "Expedia Rapid's self-service tier cannot cancel: cancel at the hotel or through the enterprise tier.") : rejected(res);
      return toBooking(res.data);
    },

    status: (reference: string, opts?: CallOptions) => itinerary(reference, opts),
  };
  return provider;
}

function errorType(res: ClientFailure): string {
  const parsed = ExpediaError.safeParse(res.body);
  return parsed.success ? parsed.data.type : `http_${res.status}`;
}

function rejected(res: ClientFailure): ProviderRejected {
  const parsed = ExpediaError.safeParse(res.body);
  return new ProviderRejected(PROVIDER, parsed.success ? parsed.data.type : `http_${res.status}`, parsed.success ? parsed.data.message : `answered ${res.status}`, res.status);
}

/** One offer per room rate, normalised. */
export function toOffers(p: ExpediaProperty, q: SearchQuery, cancellable: boolean): Offer[] {
  const amenities = [...new Set(Object.keys(p.amenities).map((id) => EXPEDIA_AMENITIES[id]?.tag).filter((t): t is Amenity => !!t))];
  const stars = p.ratings?.property.type === "Star" ? Math.round(Number(p.ratings.property.rating)) : null;
  return p.rooms.flatMap((room) =>
    room.rates.map((rate) => {
      const pricing = rate.occupancy_pricing[String(q.guestsPerRoom)] ?? Object.values(rate.occupancy_pricing)[0];
      const nights = pricing?.nightly.length || 1;
      const total = Number(pricing?.totals.inclusive.request_currency.value ?? 0);
      return {
        provider: PROVIDER,
        offerId: `${p.property_id}:${room.id}:${rate.id}`,
        providerHotelId: p.property_id,
        hotelKey: p.giata_id ? `giata:${p.giata_id}` : null,
        hotelUrn: null,
        chainId: p.chain ? (EXPEDIA_CHAINS[p.chain.id]?.chainId ?? null) : null,
        name: p.name,
        address: p.address.line_1,
        phone: p.phone ?? null,
        latitude: p.location.coordinates.latitude,
        longitude: p.location.coordinates.longitude,
        stars: stars && stars >= 1 && stars <= 5 ? stars : null,
        amenities,
        nightlyRate: Math.round((total / nights) * 100) / 100,
        currency: pricing?.totals.inclusive.request_currency.currency ?? q.currency,
        roomsAvailable: rate.available_rooms,
        accessibleRoomsAvailable: Math.min(rate.accessible_rooms, rate.available_rooms),
        acceptedPayments: [...(rate.payment_types.includes("corporate_guarantee") ? (["GUARANTEE"] as const) : []), ...(rate.payment_types.includes("customer_card") ? (["CARD"] as const) : [])],
        cancellable,
      } satisfies Offer;
    }),
  ).filter((o) => o.acceptedPayments.length > 0 && o.nightlyRate > 0);
}

function toBooking(it: ExpediaItinerary): ProviderBooking {
  const room = it.rooms[0];
  return {
    provider: PROVIDER,
    reference: it.itinerary_id,
    clientReference: it.affiliate_reference_id,
    confirmationCode: room.confirmation_id.property,
    status: room.status === "canceled" ? "CANCELLED" : "CONFIRMED",
    ...(room.status === "canceled" && room.cancellation_reason ? { cancelledBecause: room.cancellation_reason === "hotel_overbooked" ? ("OVERBOOKED" as const) : ("GUARANTEE_REFUSED" as const) } : {}),
    providerHotelId: it.property_id,
    checkIn: room.checkin,
    checkOut: room.checkout,
    rooms: it.room_count,
    nightlyRate: Number(room.rate.nightly),
    totalAmount: Number(room.rate.total.value),
    currency: room.rate.total.currency,
    ...(room.special_request ? { specialRequests: room.special_request } : {}),
  };
}

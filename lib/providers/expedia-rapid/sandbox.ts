import crypto from "node:crypto";
import type http from "node:http";
import { Faults } from "@/lib/http/faults";
import { Inventory, type SandboxReply, type SandboxRequest, sandboxServer, stayOf, TokenStore } from "../sandbox-kit";
import { nightsBetween, type StayDates } from "../types";
import { distanceKm, HUBS, type ListedHotel, providerListings, type WorldOptions } from "../world";
import { EXPEDIA_AMENITIES, EXPEDIA_CHAINS, type ExpediaItinerary, ExpediaChangeRequest, ExpediaItineraryRequest, type ExpediaProperty, type ExpediaTier } from "./wire";

export type ExpediaAccount = { key: string; secret: string; tier: ExpediaTier };
export const EXPEDIA_SANDBOX_ACCOUNTS: ExpediaAccount[] = [
  { key: "sandbox-key", secret: "sandbox-secret", tier: "SELF_SERVICE" },
  { key: "sandbox-enterprise-key", secret: "sandbox-secret", tier: "ENTERPRISE" },
];

const TAG_TO_ID = Object.fromEntries(Object.entries(EXPEDIA_AMENITIES).flatMap(([id, a]) => (a.tag ? [[a.tag, id]] : [])));
const CHAIN_TO_ID = Object.fromEntries(Object.entries(EXPEDIA_CHAINS).map(([id, c]) => [c.chainId, id]));

type Stored = { itinerary: ExpediaItinerary; listingId: string; stay: StayDates; rooms: number };

/**
 * An Expedia-Rapid-like sandbox: seeded properties from the world, per-night inventory that
 * bookings consume, itineraries found by affiliate_reference_id, the self-service tier's refusal
 * to cancel or change, and faults on demand.
 */
export function expediaSandbox(options: WorldOptions & { accounts?: ExpediaAccount[]; tokenTtlSeconds?: number } = {}): { server: http.Server; faults: Faults } {
  const listings = providerListings("EXPEDIA_RAPID", options);
  const accounts = options.accounts ?? EXPEDIA_SANDBOX_ACCOUNTS;
  const tokens = new TokenStore(options.tokenTtlSeconds ?? 1800);
  const faults = new Faults();
  const inventory = new Inventory((id) => listings.get(id)?.listing.rooms ?? 0);
  const itineraries = new Map<string, Stored>();
  const byReference = new Map<string, string>();
  const error = (_status: number, type: string, message: string) => ({ type, message });
  const fail = (status: number, type: string, message: string): SandboxReply => ({ status, body: error(status, type, message) });
  const find = (id: string) => itineraries.get(id);

  const token = (req: SandboxRequest): SandboxReply => {
    const basic = /^Basic (.+)$/i.exec(String(req.headers.authorization ?? ""))?.[1];
    const [key, secret] = basic ? Buffer.from(basic, "base64").toString("utf8").split(":") : [];
    const account = accounts.find((a) => a.key === key && a.secret === secret);
    if (!account) return fail(401, "invalid_client", "unknown client credentials");
    const grant = (req.body as Record<string, unknown> | undefined)?.grant_type;
    if (grant !== "client_credentials") return fail(400, "unsupported_grant_type", "grant_type must be client_credentials");
    const issued = tokens.issue(account.tier);
    return { status: 200, body: { access_token: issued.token, token_type: "bearer", expires_in: issued.expiresIn } };
  };

  const availability = (req: SandboxRequest): SandboxReply => {
    const q = req.query;
    const stay = stayOf(q.get("checkin"), q.get("checkout"));
    if (!stay) return fail(400, "invalid_input", "checkin and checkout must be dates 1 to 30 nights apart");
    const adults = Number(q.get("occupancy") ?? "2");
    const centre = { latitude: Number(q.get("latitude")), longitude: Number(q.get("longitude")) };
    const radius = Number(q.get("radius") ?? "50");
    if (!Number.isFinite(centre.latitude) || !Number.isFinite(centre.longitude) || !(radius > 0 && radius <= 200)) return fail(400, "invalid_input", "latitude, longitude and radius (km, up to 200) are required");
    if (!(adults >= 1 && adults <= 8)) return fail(400, "invalid_input", "occupancy must be 1 to 8 adults");
    const out: ExpediaProperty[] = [];
    for (const entry of listings.values()) {
      if (distanceKm(centre, entry.listing) > radius) continue;
      const available = inventory.available(entry.listing.id, stay);
      if (available <= 0) continue;
      out.push(property(entry, stay, available, adults));
    }
    return { status: 200, body: out };
  };

  const book = (req: SandboxRequest): SandboxReply => {
    const parsed = ExpediaItineraryRequest.safeParse(req.body);
    if (!parsed.success) return fail(400, "invalid_input", parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
    const b = parsed.data;
    if (byReference.has(b.affiliate_reference_id)) return fail(409, "duplicate_affiliate_reference_id", "an itinerary with this affiliate_reference_id exists");
    const entry = listings.get(b.property_id);
    const stay = stayOf(b.checkin, b.checkout);
    if (!entry || b.room_id !== "200" || b.rate_id !== `${b.property_id}-nr`) return fail(404, "rate.not_found", "the property, room or rate does not exist");
    if (!stay) return fail(400, "invalid_input", "checkin and checkout must be dates 1 to 30 nights apart");
    const payment = b.payments[0];
    if (payment.type === "corporate_guarantee" && !entry.hotel.acceptsGuarantee) return fail(422, "payment.not_accepted", "the property does not accept a corporate guarantee");
    if (payment.type === "customer_card" && (!payment.card_token || payment.card_token.includes("declined"))) return fail(422, "payment.declined", "the card was declined");
    if (!inventory.take(entry.listing.id, stay, b.room_count)) return fail(409, "rooms_unavailable", "not enough rooms left for these dates");
    const id = `8${String(crypto.randomInt(100_000_000, 999_999_999))}${String(itineraries.size).padStart(3, "0")}`;
    const itinerary = itineraryOf(id, b.affiliate_reference_id, entry, stay, b.room_count, b.special_request);
    itineraries.set(id, { itinerary, listingId: entry.listing.id, stay, rooms: b.room_count });
    byReference.set(b.affiliate_reference_id, id);
    return { status: 201, body: itinerary };
  };

  const byAffiliate = (req: SandboxRequest): SandboxReply => {
    const ref = req.query.get("affiliate_reference_id");
    if (!ref) return fail(400, "invalid_input", "affiliate_reference_id is required");
    const id = byReference.get(ref);
    return id ? { status: 200, body: [find(id)!.itinerary] } : fail(404, "itinerary.not_found", "no itinerary with this affiliate_reference_id");
  };

  const get = (req: SandboxRequest): SandboxReply => {
    const stored = find(req.params[0]);
    if (!stored) return fail(404, "itinerary.not_found", "no such itinerary");
    // a property that gave the rooms away after confirming (faults.giveAway): the itinerary as it then reads
    const gone = faults.giveAwayOf(stored.itinerary.property_id);
    if (!gone) return { status: 200, body: stored.itinerary };
    if (gone === "NOT_FOUND") return fail(404, "itinerary.not_found", "no such itinerary");
    const reason = gone === "OVERBOOKED" ? { cancellation_reason: "hotel_overbooked" as const } : gone === "GUARANTEE_REFUSED" ? { cancellation_reason: "guarantee_declined" as const } : {};
    return { status: 200, body: { ...stored.itinerary, rooms: stored.itinerary.rooms.map((r) => ({ ...r, status: "canceled" as const, ...reason })) } };
  };

  const selfService = (req: SandboxRequest, what: string): SandboxReply | null =>
    req.scope === "SELF_SERVICE" ? fail(403, "itinerary.change.not_supported", `${what} is not available on the self-service tier: cancel at the hotel or through the enterprise tier`) : null;

  const cancel = (req: SandboxRequest): SandboxReply => {
    const refused = selfService(req, "Cancellation");
    if (refused) return refused;
    const stored = find(req.params[0]);
    if (!stored) return fail(404, "itinerary.not_found", "no such itinerary");
    if (stored.itinerary.rooms[0].status !== "canceled") {
      inventory.release(stored.listingId, stored.stay, stored.rooms);
      for (const room of stored.itinerary.rooms) room.status = "canceled";
    }
    return { status: 200, body: stored.itinerary };
  };

  const change = (req: SandboxRequest): SandboxReply => {
    const refused = selfService(req, "Changing an itinerary");
    if (refused) return refused;
    const stored = find(req.params[0]);
    if (!stored) return fail(404, "itinerary.not_found", "no such itinerary");
    const parsed = ExpediaChangeRequest.safeParse(req.body);
    const stay = parsed.success ? stayOf(parsed.data.checkin, parsed.data.checkout) : null;
    if (!stay) return fail(400, "invalid_input", "checkin and checkout must be dates 1 to 30 nights apart");
    if (stored.itinerary.rooms[0].status === "canceled") return fail(409, "itinerary.canceled", "the itinerary is canceled");
    if (!inventory.change(stored.listingId, stored.stay, stay, stored.rooms)) return fail(409, "rooms_unavailable", "not enough rooms left for the new dates");
    const entry = listings.get(stored.listingId)!;
    const updated = itineraryOf(stored.itinerary.itinerary_id, stored.itinerary.affiliate_reference_id, entry, stay, stored.rooms, stored.itinerary.rooms[0].special_request);
    updated.creation_date_time = stored.itinerary.creation_date_time;
    Object.assign(stored, { itinerary: updated, stay });
    return { status: 200, body: updated };
  };

  const server = sandboxServer({
    tokens,
    faults,
    hooks: {
      error,
      resetState: () => {
        inventory.reset();
        itineraries.clear();
        byReference.clear();
      },
    },
    routes: [
      { method: "POST", pattern: /^\/identity\/oauth2\/v3\/token$/, open: true, handle: token },
      { method: "GET", pattern: /^\/v3\/properties\/availability$/, handle: availability },
      { method: "POST", pattern: /^\/v3\/itineraries$/, booking: true, handle: book },
      { method: "GET", pattern: /^\/v3\/itineraries$/, handle: byAffiliate },
      { method: "GET", pattern: /^\/v3\/itineraries\/([\w-]+)$/, lookup: true, handle: get },
      { method: "DELETE", pattern: /^\/v3\/itineraries\/([\w-]+)$/, handle: cancel },
      { method: "PUT", pattern: /^\/v3\/itineraries\/([\w-]+)$/, handle: change },
    ],
  });
  return { server, faults };
}

function property({ hotel, listing }: ListedHotel, stay: StayDates, available: number, adults: number): ExpediaProperty {
  const nights = nightsBetween(stay);
  const nightly = listing.rate.toFixed(2);
  const chainId = hotel.chainId ? CHAIN_TO_ID[hotel.chainId] : undefined;
  const amenityIds = [...hotel.amenities.map((t) => TAG_TO_ID[t]).filter(Boolean), "2390"];
  return {
    property_id: listing.id,
    status: "available",
    name: listing.name,
    address: { line_1: listing.address, city: HUBS[hotel.airport].city, country_code: HUBS[hotel.airport].country },
    location: { coordinates: { latitude: listing.latitude, longitude: listing.longitude } },
    phone: hotel.phone,
    ...(listing.stars === null ? {} : { ratings: { property: { rating: listing.stars.toFixed(1), type: "Star" } } }),
    ...(chainId ? { chain: { id: chainId, name: EXPEDIA_CHAINS[chainId].name } } : {}),
    ...(listing.hotelKey ? { giata_id: listing.hotelKey } : {}),
    amenities: Object.fromEntries(amenityIds.map((id) => [id, { id, name: EXPEDIA_AMENITIES[id].name }])),
    rooms: [
      {
        id: "200",
        room_name: "Standard Room, 1 Double Bed",
        rates: [
          {
            id: `${listing.id}-nr`,
            available_rooms: available,
            accessible_rooms: Math.min(available, listing.accessibleRooms),
            refundable: true,
            payment_types: hotel.acceptsGuarantee ? ["corporate_guarantee", "customer_card"] : ["customer_card"],
            occupancy_pricing: {
              [String(adults)]: {
                nightly: Array.from({ length: nights }, () => [{ type: "base_rate", value: nightly, currency: hotel.currency }]),
                totals: { inclusive: { request_currency: { value: (listing.rate * nights).toFixed(2), currency: hotel.currency } } },
              },
            },
          },
        ],
      },
    ],
  };
}

function itineraryOf(id: string, reference: string, { hotel, listing }: ListedHotel, stay: StayDates, rooms: number, specialRequest?: string): ExpediaItinerary {
  const total = listing.rate * nightsBetween(stay) * rooms;
  return {
    itinerary_id: id,
    affiliate_reference_id: reference,
    property_id: listing.id,
    creation_date_time: new Date().toISOString(),
    room_count: rooms,
    rooms: [
      {
        id: `${id}-1`,
        confirmation_id: { expedia: id, property: `P${id.slice(-7)}` },
        checkin: stay.checkIn,
        checkout: stay.checkOut,
        status: "booked",
        rate: { id: `${listing.id}-nr`, nightly: listing.rate.toFixed(2), total: { value: total.toFixed(2), currency: hotel.currency } },
        ...(specialRequest ? { special_request: specialRequest } : {}),
      },
    ],
  };
}

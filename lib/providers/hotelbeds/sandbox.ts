import crypto from "node:crypto";
import type http from "node:http";
import { Faults } from "@/lib/http/faults";
import { Inventory, type SandboxReply, type SandboxRequest, sandboxServer, stayOf, TokenStore } from "../sandbox-kit";
import { nightsBetween, type StayDates } from "../types";
import { distanceKm, HUBS, type ListedHotel, providerListings, type WorldOptions } from "../world";
import { type HotelbedsBooking, HotelbedsAvailabilityRequest, HotelbedsBookingRequest, HotelbedsChangeRequest, hotelbedsSignature, HOTELBEDS_CHAINS, HOTELBEDS_FACILITIES, type HotelbedsHotel, parseRateKey, rateKeyOf } from "./wire";

export type HotelbedsAccount = { key: string; secret: string };
export const HOTELBEDS_SANDBOX_ACCOUNTS: HotelbedsAccount[] = [{ key: "sandbox-key", secret: "sandbox-secret" }];

const TAG_TO_FACILITY = Object.fromEntries(Object.entries(HOTELBEDS_FACILITIES).flatMap(([k, f]) => (f.tag ? [[f.tag, k]] : [])));
const CHAIN_TO_CODE = Object.fromEntries(Object.entries(HOTELBEDS_CHAINS).map(([code, id]) => [id, code]));


type Stored = { booking: HotelbedsBooking; listingId: string; stay: StayDates };

/**
 * A Hotelbeds-like sandbox: seeded hotels from the world (its own codes, name spellings and
 * positions), per-night allotments that bookings consume, bookings found by clientReference,
 * cancel and date changes supported, and faults on demand.
 */
export function hotelbedsSandbox(options: WorldOptions & { accounts?: HotelbedsAccount[]; tokenTtlSeconds?: number } = {}): { server: http.Server; faults: Faults } {
  const listings = providerListings("HOTELBEDS", options);
  const accounts = options.accounts ?? HOTELBEDS_SANDBOX_ACCOUNTS;
  const tokens = new TokenStore(options.tokenTtlSeconds ?? 1800);
  const faults = new Faults();
  const inventory = new Inventory((id) => listings.get(id)?.listing.rooms ?? 0);
  const bookings = new Map<string, Stored>();
  const byClientReference = new Map<string, string>();
  const error = (_status: number, code: string, message: string) => ({ error: { code, message } });
  const fail = (status: number, code: string, message: string): SandboxReply => ({ status, body: error(status, code, message) });

  const token = (req: SandboxRequest): SandboxReply => {
    const key = String(req.headers["api-key"] ?? "");
    const signature = String(req.headers["x-signature"] ?? "");
    const now = Math.floor(Date.now() / 1000);
    const account = accounts.find((a) => a.key === key);
    const valid = account && Array.from({ length: 601 }, (_, i) => now - 300 + i).some((t) => hotelbedsSignature(account.key, account.secret, t) === signature);
    if (!valid) return fail(401, "INVALID_CREDENTIALS", "Api-key or X-Signature is not valid");
    const issued = tokens.issue();
    return { status: 200, body: { access_token: issued.token, token_type: "Bearer", expires_in: issued.expiresIn } };
  };

  const availability = (req: SandboxRequest): SandboxReply => {
    const parsed = HotelbedsAvailabilityRequest.safeParse(req.body);
    const stay = parsed.success ? stayOf(parsed.data.stay.checkIn, parsed.data.stay.checkOut) : null;
    if (!parsed.success || !stay) return fail(400, "INVALID_REQUEST", "stay (1 to 30 nights), one occupancy and a geolocation in km are required");
    const { occupancies, geolocation } = parsed.data;
    const occupancy = occupancies[0];
    const hotels: HotelbedsHotel[] = [];
    for (const entry of listings.values()) {
      if (distanceKm(geolocation, entry.listing) > geolocation.radius) continue;
      const available = inventory.available(entry.listing.id, stay);
      if (available < occupancy.rooms) continue;
      hotels.push(hotelOf(entry, stay, available, occupancy.rooms, occupancy.adults));
    }
    return { status: 200, body: { auditData: { processTime: "12", timestamp: new Date().toISOString() }, hotels: { checkIn: stay.checkIn, checkOut: stay.checkOut, total: hotels.length, hotels } } };
  };

  const book = (req: SandboxRequest): SandboxReply => {
    const parsed = HotelbedsBookingRequest.safeParse(req.body);
    if (!parsed.success) return fail(400, "INVALID_REQUEST", parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
    const b = parsed.data;
    if (byClientReference.has(b.clientReference)) return fail(409, "DUPLICATED_CLIENT_REFERENCE", "a booking with this clientReference exists");
    const key = parseRateKey(b.rooms[0].rateKey);
    const entry = key ? listings.get(key.hotelCode) : undefined;
    const stay = key ? stayOf(key.checkIn, key.checkOut) : null;
    if (!key || !entry || !stay || key.room !== "DBL.ST") return fail(400, "INVALID_RATEKEY", "the rateKey is not valid");
    if (b.paymentData.paymentType === "CORPORATE_GUARANTEE" && !entry.hotel.acceptsGuarantee) return fail(400, "PAYMENT_NOT_ACCEPTED", "the hotel does not accept a corporate guarantee");
    if (b.paymentData.paymentType === "CREDIT_CARD" && (!b.paymentData.cardToken || b.paymentData.cardToken.includes("declined"))) return fail(400, "PAYMENT_DECLINED", "the card was declined");
    if (!inventory.take(entry.listing.id, stay, key.rooms)) return fail(409, "INSUFFICIENT_ALLOTMENT", "Insufficient allotment");
    const reference = `102-${crypto.randomInt(1_000_000, 9_999_999)}`;
    const booking = bookingOf(reference, b.clientReference, entry, stay, key.rooms);
    bookings.set(reference, { booking, listingId: entry.listing.id, stay });
    byClientReference.set(b.clientReference, reference);
    return { status: 200, body: { booking } };
  };

  const list = (req: SandboxRequest): SandboxReply => {
    const ref = req.query.get("clientReference");
    if (!ref) return fail(400, "INVALID_REQUEST", "clientReference is required");
    const reference = byClientReference.get(ref);
    const found = reference ? [bookings.get(reference)!.booking] : [];
    return { status: 200, body: { bookings: { total: found.length, bookings: found } } };
  };

  const get = (req: SandboxRequest): SandboxReply => {
    const stored = bookings.get(req.params[0]);
    if (!stored) return fail(404, "BOOKING_NOT_FOUND", "no such booking");
    // a hotel that gave the rooms away after confirming (faults.giveAway): the booking as it then reads
    const gone = faults.giveAwayOf(String(stored.booking.hotel.code));
    if (!gone) return { status: 200, body: { booking: stored.booking } };
    if (gone === "NOT_FOUND") return fail(404, "BOOKING_NOT_FOUND", "no such booking");
    const reason = gone === "OVERBOOKED" ? { cancellationReason: "OVERBOOKING" as const } : gone === "GUARANTEE_REFUSED" ? { cancellationReason: "GUARANTEE_REJECTED" as const } : {};
    return { status: 200, body: { booking: { ...stored.booking, status: "CANCELLED", ...reason } } };
  };

  const cancel = (req: SandboxRequest): SandboxReply => {
    const stored = bookings.get(req.params[0]);
    if (!stored) return fail(404, "BOOKING_NOT_FOUND", "no such booking");
    if (req.query.get("cancellationFlag") === "SIMULATION") return { status: 200, body: { booking: { ...stored.booking, status: "CANCELLED" } } };
    if (stored.booking.status !== "CANCELLED") {
      inventory.release(stored.listingId, stored.stay, stored.booking.hotel.rooms);
      stored.booking.status = "CANCELLED";
    }
    return { status: 200, body: { booking: stored.booking } };
  };

  const change = (req: SandboxRequest): SandboxReply => {
    const stored = bookings.get(req.params[0]);
    if (!stored) return fail(404, "BOOKING_NOT_FOUND", "no such booking");
    const parsed = HotelbedsChangeRequest.safeParse(req.body);
    const stay = parsed.success ? stayOf(parsed.data.booking.hotel.checkIn, parsed.data.booking.hotel.checkOut) : null;
    if (!stay) return fail(400, "INVALID_REQUEST", "mode UPDATE with the new hotel checkIn and checkOut is required");
    if (stored.booking.status === "CANCELLED") return fail(409, "BOOKING_CANCELLED", "the booking is cancelled");
    const rooms = stored.booking.hotel.rooms;
    if (!inventory.change(stored.listingId, stored.stay, stay, rooms)) return fail(409, "INSUFFICIENT_ALLOTMENT", "Insufficient allotment for the new dates");
    const updated = bookingOf(stored.booking.reference, stored.booking.clientReference, listings.get(stored.listingId)!, stay, rooms);
    updated.creationDate = stored.booking.creationDate;
    Object.assign(stored, { booking: updated, stay });
    return { status: 200, body: { booking: updated } };
  };

  const server = sandboxServer({
    tokens,
    faults,
    hooks: {
      error,
      resetState: () => {
        inventory.reset();
        bookings.clear();
        byClientReference.clear();
      },
    },
    routes: [
      { method: "POST", pattern: /^\/hotel-api\/1\.0\/auth\/token$/, open: true, handle: token },
      { method: "POST", pattern: /^\/hotel-api\/1\.0\/hotels$/, handle: availability },
      { method: "POST", pattern: /^\/hotel-api\/1\.0\/bookings$/, booking: true, handle: book },
      { method: "GET", pattern: /^\/hotel-api\/1\.0\/bookings$/, handle: list },
      { method: "GET", pattern: /^\/hotel-api\/1\.0\/bookings\/([\w-]+)$/, lookup: true, handle: get },
      { method: "DELETE", pattern: /^\/hotel-api\/1\.0\/bookings\/([\w-]+)$/, handle: cancel },
      { method: "PUT", pattern: /^\/hotel-api\/1\.0\/bookings\/([\w-]+)$/, handle: change },
    ],
  });
  return { server, faults };
}

function hotelOf({ hotel, listing }: ListedHotel, stay: StayDates, available: number, rooms: number, adults: number): HotelbedsHotel {
  const net = (listing.rate * nightsBetween(stay) * rooms).toFixed(2);
  const facilities = [...hotel.amenities.map((t) => TAG_TO_FACILITY[t]).filter(Boolean), "70-295"].map((k) => {
    const [group, code] = k.split("-").map(Number);
    return { facilityCode: code, facilityGroupCode: group, description: HOTELBEDS_FACILITIES[k].description };
  });
  const chainCode = hotel.chainId ? CHAIN_TO_CODE[hotel.chainId] : undefined;
  return {
    code: Number(listing.id),
    name: listing.name,
    categoryCode: listing.stars === null ? "NC" : `${listing.stars}EST`,
    categoryName: listing.stars === null ? "NO CATEGORY" : `${listing.stars} STARS`,
    destinationName: HUBS[hotel.airport].city,
    latitude: String(listing.latitude),
    longitude: String(listing.longitude),
    address: { content: listing.address },
    phones: [{ phoneNumber: hotel.phone, phoneType: "PHONEBOOKING" }],
    ...(chainCode ? { chainCode } : {}),
    ...(listing.hotelKey ? { giataCode: Number(listing.hotelKey) } : {}),
    facilities,
    paymentOptions: hotel.acceptsGuarantee ? ["CREDIT_CARD", "CORPORATE_GUARANTEE"] : ["CREDIT_CARD"],
    currency: hotel.currency,
    minRate: net,
    rooms: [
      {
        code: "DBL.ST",
        name: "DOUBLE STANDARD",
        rates: [
          {
            rateKey: rateKeyOf({ ...stay, hotelCode: listing.id, room: "DBL.ST", rooms, adults }),
            rateClass: "NOR",
            rateType: "BOOKABLE",
            net,
            allotment: available,
            adaptedRooms: Math.min(available, listing.accessibleRooms),
            paymentType: "AT_WEB",
            rooms,
            adults,
            cancellationPolicies: [{ amount: "0.00", from: `${stay.checkIn}T12:00:00Z` }],
          },
        ],
      },
    ],
  };
}

function bookingOf(reference: string, clientReference: string, { hotel, listing }: ListedHotel, stay: StayDates, rooms: number): HotelbedsBooking {
  return {
    reference,
    clientReference,
    creationDate: new Date().toISOString().slice(0, 10),
    status: "CONFIRMED",
    hotel: { code: Number(listing.id), name: listing.name, checkIn: stay.checkIn, checkOut: stay.checkOut, rooms, supplierReference: `H${reference.slice(-6)}` },
    totalNet: Math.round(listing.rate * nightsBetween(stay) * rooms * 100) / 100,
    pendingAmount: 0,
    currency: hotel.currency,
  };
}

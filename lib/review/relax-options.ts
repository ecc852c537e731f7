import { inArray } from "drizzle-orm";
import { hotels } from "@/db/schema";
import type { RankingInput, Wave } from "@/lib/allocation/schemas";
import type { Ctx } from "@/lib/context";
import type { Offer } from "@/lib/providers/offer";
import type { Amenity, PaymentMethod } from "@/lib/vocabulary";
import { roomsLeft } from "./wave-context";

type Airport = { latitude: number; longitude: number };

/**
 * The offers a wave saw, rebuilt for a what-if run of the engine: one per provider offer of the
 * rankingInputs, with the rooms the wave's placements (but the item's own groups) left, and the
 * hotel's registry facts the wave does not keep (amenities, chain, coordinates, payment). A hotel
 * missing from the registry is placed from its distance and bearing to the airport.
 */
export async function waveOffers(ctx: Ctx, wave: Wave, airport: Airport, except: ReadonlySet<string>): Promise<Offer[]> {
  const rows = new Map<string, RankingInput>();
  for (const r of wave.rankingInputs) {
    const key = `${r.provider}|${r.providerOfferId}`;
    if (!rows.has(key)) rows.set(key, r);
  }
  const urns = [...new Set([...rows.values()].map((r) => r.hotelUrn))];
  const registry = urns.length ? await ctx.db.select().from(hotels).where(inArray(hotels.urn, urns)) : [];
  const byUrn = new Map(registry.map((h) => [h.urn, h]));
  const offers: Offer[] = [];
  for (const r of rows.values()) {
    const left = roomsLeft(wave, r, except);
    if (left.rooms <= 0) continue;
    const h = byUrn.get(r.hotelUrn);
    const at = h ? { latitude: h.latitude, longitude: h.longitude } : project(airport, r.distanceKm, r.bearingDeg);
    offers.push({
      provider: r.provider,
      offerId: r.providerOfferId,
      providerHotelId: h?.providerRefs?.[r.provider] ?? r.hotelUrn,
      hotelKey: h?.hotelKey ?? null,
      hotelUrn: r.hotelUrn,
      chainId: h?.chainId ?? null,
      name: r.hotelName,
      address: h?.address ?? "",
      phone: h?.phone ?? null,
      ...at,
      stars: r.stars,
      amenities: (h?.amenities ?? []) as Amenity[],
      nightlyRate: r.nightlyRate.amount,
      currency: r.nightlyRate.currency,
      roomsAvailable: left.rooms,
      accessibleRoomsAvailable: left.accessible,
      acceptedPayments: (h?.acceptsGuarantee === false ? ["CARD"] : ["GUARANTEE", "CARD"]) as PaymentMethod[],
      cancellable: true,
    });
  }
  return offers;
}

const EARTH_KM = 6371.0088;
const rad = (d: number) => (d * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

/** The point `km` away from the airport in direction `bearing` (degrees clockwise from north). */
function project(from: Airport, km: number, bearing: number): Airport {
  const d = km / EARTH_KM;
  const φ1 = rad(from.latitude);
  const λ1 = rad(from.longitude);
  const θ = rad(bearing);
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(d) + Math.cos(φ1) * Math.sin(d) * Math.cos(θ));
  const λ2 = λ1 + Math.atan2(Math.sin(θ) * Math.sin(d) * Math.cos(φ1), Math.cos(d) - Math.sin(φ1) * Math.sin(φ2));
  return { latitude: deg(φ2), longitude: deg(λ2) };
}

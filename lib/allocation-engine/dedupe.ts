import type { Offer } from "@/lib/providers/offer";
import type { Provider } from "@/lib/vocabulary";
import { bearingDeg, distanceKm } from "./geo";
import type { DedupeRule, EngineAirport, EngineHotel } from "./types";
import type { z } from "zod";

/** Dedupe rule 2's tolerance (spec 8). */
export const DEDUPE_RADIUS_KM = 0.1;

export const RULE_TEXT: Record<DedupeRule, string> = {
  SAME_HOTEL_ID: "rule 1, same provider-independent hotel id",
  NEARBY_SAME_STARS: "rule 2, within 100 m with the same stars",
  SAME_NAME_ADDRESS: "rule 3, same name and address",
};

/** Ties on price prefer a direct contract (spec 4.8), then a fixed provider order, then the offer id. */
const PROVIDER_RANK: Record<Provider, number> = { DIRECT: 0, EXPEDIA_RAPID: 1, HOTELBEDS: 2 };

export const cents = (amount: number) => Math.round(amount * 100);

/** Cheapest first; ties prefer DIRECT. Total order, so the winner never depends on input order. */
export function byPrice(a: Offer, b: Offer): number {
  return cents(a.nightlyRate) - cents(b.nightlyRate) || PROVIDER_RANK[a.provider] - PROVIDER_RANK[b.provider] || cmp(a.offerId, b.offerId);
}

export function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The order the engine puts its input offers in first, so any order of the same offers gives the same result. */
export function canonicalOffer(a: Offer, b: Offer): number {
  return cmp(a.provider, b.provider) || cmp(a.offerId, b.offerId) || cmp(JSON.stringify(a), JSON.stringify(b));
}

/** A hotel as the engine works with it: `EngineHotel` plus the member offers themselves. */
export type Hotel = EngineHotel & {
  index: number;
  members: Offer[];
  bearingDeg: number;
  marketRateCents: number | null;
};

const normalise = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * Spec 4.8 step 4: merge offers that describe the same hotel, the rules in order: (1) a shared
 * resolved hotel id (registry URN or provider-independent key), (2) within 100 m with equal stars
 * (two unrated count as equal), (3) the same name and address (case and spacing ignored). Merging is
 * transitive. `offers` must be in canonical order; each absorbed offer records the rule and the
 * offer it matched, walking out from the winner.
 */
export function dedupe(offers: readonly Offer[], airport: z.infer<typeof EngineAirport>): Hotel[] {
  const n = offers.length;
  const parent = Int32Array.from({ length: n }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  };
  const edges: { a: number; b: number; rule: DedupeRule }[] = [];
  const union = (a: number, b: number, rule: DedupeRule) => {
    const ra = find(a);
    const rb = find(b);
    if (ra === rb) return;
    parent[Math.max(ra, rb)] = Math.min(ra, rb);
    edges.push({ a, b, rule });
  };

  // rule 1: a shared registry URN or provider-independent hotel key
  const firstById = new Map<string, number>();
  offers.forEach((o, i) => {
    for (const id of [o.hotelUrn && `urn|${o.hotelUrn}`, o.hotelKey && `key|${o.hotelKey}`]) {
      if (!id) continue;
      const first = firstById.get(id);
      if (first === undefined) firstById.set(id, i);
      else union(first, i, "SAME_HOTEL_ID");
    }
  });

  // rule 2: a grid of cells at least 100 m wide, so a match is in the same or a neighbouring cell
  const latCell = 0.001;
  const lonCell = 0.001 / Math.max(0.01, Math.cos((Math.min(89, Math.abs(airport.latitude) + 1) * Math.PI) / 180));
  const grid = new Map<number, number[]>();
  // cells are numbered y × 2^22 + x: exact in a double for any latitude and longitude
  const cellKey = (y: number, x: number) => y * 4194304 + x;
  offers.forEach((o, i) => {
    const y = Math.floor(o.latitude / latCell);
    const x = Math.floor(o.longitude / lonCell);
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const cell = grid.get(cellKey(y + dy, x + dx));
        if (!cell) continue;
        for (const j of cell) {
          const p = offers[j];
          if (p.stars === o.stars && distanceKm(p.latitude, p.longitude, o.latitude, o.longitude) <= DEDUPE_RADIUS_KM) union(j, i, "NEARBY_SAME_STARS");
        }
      }
    const key = cellKey(y, x);
    const cell = grid.get(key);
    if (cell) cell.push(i);
    else grid.set(key, [i]);
  });

  // rule 3: exact name and address
  const firstByName = new Map<string, number>();
  offers.forEach((o, i) => {
    const key = `${normalise(o.name)}\u0000${normalise(o.address)}`;
    const first = firstByName.get(key);
    if (first === undefined) firstByName.set(key, i);
    else union(first, i, "SAME_NAME_ADDRESS");
  });

  const clusters = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const r = find(i);
    const c = clusters.get(r);
    if (c) c.push(i);
    else clusters.set(r, [i]);
  }
  const adjacency = new Map<number, { to: number; rule: DedupeRule }[]>();
  for (const e of edges) {
    for (const [from, to] of [
      [e.a, e.b],
      [e.b, e.a],
    ]) {
      const list = adjacency.get(from);
      if (list) list.push({ to, rule: e.rule });
      else adjacency.set(from, [{ to, rule: e.rule }]);
    }
  }

  const hotels: Hotel[] = [];
  for (const members of clusters.values()) {
    const sorted = [...members].sort((a, b) => byPrice(offers[a], offers[b]));
    const winnerIdx = sorted[0];
    // walk the merge edges out from the winner: each offer is named by the edge that reached it
    const mergedBy = new Map<number, { rule: DedupeRule; matched: string } | null>([[winnerIdx, null]]);
    const queue = [winnerIdx];
    for (let q = 0; q < queue.length; q++) {
      for (const { to, rule } of adjacency.get(queue[q]) ?? []) {
        if (mergedBy.has(to)) continue;
        mergedBy.set(to, { rule, matched: offers[queue[q]].offerId });
        queue.push(to);
      }
    }
    const w = offers[winnerIdx];
    const memberOffers = sorted.map((i) => offers[i]);
    const market = memberOffers.find((o) => o.provider !== "DIRECT");
    const anyUrn = w.hotelUrn ?? memberOffers.map((o) => o.hotelUrn).filter((u): u is string => !!u).sort(cmp)[0];
    const anyKey = w.hotelKey ?? memberOffers.map((o) => o.hotelKey).filter((u): u is string => !!u).sort(cmp)[0] ?? null;
    hotels.push({
      index: 0,
      hotelUrn: anyUrn ?? (anyKey ? `key:${anyKey}` : `${w.provider}:${w.providerHotelId}`),
      hotelKey: anyKey,
      chainId: w.chainId,
      name: w.name,
      address: w.address,
      phone: w.phone,
      latitude: w.latitude,
      longitude: w.longitude,
      stars: w.stars,
      distanceKm: round(distanceKm(airport.latitude, airport.longitude, w.latitude, w.longitude), 3),
      bearingDeg: round(bearingDeg(airport.latitude, airport.longitude, w.latitude, w.longitude), 1),
      provider: w.provider,
      offerId: w.offerId,
      nightlyRate: w.nightlyRate,
      marketRate: market ? market.nightlyRate : null,
      marketRateCents: market ? cents(market.nightlyRate) : null,
      members: memberOffers,
      offers: sorted.map((i) => ({
        provider: offers[i].provider,
        offerId: offers[i].offerId,
        nightlyRate: offers[i].nightlyRate,
        roomsAvailable: offers[i].roomsAvailable,
        accessibleRoomsAvailable: offers[i].accessibleRoomsAvailable,
        mergedBy: mergedBy.get(i) ?? null,
      })),
    });
  }
  // hotels in a canonical order (their ids, then their winning offer), indexed for the typed arrays
  hotels.sort((a, b) => cmp(a.hotelUrn, b.hotelUrn) || cmp(a.provider, b.provider) || cmp(a.offerId, b.offerId));
  hotels.forEach((h, i) => (h.index = i));
  return hotels;
}

const POW10 = [1, 10, 100, 1000, 1e4, 1e5, 1e6, 1e7, 1e8];

export function round(x: number, digits: number): number {
  return Math.round(x * POW10[digits]) / POW10[digits];
}

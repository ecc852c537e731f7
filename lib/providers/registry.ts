import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { hotelProviderRefs, hotels } from "@/db/schema";
import { newUrn } from "@/lib/ids";
import type { Provider } from "@/lib/vocabulary";
import type { Offer } from "./offer";

/**
 * The hotel registry: every offer names one of our hotels (`hotelUrn`), found by the provider's
 * hotel id, created on first sight. A listing that carries a provider-independent id (hotelKey)
 * joins the row that already has it, so the same hotel keeps one URN across sources and searches.
 * Idempotent under concurrent searches: inserts do nothing on conflict and the winner is re-read.
 */
export async function resolveHotelUrns(db: DbOrTx, airport: string, offers: Offer[]): Promise<Offer[]> {
  const unresolved = offers.filter((o) => !o.hotelUrn);
  if (!unresolved.length) return offers;
  const known = await lookupRefs(db, unresolved);
  const missing = dedupeBy(unresolved.filter((o) => !known.has(refKey(o))), refKey);
  if (missing.length) {
    const byHotelKey = await urnsByHotelKey(db, missing.flatMap((o) => (o.hotelKey ? [o.hotelKey] : [])));
    const newRows: (typeof hotels.$inferInsert)[] = [];
    for (const o of missing) {
      if (o.hotelKey && byHotelKey.has(o.hotelKey)) continue;
      const urn = newUrn("hotel");
      if (o.hotelKey) byHotelKey.set(o.hotelKey, urn);
      newRows.push({
        urn,
        name: o.name,
        chainId: o.chainId,
        address: o.address,
        phone: o.phone,
        airport,
        latitude: o.latitude,
        longitude: o.longitude,
        stars: o.stars,
        amenities: o.amenities,
        providerRefs: { [o.provider]: o.providerHotelId },
        acceptsGuarantee: o.acceptedPayments.includes("GUARANTEE"),
        hotelKey: o.hotelKey,
      });
    }
    if (newRows.length) await db.insert(hotels).values(newRows).onConflictDoNothing();
    // a concurrent search may have created the row of a hotelKey first: take its URN
    const settled = await urnsByHotelKey(db, [...byHotelKey.keys()]);
    const refs = missing.map((o) => ({
      provider: o.provider,
      providerHotelId: o.providerHotelId,
      hotelUrn: (o.hotelKey && settled.get(o.hotelKey)) || newRows.find((r) => r.providerRefs?.[o.provider] === o.providerHotelId && !r.hotelKey)!.urn,
    }));
    await db.insert(hotelProviderRefs).values(refs).onConflictDoNothing();
    for (const [k, v] of await lookupRefs(db, missing)) known.set(k, v);
  }
  return offers.map((o) => (o.hotelUrn ? o : { ...o, hotelUrn: known.get(refKey(o)) ?? null }));
}

const refKey = (o: { provider: string; providerHotelId: string }) => `${o.provider}|${o.providerHotelId}`;

function dedupeBy<T>(items: T[], key: (t: T) => string): T[] {
  return [...new Map(items.map((i) => [key(i), i])).values()];
}

async function lookupRefs(db: DbOrTx, offers: Offer[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const byProvider = new Map<Provider, string[]>();
  for (const o of offers) byProvider.set(o.provider, [...(byProvider.get(o.provider) ?? []), o.providerHotelId]);
  for (const [provider, ids] of byProvider) {
    const rows = await db
      .select()
      .from(hotelProviderRefs)
      .where(and(eq(hotelProviderRefs.provider, provider), inArray(hotelProviderRefs.providerHotelId, [...new Set(ids)])));
    for (const r of rows) out.set(refKey(r), r.hotelUrn);
  }
  return out;
}

async function urnsByHotelKey(db: DbOrTx, keys: string[]): Promise<Map<string, string>> {
  if (!keys.length) return new Map();
  const rows = await db.select({ urn: hotels.urn, hotelKey: hotels.hotelKey }).from(hotels).where(inArray(hotels.hotelKey, [...new Set(keys)]));
  return new Map(rows.map((r) => [r.hotelKey!, r.urn]));
}

import { eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { directContracts, hotels } from "@/db/schema";
import { newUrn } from "@/lib/ids";
import { worldHotels, type WorldOptions } from "@/lib/providers/world";

/**
 * The demo tenant's direct contracts: a few world hotels near each hub at a negotiated rate below
 * what the providers sell the same hotel for (so a wave shows savings versus market). The hotel
 * rows carry the provider-independent id, so provider listings of the same hotel share the URN.
 * Idempotent: existing hotels and contracts are left as they are.
 */
export async function seedDirectContracts(db: Db, tenant: string, options: WorldOptions = {}): Promise<number> {
  const contracted = worldHotels(options).filter((h) => h.direct);
  const keyOf = (giata: string) => `giata:${giata}`;
  await db
    .insert(hotels)
    .values(
      contracted.map((h) => ({
        urn: newUrn("hotel"),
        name: h.name,
        chainId: h.chainId,
        address: h.address,
        phone: h.phone,
        airport: h.airport,
        latitude: h.latitude,
        longitude: h.longitude,
        stars: h.stars,
        amenities: h.amenities,
        acceptsGuarantee: h.acceptsGuarantee,
        hotelKey: keyOf(h.giata),
      })),
    )
    .onConflictDoNothing();
  const rows = await db.select({ urn: hotels.urn, hotelKey: hotels.hotelKey }).from(hotels).where(inArray(hotels.hotelKey, contracted.map((h) => keyOf(h.giata))));
  const urnOf = new Map(rows.map((r) => [r.hotelKey, r.urn]));
  const existing = new Set((await db.select({ hotelUrn: directContracts.hotelUrn }).from(directContracts).where(eq(directContracts.tenant, tenant))).map((r) => r.hotelUrn));
  const values = contracted
    .map((h) => ({ h, urn: urnOf.get(keyOf(h.giata))! }))
    .filter(({ urn }) => urn && !existing.has(urn))
    .map(({ h, urn }) => ({
      tenant,
      hotelUrn: urn,
      nightlyRate: h.direct!.rate,
      currency: h.currency,
      roomsTotal: h.direct!.rooms,
      roomsAvailable: h.direct!.rooms,
      accessibleRooms: h.amenities.includes("ACCESSIBLE_ROOMS") ? Math.min(2, h.direct!.rooms) : 0,
      // the reservations desk a capacity call writes to (the demo's mail stays in the outbox)
      contactEmail: `reservations.${h.giata}@hotels.example.test`,
    }));
  if (values.length) await db.insert(directContracts).values(values).onConflictDoNothing();
  return values.length;
}

import { and, eq } from "drizzle-orm";
import { directContracts, hotelInventory } from "@/db/schema";
import { loadScopedHotel } from "@/lib/hotels/scope";
import { requirePermission } from "@/lib/auth/require";
import type { Ctx } from "@/lib/context";

export type HotelNight = {
  date: string;
  /** what the DIRECT source offers that night: the hotel's figure if set, else the contract's allotment */
  rooms: number;
  nightlyRate: number;
  currency: string;
  /** whether the hotel set that night itself (PUT /hotels/{hotelUrn}/inventory) */
  set: boolean;
};

/** One night of a hotel's direct contract as the DIRECT source offers it (the extranet's form shows it); null without a contract. */
export async function readHotelNight({ ctx, input }: { ctx: Ctx; input: { hotelUrn: string; date: string } }): Promise<HotelNight | null> {
  requirePermission(ctx, "hotel:extranet", "read a hotel's rooms and rate");
  const hotel = await loadScopedHotel(ctx, input.hotelUrn);
  const [row] = await ctx.db
    .select({ contract: directContracts, night: hotelInventory })
    .from(directContracts)
    .leftJoin(hotelInventory, and(eq(hotelInventory.tenant, directContracts.tenant), eq(hotelInventory.hotelUrn, directContracts.hotelUrn), eq(hotelInventory.date, input.date)))
    .where(and(eq(directContracts.tenant, ctx.principal.tenant), eq(directContracts.hotelUrn, hotel.urn)))
    .limit(1);
  if (!row) return null;
  const { contract, night } = row;
  return {
    date: input.date,
    rooms: night?.rooms ?? contract.roomsAvailable,
    nightlyRate: night?.nightlyRate ?? contract.nightlyRate,
    currency: contract.currency,
    set: Boolean(night),
  };
}

import { and, eq } from "drizzle-orm";
import { hotelProviderRefs, hotels } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import type { Provider } from "@/lib/vocabulary";

/** The hotel's name in the catalogue, for the reservation and its voucher. */
export async function hotelName(ctx: Ctx, hotelUrn: string): Promise<string | null> {
  const [h] = await ctx.db.select({ name: hotels.name }).from(hotels).where(eq(hotels.urn, hotelUrn)).limit(1);
  return h?.name ?? null;
}

/** The provider's own id of the hotel; a direct contract is keyed by our URN. */
export async function providerHotelId(ctx: Ctx, hotelUrn: string, provider: Provider): Promise<string> {
  if (provider === "DIRECT") return hotelUrn;
  const [ref] = await ctx.db
    .select({ id: hotelProviderRefs.providerHotelId })
    .from(hotelProviderRefs)
    .where(and(eq(hotelProviderRefs.hotelUrn, hotelUrn), eq(hotelProviderRefs.provider, provider)))
    .limit(1);
  return ref?.id ?? hotelUrn;
}

import { and, asc, eq } from "drizzle-orm";
import { directContracts, hotels } from "@/db/schema";
import type { Ctx } from "@/lib/context";

export type ContractedHotel = { hotelUrn: string; hotelName: string; contactEmail: string | null };

/** The tenant's directly contracted hotels at an airport (those a capacity call goes to), by name. */
export async function contractedHotelsAt(ctx: Ctx, airport: string): Promise<ContractedHotel[]> {
  return ctx.db
    .select({ hotelUrn: hotels.urn, hotelName: hotels.name, contactEmail: directContracts.contactEmail })
    .from(directContracts)
    .innerJoin(hotels, eq(hotels.urn, directContracts.hotelUrn))
    .where(and(eq(directContracts.tenant, ctx.principal.tenant), eq(hotels.airport, airport)))
    .orderBy(asc(hotels.name), asc(hotels.urn));
}

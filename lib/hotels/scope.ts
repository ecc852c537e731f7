import { eq } from "drizzle-orm";
import { hotels, type HotelRow } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { DomainError, notFound } from "@/lib/errors";
import { contractAt } from "./contracts";
import type { Principal } from "@/lib/auth/principal";
import { assertAirport } from "@/lib/auth/scope";

export const isHotelUser = (principal: Pick<Principal, "roles">) => principal.roles.includes("HOTEL");

/** Whether the principal may act for this hotel: a HOTEL user for the hotels of its claim; staff for any. */
export function coversHotel(principal: Pick<Principal, "roles" | "hotels">, hotelUrn: string): boolean {
  return !isHotelUser(principal) || (principal.hotels ?? []).includes(hotelUrn);
}

/**
 * The hotel an extranet route names, for a caller who may act for it: a HOTEL user outside its
 * `hotels` claim is 403 OUT_OF_SCOPE; staff are held to their airports (the hotel's airport); an
 * unknown hotel, or one the tenant has no direct contract with, is a 404 (a hotel user's scope is
 * the contracts of its own tenant: it never reaches another airline's guests).
 */
export async function loadScopedHotel(ctx: Ctx, hotelUrn: string): Promise<HotelRow> {
  if (!coversHotel(ctx.principal, hotelUrn)) throw new DomainError(403, "OUT_OF_SCOPE", `Hotel ${hotelUrn} is outside the hotels of your claims.`);
  const [row] = await ctx.db.select().from(hotels).where(eq(hotels.urn, hotelUrn)).limit(1);
  if (!row) throw notFound(`Hotel ${hotelUrn}`);
  if (isHotelUser(ctx.principal)) {
    if (!(await contractAt(ctx.db, ctx.principal.tenant, hotelUrn))) throw notFound(`Hotel ${hotelUrn}`);
  } else {
    assertAirport(ctx.principal, row.airport);
  }
  return row;
}

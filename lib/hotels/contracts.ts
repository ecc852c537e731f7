import { and, asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { type DirectContractRow, directContracts, hotels } from "@/db/schema";

/** A hotel the tenant has a direct contract with, by name: what a user's, a capacity call's or a list's hotel shows. */
export type ContractedHotel = { hotelUrn: string; hotelName: string; airport: string; contactEmail: string | null };

/**
 * "The tenant's direct contract(s) for this hotel / at this airport", asked in one place: the
 * extranet's scope (lib/hotels/scope.ts), the users a HOTEL role may be given (lib/users), a
 * capacity call's hotels, the night a hotel sets and the DIRECT source all mean the same contracts
 * (direct_contracts, keyed by tenant and hotel). Every query takes the database or a transaction
 * and the tenant, so a verb keeps its own transaction.
 */

/** The tenant's contract at one hotel, or null: no contract, no extranet and no DIRECT rooms there. */
export async function contractAt(db: DbOrTx, tenant: string, hotelUrn: string): Promise<DirectContractRow | null> {
  const [row] = await db
    .select()
    .from(directContracts)
    .where(and(eq(directContracts.tenant, tenant), eq(directContracts.hotelUrn, hotelUrn)))
    .limit(1);
  return row ?? null;
}

const byName = { hotelUrn: hotels.urn, hotelName: hotels.name, airport: hotels.airport, contactEmail: directContracts.contactEmail };

/** The tenant's contracted hotels, all of them or those among `hotelUrns` (others are left out), by airport then name. */
export async function contractedHotels(db: DbOrTx, tenant: string, hotelUrns?: readonly string[]): Promise<ContractedHotel[]> {
  if (hotelUrns && hotelUrns.length === 0) return [];
  return db
    .select(byName)
    .from(directContracts)
    .innerJoin(hotels, eq(hotels.urn, directContracts.hotelUrn))
    .where(and(eq(directContracts.tenant, tenant), hotelUrns ? inArray(directContracts.hotelUrn, [...hotelUrns]) : undefined))
    .orderBy(asc(hotels.airport), asc(hotels.name), asc(hotels.urn));
}

/** The tenant's contracted hotels at one airport (those a capacity call goes to), by name. */
export async function contractedHotelsAt(db: DbOrTx, tenant: string, airport: string): Promise<ContractedHotel[]> {
  return db
    .select(byName)
    .from(directContracts)
    .innerJoin(hotels, eq(hotels.urn, directContracts.hotelUrn))
    .where(and(eq(directContracts.tenant, tenant), eq(hotels.airport, airport)))
    .orderBy(asc(hotels.name), asc(hotels.urn));
}

import type { Db } from "@/db/client";
import { directContracts } from "@/db/schema";
import { tokenFor } from "@/tests/helpers/api";

/** A contracted hotel's user: HOTEL of its tenant for the hotels named (CDG, as the demo's). */
export function hotelToken(tenant: string, ...hotels: string[]): Promise<string> {
  return tokenFor({ tenant, roles: ["HOTEL"], airports: ["CDG"], hotels });
}

/** The tenant's direct contract at a hotel, which a hotel user of that tenant needs to reach it. */
export async function contractAt(db: Db, tenant: string, hotelUrn: string, over: { roomsAvailable?: number; nightlyRate?: number } = {}): Promise<void> {
  await db.insert(directContracts).values({ tenant, hotelUrn, nightlyRate: over.nightlyRate ?? 100, currency: "EUR", roomsTotal: 10, roomsAvailable: over.roomsAvailable ?? 10 });
}

export const hotelPath = (hotelUrn: string, rest: string) => `/hotels/${encodeURIComponent(hotelUrn)}/${rest}`;

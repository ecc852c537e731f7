import { inArray } from "drizzle-orm";
import { hotels, type UserRow } from "@/db/schema";
import type { Role } from "@/lib/auth/roles";
import { coversAirport } from "@/lib/auth/scope";
import type { Ctx } from "@/lib/context";
import { invalid, outOfScope } from "@/lib/errors";
import { contractedHotels as contractedHotelsOf } from "@/lib/hotels/contracts";
import type { UserRecord } from "./schemas";

export type UserShape = { roles: Role[]; airports: string[]; hotels: string[] };
export type HotelOfUser = UserRecord["hotels"][number];

/**
 * What a user may be, the same rule as a token's claims (lib/auth/principal.ts): HOTEL is held
 * alone and lists at least one hotel, which the airline has a direct contract with (a hotel of
 * another airline's contracts, or none, is a 422); every other role lists no hotel and at least one
 * airport. A HOTEL user acts for its hotels, not at airports: its airports are ["*"], as the seed's.
 * Answers the shape to store and the hotels by name.
 */
export async function checkUserShape(ctx: Ctx, shape: { roles: Role[]; airports?: string[]; hotels?: string[] }): Promise<{ shape: UserShape; hotels: HotelOfUser[] }> {
  const roles = [...new Set(shape.roles)];
  const hotelUrns = [...new Set(shape.hotels ?? [])];
  if (roles.includes("HOTEL")) {
    if (roles.length > 1) throw invalid("HOTEL is held alone.", [{ path: "roles", message: "HOTEL is held alone" }]);
    if (hotelUrns.length === 0) throw invalid("A HOTEL user acts for at least one hotel.", [{ path: "hotels", message: "list at least one hotel" }]);
    const found = await contractedHotels(ctx, hotelUrns);
    const unknown = hotelUrns.filter((h) => !found.some((f) => f.hotelUrn === h));
    if (unknown.length) throw invalid("A HOTEL user acts only for hotels the airline has a direct contract with.", unknown.map((h) => ({ path: "hotels", message: `no direct contract with ${h}` })));
    return { shape: { roles, airports: ["*"], hotels: hotelUrns }, hotels: hotelUrns.map((h) => found.find((f) => f.hotelUrn === h)!) };
  }
  if (hotelUrns.length) throw invalid("Only a HOTEL user lists hotels.", [{ path: "hotels", message: "only a HOTEL user lists hotels" }]);
  const airports = [...new Set(shape.airports ?? [])];
  if (airports.length === 0) throw invalid("A user acts at one or more airports.", [{ path: "airports", message: "list at least one airport, or *" }]);
  return { shape: { roles, airports: airports.includes("*") ? ["*"] : airports, hotels: [] }, hotels: [] };
}

/**
 * No escalation: an ADMIN limited to some airports manages only users within them (403
 * OUT_OF_SCOPE otherwise): a staff user's airports, a HOTEL user's hotels' airports.
 */
export function assertManages(ctx: Ctx, user: Pick<UserShape, "airports">, hotelsOfUser: Pick<HotelOfUser, "airport">[]): void {
  const airports = hotelsOfUser.length ? hotelsOfUser.map((h) => h.airport) : user.airports;
  for (const a of airports) {
    if (a === "*" ? !ctx.principal.airports.includes("*") : !coversAirport(ctx.principal, a)) throw outOfScope(a);
  }
}

/** Hotels among the airline's direct contracts, by name (lib/hotels/contracts.ts). */
export async function contractedHotels(ctx: Ctx, hotelUrns: string[]): Promise<HotelOfUser[]> {
  return (await contractedHotelsOf(ctx.db, ctx.principal.tenant, hotelUrns)).map(({ hotelUrn, hotelName, airport }) => ({ hotelUrn, hotelName, airport }));
}

/** Hotels by URN, whatever the contracts now (a user's hotel whose contract ended still shows by name). */
export async function hotelsByUrn(ctx: Ctx, hotelUrns: string[]): Promise<Map<string, HotelOfUser>> {
  if (hotelUrns.length === 0) return new Map();
  const rows = await ctx.db.select({ hotelUrn: hotels.urn, hotelName: hotels.name, airport: hotels.airport }).from(hotels).where(inArray(hotels.urn, hotelUrns));
  return new Map(rows.map((r) => [r.hotelUrn, r]));
}

export function toUserRecord(row: UserRow, byUrn: Map<string, HotelOfUser>): UserRecord {
  return {
    urn: row.urn,
    email: row.email,
    name: row.name,
    roles: row.roles,
    airports: row.airports,
    hotels: row.hotels.map((h) => byUrn.get(h) ?? { hotelUrn: h, hotelName: h, airport: "" }),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

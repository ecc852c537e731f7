import { and, eq } from "drizzle-orm";
import { passengers } from "@/db/schema";
import { airportFacts } from "@/lib/airport-facts";
import { checkOffer, constraintsOf, offerDistanceKm } from "@/lib/allocation-engine/filter";
import { localDate } from "@/lib/cases/stay";
import { allocationOf } from "@/lib/booking/stay-change-plan";
import { caseSystems } from "@/lib/peers/case-systems";
import type { Offer } from "@/lib/providers/offer";
import { searchHotelOffers } from "@/lib/providers/search";
import type { PassengerLink } from "./link";
import { type ChoiceWindow, choiceWindow } from "./choice-window";
import { stayPolicy } from "@/lib/policies/of-stay";

/** How many other hotels the page offers at most. */
export const MAX_CHOICES = 3;

export type HotelChoice = { hotelUrn: string; name: string; address: string; stars: number | null; distanceKm: number; offer: Offer };

/**
 * The other hotels the passenger may pick: the wave's next-ranked compliant hotels for the group
 * (its allocation's first choice when the stay is elsewhere, then its fallbacks), each re-checked
 * now against the live offers (rooms left for the whole group, an accessible room when a
 * passenger uses a wheelchair) and the stay's policy (the same filter the allocation applied), at
 * most three. A hotel that filled since the wave, or whose rate rose past the policy, is left out.
 */
export async function hotelChoices(link: PassengerLink): Promise<HotelChoice[]> {
  const { ctx, reservation: r, caseRow } = link;
  const allocation = await allocationOf(ctx, r.waveUrn, r.groupId);
  if (!allocation) return [];
  const ranked = [allocation.hotelUrn, ...allocation.fallbacks.map((f) => f.hotelUrn)].filter((urn, i, all) => urn !== r.hotelUrn && all.indexOf(urn) === i);
  if (ranked.length === 0) return [];
  const airport = await airportFacts(ctx.db, caseRow.airport);
  const policy = await stayPolicy(ctx, r);
  if (!airport || !policy) return [];
  const constraints = constraintsOf(policy, airport.currency);
  const checkIn = localDate(r.checkIn, airport.timeZone);
  const checkOut = localDate(r.checkOut, airport.timeZone);
  // rooms: 1, as the wave searched: the same cached offers, and sources list smaller hotels too
  const { offers } = await searchHotelOffers({ ctx, input: { airport: airport.iata, checkIn, checkOut, rooms: 1 }, ...(await (await caseSystems(ctx, caseRow)).search()) });
  const party = await ctx.db.select({ specialNeeds: passengers.specialNeeds }).from(passengers).where(and(eq(passengers.caseUrn, r.caseUrn), eq(passengers.groupId, r.groupId)));
  const wheelchairs = party.filter((p) => p.specialNeeds.includes("WHEELCHAIR")).length;
  const out: HotelChoice[] = [];
  for (const hotelUrn of ranked) {
    const offer = offers
      .filter((o) => o.hotelUrn === hotelUrn && constraints.allowProviders.has(o.provider) && o.roomsAvailable >= r.rooms && o.accessibleRoomsAvailable >= Math.min(wheelchairs, r.rooms))
      .map((o) => ({ o, km: offerDistanceKm(o, { code: airport.iata, latitude: airport.latitude, longitude: airport.longitude }) }))
      .filter(({ o, km }) => checkOffer(o, km, constraints).ok)
      .sort((a, b) => a.o.nightlyRate - b.o.nightlyRate)[0];
    if (offer) out.push({ hotelUrn, name: offer.o.name, address: offer.o.address, stars: offer.o.stars, distanceKm: Math.round(offer.km * 10) / 10, offer: offer.o });
    if (out.length === MAX_CHOICES) break;
  }
  return out;
}

/** GET /passenger/{token}/choices: the window and, while it is open, the hotels (without the offers' provider details). */
export async function listHotelChoices(link: PassengerLink): Promise<{ choice: ChoiceWindow; hotels: Omit<HotelChoice, "offer">[] }> {
  const choice = link.reservation.status === "CONFIRMED" ? await choiceWindow(link.ctx, link.reservation) : { open: false, deadline: null, minutesLeft: 0 };
  if (!choice.open) return { choice, hotels: [] };
  return { choice, hotels: (await hotelChoices(link)).map(({ offer: _offer, ...h }) => h) };
}

import { and, asc, eq, inArray } from "drizzle-orm";
import {
  allocationWaves,
  cases,
  hotels,
  passengerGroups,
  passengers,
  policies,
  reservations,
  type ReservationRow,
  tenants,
} from "@/db/schema";
import type { VoucherProps } from "@/emails/voucher";
import type { Ctx } from "@/lib/context";
import { PolicyBuffers } from "@/lib/policies/schemas";
import { printable } from "@/lib/printable";
import { ERASED_NAME } from "@/lib/privacy/scrub-text";
import { airportTimeZone } from "@/lib/cases/airports";
import { languageOfGroup } from "@/lib/i18n/group-language";
import type { Locale } from "@/lib/i18n/locales";
import { usableRidesOf } from "@/lib/rides/of-reservation";
import { rideStatusOf } from "@/lib/rides/ride-status";
import { capLabel } from "@/lib/rides/words";
import { voucherTransport } from "@/lib/transport/voucher";
import { voucherCare } from "./care";
import { localMoment, nightsBetweenDates } from "./local-time";
import { specialServiceInstructions } from "./special-services";

/**
 * What the voucher of a reservation shows, read from the database and formatted here once, so the
 * template only lays it out. Reads are ordered (manifest position, then id), and nothing depends
 * on the clock: the same reservation gives the same props, hence byte-identical renditions.
 *
 * Times: the reservation's checkIn and checkOut are the stay's instants; the voucher shows them in
 * the hotel's time zone (the airport's) widened by the tier policy's buffers: check-in from
 * checkIn − earlyCheckInMinutes, check-out by checkOut + lateCheckoutMinutes.
 */
export async function voucherProps(ctx: Ctx, r: ReservationRow): Promise<Omit<VoucherProps, "passengerLink">> {
  const db = ctx.db;
  // one read for the case and what hangs off it (the booking's follow-up step pays for each round trip)
  const [row] = await db
    .select({
      kase: { airline: cases.airline, airport: cases.airport, mode: cases.mode, nextFlight: cases.nextFlight },
      tenantName: tenants.name,
      tier: passengerGroups.tier,
      hotel: { name: hotels.name, address: hotels.address, phone: hotels.phone },
      policies: allocationWaves.policies,
    })
    .from(cases)
    .leftJoin(tenants, eq(tenants.code, r.tenant))
    .leftJoin(passengerGroups, and(eq(passengerGroups.caseUrn, r.caseUrn), eq(passengerGroups.groupId, r.groupId)))
    .leftJoin(hotels, eq(hotels.urn, r.hotelUrn))
    .leftJoin(allocationWaves, eq(allocationWaves.urn, r.waveUrn))
    .where(eq(cases.urn, r.caseUrn))
    .limit(1);
  if (!row) throw new Error(`reservation ${r.urn}: case ${r.caseUrn} is missing`);
  const { kase, hotel } = row;
  const timeZone = await airportTimeZone(ctx, kase.airport);
  const guests = await db
    .select({ firstName: passengers.firstName, lastName: passengers.lastName, erasedAt: passengers.erasedAt, specialNeeds: passengers.specialNeeds, language: passengers.language })
    .from(passengers)
    .where(and(eq(passengers.caseUrn, r.caseUrn), eq(passengers.groupId, r.groupId)))
    .orderBy(asc(passengers.position), asc(passengers.passengerId));
  const buffers = await tierBuffers(ctx, row.policies ?? [], row.tier ?? null);
  const checkIn = localMoment(new Date(r.checkIn.getTime() - buffers.earlyCheckInMinutes * 60_000), timeZone);
  const checkOut = localMoment(new Date(r.checkOut.getTime() + buffers.lateCheckoutMinutes * 60_000), timeZone);
  const airline = row.tenantName ?? kase.airline;
  // the group's language (manifest or passenger page), else English: read with the names
  const locale = languageOfGroup(guests) ?? "en";
  const transport = await transportOf(ctx, r, timeZone);
  const taxis = (await usableRidesOf(ctx, r.urn)).flatMap((x) => (x.code ? [{ code: printable(x.code), toHotel: x.direction === "AIRPORT_TO_HOTEL", pickup: localMoment(x.pickupAt, timeZone), cap: capLabel(x.maxAmount, x.currency, locale) }] : []));

  return {
    confirmationCode: confirmationCodeOf(r),
    // a provider's data is not ours to trust either: no bidi override or line break from it
    hotel: {
      name: printable(hotel?.name ?? r.hotelName ?? (await hotelNameFromWave(ctx, r.waveUrn, r.groupId)) ?? r.hotelUrn),
      address: printable(hotel?.address ?? "Address not listed: ask the airline desk"),
      phone: hotel?.phone ? printable(hotel.phone) : null,
    },
    timeZone,
    checkIn,
    checkOut,
    earlyCheckInMinutes: buffers.earlyCheckInMinutes,
    lateCheckoutMinutes: buffers.lateCheckoutMinutes,
    nights: nightsBetweenDates(localMoment(r.checkIn, timeZone).date, localMoment(r.checkOut, timeZone).date),
    rooms: r.rooms,
    // names stored before lib/printable.ts refused controls still cannot forge a line or reorder the text
    passengers: guests.map((g) => (g.erasedAt ? ERASED_NAME : printable([g.firstName, g.lastName].filter(Boolean).join(" ")) || "(name not on the manifest)")),
    total: `${r.total.currency} ${r.total.amount.toFixed(2)}`,
    payment:
      r.payment.method === "CARD"
        ? { method: "CARD", reference: r.paymentAuthorization ?? "on file with the airline" }
        : { method: "GUARANTEE", airline },
    specialServices: specialServiceInstructions(guests.map((g) => g.specialNeeds ?? [])),
    transport,
    taxis,
    ...(transport || taxis.length ? {} : { rideNote: (await rideStatusOf(ctx, r)).decided ? "NONE_OWED" : "PENDING" }),
    draft: kase.mode === "DRILL",
    locale,
    ...(await careOf(ctx, r, locale)),
    ...(await stayChangeOf(ctx, r, kase.nextFlight?.scheduledDeparture ?? null, timeZone, buffers.lateCheckoutMinutes)),
  };
}

type Props = Omit<VoucherProps, "passengerLink">;
const perTransaction = new WeakMap<object, Map<string, Props>>();

/**
 * voucherProps, read once per transaction and reservation: the booking confirms a reservation,
 * renders its voucher and queues its emails in one transaction, and both need the same props.
 * Keyed by the transaction handle, so nothing outlives it; outside a transaction nothing is kept.
 */
export async function voucherPropsOnce(ctx: Ctx, r: ReservationRow): Promise<Props> {
  if (!ctx.inTransaction) return voucherProps(ctx, r);
  let cache = perTransaction.get(ctx.db);
  if (!cache) perTransaction.set(ctx.db, (cache = new Map()));
  const key = `${r.urn}|${r.updatedAt.getTime()}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const props = await voucherProps(ctx, r);
  cache.set(key, props);
  return props;
}

/** What the guest quotes at the desk: the provider's confirmation code once booking records it, else its booking id. */
export function confirmationCodeOf(r: ReservationRow): string {
  return r.confirmationCode || r.providerRef || r.urn.slice(-12).toUpperCase();
}

async function tierBuffers(ctx: Ctx, wavePolicies: readonly { tier: string; policyUrn: string }[], tier: string | null): Promise<Buffers> {
  const entry = wavePolicies.find((p) => p.tier === tier);
  const none = { lateCheckoutMinutes: 0, earlyCheckInMinutes: 0 };
  if (!entry) return none;
  const [row] = await ctx.db.select({ body: policies.body }).from(policies).where(eq(policies.urn, entry.policyUrn)).limit(1);
  const parsed = PolicyBuffers.safeParse((row?.body as { buffers?: unknown } | undefined)?.buffers ?? {});
  return parsed.success ? parsed.data : none;
}
type Buffers = { lateCheckoutMinutes: number; earlyCheckInMinutes: number };

/** The name the wave gave the hotel, for a hotel no longer in the catalogue (read only then: a wave's allocations are large). */
async function hotelNameFromWave(ctx: Ctx, waveUrn: string, groupId: string): Promise<string | null> {
  const [wave] = await ctx.db.select({ allocations: allocationWaves.allocations }).from(allocationWaves).where(eq(allocationWaves.urn, waveUrn)).limit(1);
  const allocations = wave?.allocations;
  if (!Array.isArray(allocations)) return null;
  const a = allocations.find((x) => (x as { groupId?: string }).groupId === groupId) as { hotelName?: string } | undefined;
  return a?.hotelName ?? null;
}

/**
 * A re-accommodation's continuations (lib/booking/continue-stay.ts): the stay they extend names
 * their codes and the new check-out; a continuation names the code of the stay it continues.
 * Looked up only when one can exist (the next flight leaves after this stay's last day, or this is
 * one), so a fresh booking's voucher costs no extra query.
 */
async function stayChangeOf(ctx: Ctx, r: ReservationRow, nextDeparture: string | null, timeZone: string, lateCheckoutMinutes: number): Promise<Pick<VoucherProps, "extension" | "continues">> {
  const out: Pick<VoucherProps, "extension" | "continues"> = {};
  if (r.previousUrn && r.stayChange === "CONTINUATION") {
    const [previous] = await ctx.db.select().from(reservations).where(eq(reservations.urn, r.previousUrn)).limit(1);
    if (previous) out.continues = confirmationCodeOf(previous);
  }
  if (!nextDeparture || localMoment(new Date(nextDeparture), timeZone).date <= localMoment(r.checkOut, timeZone).date) return out;
  const codes: string[] = [];
  let end: Date | null = null;
  for (let at = r.urn, hops = 0; hops < 30; hops++) {
    const [next] = await ctx.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.previousUrn, at), eq(reservations.stayChange, "CONTINUATION"), inArray(reservations.status, ["CONFIRMED", "CHECKED_OUT"])))
      .limit(1);
    if (!next) break;
    codes.push(confirmationCodeOf(next));
    end = next.checkOut;
    at = next.urn;
  }
  if (end) out.extension = { confirmationCodes: codes, checkOut: localMoment(new Date(end.getTime() + lateCheckoutMinutes * 60_000), timeZone) };
  return out;
}

/** The reservation's next ride, once transport exists (lib/transport decides which and what it says). */
async function transportOf(ctx: Ctx, r: ReservationRow, timeZone: string): Promise<VoucherProps["transport"]> {
  const ride = await voucherTransport(ctx, r);
  return ride && { pickupLocation: ride.pickupLocation, pickup: localMoment(ride.scheduledAt, timeZone), vehicle: ride.vehicle, dispatcherPhone: ride.dispatcherPhone };
}

/** The care the group is owed, from the case's newest assessment; no field at all when nothing is (older vouchers re-render the same bytes). */
async function careOf(ctx: Ctx, r: ReservationRow, locale: Locale): Promise<Pick<VoucherProps, "care">> {
  const care = await voucherCare(ctx, r, locale);
  return care.length ? { care } : {};
}

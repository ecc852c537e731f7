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
  type RideVoucherRow,
  tenants,
  type TransportSegmentRow,
} from "@/db/schema";
import type { VoucherProps } from "@/emails/voucher";
import type { Ctx } from "@/lib/context";
import { groupsCareEntries } from "@/lib/care/group-care";
import type { PassengerCare } from "@/lib/care/types";
import { groupBy } from "@/lib/group-by";
import { PolicyBuffers } from "@/lib/policies/schemas";
import { printable } from "@/lib/printable";
import { ERASED_NAME } from "@/lib/privacy/scrub-text";
import { airportTimeZone } from "@/lib/cases/airports";
import { languageOfGroup } from "@/lib/i18n/group-language";
import { ridesOfStays } from "@/lib/rides/plan";
import { rideStatusFrom } from "@/lib/rides/ride-status";
import { capLabel } from "@/lib/rides/words";
import { liveSegmentsOf } from "@/lib/transport/live-segments";
import { voucherTransportFrom } from "@/lib/transport/voucher";
import { voucherCareLines } from "./care";
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
  return (await voucherModels(ctx, [r])).get(r.urn)!.props;
}

/** A passenger of the voucher's group as the chunk's one read returns them: the names it prints and the addresses its messages go to. */
export type Guest = { passengerId: string; firstName: string | null; lastName: string | null; erasedAt: Date | null; specialNeeds: string[] | null; language: string | null; email: string | null; phone: string | null };
export type VoucherModel = { props: Props; guests: Guest[] };

/**
 * The props of several reservations' vouchers (the passenger flow's chunk; a single stay is a batch
 * of one), read with one set-based query per kind of row whatever their number: the cases and what
 * hangs off them, the guests, the tier policies, the live rides, the ride vouchers and the care of
 * each case's groups. Only a re-accommodation's continuations (rare) and a hotel gone from the
 * catalogue are read per stay.
 */
export async function voucherModels(ctx: Ctx, rs: readonly ReservationRow[]): Promise<Map<string, VoucherModel>> {
  const out = new Map<string, VoucherModel>();
  if (rs.length === 0) return out;
  const db = ctx.db;
  const urns = rs.map((r) => r.urn);
  const caseUrns = [...new Set(rs.map((r) => r.caseUrn))];
  const rows = await db
    .select({
      urn: reservations.urn,
      kase: { airline: cases.airline, airport: cases.airport, mode: cases.mode, nextFlight: cases.nextFlight },
      tenantName: tenants.name,
      tier: passengerGroups.tier,
      hotel: { name: hotels.name, address: hotels.address, phone: hotels.phone },
      policies: allocationWaves.policies,
    })
    .from(reservations)
    .innerJoin(cases, eq(cases.urn, reservations.caseUrn))
    .leftJoin(tenants, eq(tenants.code, reservations.tenant))
    .leftJoin(passengerGroups, and(eq(passengerGroups.caseUrn, reservations.caseUrn), eq(passengerGroups.groupId, reservations.groupId)))
    .leftJoin(hotels, eq(hotels.urn, reservations.hotelUrn))
    .leftJoin(allocationWaves, eq(allocationWaves.urn, reservations.waveUrn))
    .where(inArray(reservations.urn, urns));
  const byUrn = new Map(rows.map((x) => [x.urn, x]));
  const groupsOf = new Set(rs.map((r) => `${r.caseUrn}|${r.groupId}`));
  const guestRows = await db
    .select({
      caseUrn: passengers.caseUrn,
      groupId: passengers.groupId,
      passengerId: passengers.passengerId,
      firstName: passengers.firstName,
      lastName: passengers.lastName,
      erasedAt: passengers.erasedAt,
      specialNeeds: passengers.specialNeeds,
      language: passengers.language,
      email: passengers.email,
      phone: passengers.phone,
    })
    .from(passengers)
    .where(and(inArray(passengers.caseUrn, caseUrns), inArray(passengers.groupId, [...new Set(rs.map((r) => r.groupId))])))
    .orderBy(asc(passengers.position), asc(passengers.passengerId));
  const guestsOf = groupBy(
    guestRows.filter((g) => groupsOf.has(`${g.caseUrn}|${g.groupId}`)),
    (g) => `${g.caseUrn}|${g.groupId}`,
  );
  const policyUrns = new Set<string>();
  for (const x of rows) {
    const entry = (x.policies ?? []).find((p) => p.tier === (x.tier ?? null));
    if (entry) policyUrns.add(entry.policyUrn);
  }
  const buffersOf = await tierBuffers(ctx, [...policyUrns]);
  const segments = (await Promise.all(caseUrns.map((c) => liveSegmentsOf(ctx, c, urns.filter((_, i) => rs[i].caseUrn === c))))).flat();
  const rides = await ridesOfStays(ctx, urns);
  const care = await careOfGroups(ctx, rs);

  for (const r of rs) {
    const row = byUrn.get(r.urn);
    if (!row) throw new Error(`reservation ${r.urn}: case ${r.caseUrn} is missing`);
    const { kase, hotel } = row;
    const timeZone = await airportTimeZone(ctx, kase.airport);
    const guests: Guest[] = (guestsOf.get(`${r.caseUrn}|${r.groupId}`) ?? []).map(({ caseUrn: _c, groupId: _g, ...g }) => g);
    const entry = (row.policies ?? []).find((p) => p.tier === (row.tier ?? null));
    const buffers = (entry && buffersOf.get(entry.policyUrn)) || NO_BUFFERS;
    const checkIn = localMoment(new Date(r.checkIn.getTime() - buffers.earlyCheckInMinutes * 60_000), timeZone);
    const checkOut = localMoment(new Date(r.checkOut.getTime() + buffers.lateCheckoutMinutes * 60_000), timeZone);
    const airline = row.tenantName ?? kase.airline;
    // the group's language (manifest or passenger page), else English: read with the names
    const locale = languageOfGroup(guests) ?? "en";
    const transport = transportOf(r, segments, timeZone);
    // the taxi vouchers a passenger can use, ISSUED (or already USED), by pickup
    const usable = rides.filter((x) => x.reservationUrn === r.urn && (x.status === "ISSUED" || x.status === "USED")).sort(byPickup);
    const taxis = usable.flatMap((x) => (x.code ? [{ code: printable(x.code), toHotel: x.direction === "AIRPORT_TO_HOTEL", pickup: localMoment(x.pickupAt, timeZone), cap: capLabel(x.maxAmount, x.currency, locale) }] : []));
    const careLines = voucherCareLines(care.get(`${r.caseUrn}|${r.groupId}`), locale);
    const props: Props = {
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
      ...(transport || taxis.length ? {} : { rideNote: rideStatusFrom(r.urn, segments, rides).decided ? "NONE_OWED" : "PENDING" }),
      draft: kase.mode === "DRILL",
      locale,
      // no field at all when nothing is owed (older vouchers re-render the same bytes)
      ...(careLines.length ? { care: careLines } : {}),
      ...(await stayChangeOf(ctx, r, kase.nextFlight?.scheduledDeparture ?? null, timeZone, buffers.lateCheckoutMinutes)),
    };
    out.set(r.urn, { props, guests });
  }
  return out;
}

const byPickup = (a: RideVoucherRow, b: RideVoucherRow) => a.pickupAt.getTime() - b.pickupAt.getTime() || (a.urn < b.urn ? -1 : a.urn > b.urn ? 1 : 0);

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

/** The tier policies' buffers, one read for all of them (a chunk's stays share their wave's policies). */
async function tierBuffers(ctx: Ctx, policyUrns: readonly string[]): Promise<Map<string, Buffers>> {
  if (!policyUrns.length) return new Map();
  const rows = await ctx.db.select({ urn: policies.urn, body: policies.body }).from(policies).where(inArray(policies.urn, policyUrns));
  return new Map(
    rows.map((row) => {
      const parsed = PolicyBuffers.safeParse((row.body as { buffers?: unknown } | undefined)?.buffers ?? {});
      return [row.urn, parsed.success ? parsed.data : NO_BUFFERS];
    }),
  );
}
const NO_BUFFERS = { lateCheckoutMinutes: 0, earlyCheckInMinutes: 0 };
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

/** The reservation's next ride from the live rides read already, once transport exists (lib/transport/voucher.ts decides which and what it says). */
function transportOf(r: ReservationRow, segments: readonly TransportSegmentRow[], timeZone: string): VoucherProps["transport"] {
  const ride = voucherTransportFrom(r.urn, segments);
  return ride && { pickupLocation: ride.pickupLocation, pickup: localMoment(ride.scheduledAt, timeZone), vehicle: ride.vehicle, dispatcherPhone: ride.dispatcherPhone };
}

/**
 * The care each group is owed under its case's newest assessment (lib/care/group-care.ts), one read
 * per case; a group with no entry is owed nothing once the case has an assessment, and shows no
 * block before the first.
 */
async function careOfGroups(ctx: Ctx, rs: readonly ReservationRow[]): Promise<Map<string, PassengerCare[]>> {
  const out = new Map<string, PassengerCare[]>();
  for (const [caseUrn, stays] of groupBy(rs, (r) => r.caseUrn)) {
    const entries = await groupsCareEntries(ctx, { tenant: stays[0].tenant, caseUrn, groupIds: stays.map((s) => s.groupId) });
    for (const [groupId, list] of entries) out.set(`${caseUrn}|${groupId}`, list.map((x) => x.care));
  }
  return out;
}

import crypto from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { allocationWaves, cases, passengerGroups, reservations, type BookingAttemptJson } from "@/db/schema";
import { airportFacts } from "@/lib/airport-facts";
import { Allocation } from "@/lib/allocation/schemas";
import { airportTimeZone } from "@/lib/cases/airports";
import { localDate } from "@/lib/cases/stay";
import { hotelName, providerHotelId } from "./hotel-refs";
import { type Ctx, transaction } from "@/lib/context";
import { newUrn } from "@/lib/ids";
import type { Money } from "@/lib/primitives";
import type { CaseMode, Provider } from "@/lib/vocabulary";
import { LIVE_STATUSES } from "./live";
import { paymentMethodFor } from "./payment";
import type { PreparedBooking } from "@/lib/events/prepared-booking";
import { BOOKING_LIMITS } from "./retry";
import { localTimeToUtc } from "@/lib/time-zones";
import { addDays, CHECK_IN_TIME, CHECK_OUT_TIME } from "./stay";

export type Candidate = {
  /** 1 = primary (or the target of a rebook), 2–4 = fallbacks */
  rank: number;
  hotelUrn: string;
  hotelName: string | null;
  provider: Provider;
  providerOfferId: string;
  providerHotelId: string;
  attempts: number;
  /** ours, sent with the booking: the same for every delivery of this booking, so a provider never books it twice */
  clientReference: string;
};

/** What the booking steps work from; memoised by the job runner, so it holds no personal data and no card token. */
export type BookingPlan = {
  tenant: string;
  caseUrn: string;
  waveUrn: string;
  groupId: string;
  tier: string | null;
  airport: string;
  /** the case's mode, resolved once: a drill books its sandboxes only */
  mode: CaseMode;
  reservationUrn: string;
  rooms: number;
  checkIn: string;
  checkOut: string;
  amount: Money;
  paymentMethod: "GUARANTEE" | "CARD";
  candidates: Candidate[];
  reviewUrn: string | null;
};

export type BookingRequest = {
  caseUrn: string;
  waveUrn: string;
  groupId: string;
  target?: { hotelUrn: string; provider: string; providerOfferId: string };
  reviewUrn?: string;
  /** what the wave decided for the group, prepared once per wave (lib/booking/waves.ts) */
  prepared?: PreparedBooking;
  /** a wave's chunk claimed the group and could not book it at once: this run takes its claim over (lib/booking/book-chunk.ts) */
  handOver?: HandOver;
};

/** Where a chunk left a group it hands to a booking of its own: the claim's run, the attempts made, the next one. */
export type HandOver = { claimedBy: string; next: { rank: number; attempt: number }; waitSeconds: number; tried: BookingAttemptJson[] };

export type Planned =
  | { kind: "book"; plan: BookingPlan }
  | { kind: "skipped"; why: string; reservationUrn: string | null };

/**
 * The booking's first step: the idempotency check on (caseUrn, waveUrn, groupId) and the claim.
 * A live reservation of the group in this wave answers as it is (CONFIRMED: done; PENDING held by
 * another run: that run books it). Otherwise a PENDING reservation is inserted under the partial
 * unique index, so of concurrent deliveries exactly one goes on to call a provider. The case row
 * is share-locked: bookings of a case plan side by side, but never across its closing.
 */
export async function planBooking(ctx: Ctx, request: BookingRequest, runId: string): Promise<Planned> {
  return transaction(ctx, async (tx) => {
    const row = await caseToBook(tx, request.caseUrn);
    if (!row) return { kind: "skipped", why: "the case does not exist", reservationUrn: null };
    const earlier = await tx.db
      .select({ urn: reservations.urn, status: reservations.status, bookingRun: reservations.bookingRun })
      .from(reservations)
      .where(and(eq(reservations.caseUrn, row.urn), eq(reservations.waveUrn, request.waveUrn), eq(reservations.groupId, request.groupId)));
    const live = earlier.find((r) => (LIVE_STATUSES as readonly string[]).includes(r.status)) ?? null;
    if (live) {
      // a wave's chunk that could not book the group at once hands its claim to this run (request.handOver)
      const handedOver = live.status === "PENDING" && request.handOver && live.bookingRun === request.handOver.claimedBy && (await takeOver(tx, live.urn, request.handOver.claimedBy, runId));
      if (!handedOver && (live.status !== "PENDING" || live.bookingRun !== runId)) {
        return { kind: "skipped", why: live.status === "PENDING" ? "another run is booking this group" : `the group is already ${live.status}`, reservationUrn: live.urn };
      }
    }
    if (row.status === "CLOSED") return { kind: "skipped", why: "the case is closed", reservationUrn: null };
    if (row.mode === "SHADOW") return { kind: "skipped", why: "a shadow case is allocated only, never booked", reservationUrn: null };

    const prepared = !request.target && request.prepared ? request.prepared : await prepareFromWave(tx, row, request);
    if (typeof prepared === "string") return { kind: "skipped", why: prepared, reservationUrn: null };
    const timeZone = await airportTimeZone(tx, prepared.airport || row.airport);
    // earlier FAILED or CANCELLED rows of the group: a rebooking is a new booking to the provider
    const generation = `${earlier.filter((r) => r.status === "FAILED" || r.status === "CANCELLED").length}|${request.reviewUrn ?? ""}`;
    const plan = bookingPlanOf(tx.principal.tenant, row, request, prepared, timeZone, generation);

    let reservationUrn = live?.urn ?? null;
    if (!reservationUrn) {
      // the partial unique index decides between concurrent deliveries: the loser inserts nothing
      const [inserted] = await tx.db.insert(reservations).values(pendingRow(tx.principal.tenant, plan, runId)).onConflictDoNothing().returning({ urn: reservations.urn });
      if (!inserted) {
        const winner = await liveReservation(tx, request);
        return { kind: "skipped", why: "another delivery claimed this group first", reservationUrn: winner?.urn ?? null };
      }
      reservationUrn = inserted.urn;
    }
    return { kind: "book", plan: planWithReservation(plan, reservationUrn) };
  });
}

/**
 * The case a booking is planned from, share-locked: bookings of a case plan side by side, never
 * across its closing. Null for a case of no tenant of the caller's.
 */
export async function caseToBook(tx: Ctx, caseUrn: string) {
  const [row] = await tx.db
    .select({ urn: cases.urn, status: cases.status, mode: cases.mode, airport: cases.airport, flight: cases.flight })
    .from(cases)
    .where(and(eq(cases.urn, caseUrn), eq(cases.tenant, tx.principal.tenant)))
    .limit(1)
    .for("share");
  return row ?? null;
}

/** The case row a booking is planned from. */
export type CaseForBooking = { urn: string; airport: string; mode: CaseMode; flight: { scheduledDeparture: string } };

/** A plan without its reservation yet: the stay's dates in the hotel's zone, the candidates with their client references. */
export type PlanDraft = Omit<BookingPlan, "reservationUrn"> & { checkInAt: Date; checkOutAt: Date };

/**
 * What a group's booking is, from its case and what the wave prepared: one copy for a single
 * booking (planBooking) and a wave's chunk (lib/booking/book-chunk.ts), so both send a provider
 * the same dates and the same client references.
 */
export function bookingPlanOf(tenant: string, row: CaseForBooking, request: BookingRequest, prepared: PreparedBooking, timeZone: string, generation: string): PlanDraft {
  const checkIn = localDate(row.flight.scheduledDeparture, timeZone);
  const checkOut = addDays(checkIn, Math.max(1, prepared.nights));
  const candidates: Candidate[] = prepared.candidates.map((c) => ({
    ...c,
    provider: c.provider as Provider,
    clientReference: clientReference(tenant, row.urn, request.waveUrn, request.groupId, c.hotelUrn, generation),
  }));
  return {
    tenant,
    caseUrn: row.urn,
    waveUrn: request.waveUrn,
    groupId: request.groupId,
    tier: prepared.tier,
    airport: row.airport,
    mode: row.mode,
    rooms: prepared.rooms,
    checkIn,
    checkOut,
    checkInAt: localTimeToUtc(checkIn, CHECK_IN_TIME, timeZone),
    checkOutAt: localTimeToUtc(checkOut, CHECK_OUT_TIME, timeZone),
    amount: prepared.amount,
    paymentMethod: prepared.paymentMethod,
    candidates,
    reviewUrn: request.reviewUrn ?? null,
  };
}

/** The plan the booking steps memoise: the draft and its reservation, without the instants (the dates say them). */
export function planWithReservation(draft: PlanDraft, reservationUrn: string): BookingPlan {
  const { checkInAt: _in, checkOutAt: _out, ...plan } = draft;
  return { ...plan, reservationUrn };
}

/** The PENDING reservation that claims a group for the run `runId`, at its first candidate. */
export function pendingRow(tenant: string, plan: PlanDraft, runId: string) {
  const first = plan.candidates[0];
  return {
    urn: newUrn("reservation"),
    tenant,
    caseUrn: plan.caseUrn,
    waveUrn: plan.waveUrn,
    groupId: plan.groupId,
    hotelUrn: first.hotelUrn,
    hotelName: first.hotelName,
    provider: first.provider,
    providerOfferId: first.providerOfferId,
    status: "PENDING" as const,
    rooms: plan.rooms,
    checkIn: plan.checkInAt,
    checkOut: plan.checkOutAt,
    total: plan.amount,
    payment: { method: plan.paymentMethod },
    clientReference: first.clientReference,
    bookingRun: runId,
  };
}

/** A chunk's claim handed to this run: only while the chunk's run still holds it. */
async function takeOver(ctx: Ctx, reservationUrn: string, from: string, runId: string): Promise<boolean> {
  const moved = await ctx.db
    .update(reservations)
    .set({ bookingRun: runId })
    .where(and(eq(reservations.urn, reservationUrn), eq(reservations.status, "PENDING"), eq(reservations.bookingRun, from)))
    .returning({ urn: reservations.urn });
  return moved.length > 0;
}

/**
 * The group's booking read from its wave: for a rebook or override (a target hotel), and for a
 * request that came without the wave's preparation. A string says why there is nothing to book.
 */
async function prepareFromWave(ctx: Ctx, row: { urn: string; airport: string }, request: BookingRequest): Promise<PreparedBooking | string> {
  const [wave] = await ctx.db.select().from(allocationWaves).where(and(eq(allocationWaves.urn, request.waveUrn), eq(allocationWaves.caseUrn, row.urn))).limit(1);
  if (!wave) return "the wave does not exist";
  const allocation = (wave.allocations as unknown[]).map((a) => Allocation.parse(a)).find((a) => a.groupId === request.groupId) ?? null;
  if (!allocation && !request.target) return "the wave did not place this group";
  const wanted = request.target ? [{ rank: 1, ...request.target, attempts: BOOKING_LIMITS.primaryAttempts }] : hotelsToTry(allocation!);
  const candidates = [];
  for (const w of wanted) {
    candidates.push({ ...w, hotelName: await hotelName(ctx, w.hotelUrn), providerHotelId: await providerHotelId(ctx, w.hotelUrn, w.provider as Provider) });
  }
  const tier = allocation?.tier ?? null;
  const currency = async () => (await airportFacts(ctx.db, wave.airport || row.airport))?.currency ?? "EUR";
  return {
    candidates,
    rooms: allocation?.rooms ?? (await groupRooms(ctx, row.urn, request.groupId)),
    tier,
    amount: allocation?.total ?? { amount: 0, currency: await currency() },
    paymentMethod: await paymentMethodFor(ctx, wave.policies, tier),
    airport: wave.airport || row.airport,
    nights: wave.nights,
  };
}

/** The hotels a placed group is booked at, in order: its allocated hotel (rank 1, retried), then up to three fallbacks once each. */
export function hotelsToTry(a: Allocation) {
  return [
    { rank: 1, hotelUrn: a.hotelUrn, provider: a.provider, providerOfferId: a.providerOfferId, attempts: BOOKING_LIMITS.primaryAttempts },
    ...a.fallbacks.slice(0, BOOKING_LIMITS.maxFallbacks).map((f, i) => ({ rank: i + 2, ...f, attempts: BOOKING_LIMITS.fallbackAttempts })),
  ];
}

async function liveReservation(ctx: Ctx, r: { caseUrn: string; waveUrn: string; groupId: string }) {
  const [live] = await ctx.db
    .select({ urn: reservations.urn, status: reservations.status, bookingRun: reservations.bookingRun })
    .from(reservations)
    .where(and(eq(reservations.caseUrn, r.caseUrn), eq(reservations.waveUrn, r.waveUrn), eq(reservations.groupId, r.groupId), inArray(reservations.status, [...LIVE_STATUSES])))
    .limit(1);
  return live ?? null;
}

/**
 * Deterministic per (booking, hotel, generation): every delivery and every retry of the same
 * booking sends the same reference, which is what lets a provider (and findByReference) recognise
 * a booking whose confirmation was lost. 24 characters: inside every provider's limit.
 */
export function clientReference(...parts: string[]): string {
  return `R${crypto.createHash("sha256").update(parts.join("\u0001")).digest("base64url").replace(/[-_]/g, "x").slice(0, 23)}`;
}


async function groupRooms(ctx: Ctx, caseUrn: string, groupId: string): Promise<number> {
  const [g] = await ctx.db.select({ rooms: passengerGroups.rooms }).from(passengerGroups).where(and(eq(passengerGroups.caseUrn, caseUrn), eq(passengerGroups.groupId, groupId))).limit(1);
  return g?.rooms ?? 1;
}

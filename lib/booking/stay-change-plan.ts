import { and, eq, inArray, sql } from "drizzle-orm";
import { reservations, type ReservationRow, type StayChange } from "@/db/schema";
import { isUniqueViolation } from "@/db/unique-violation";
import { Allocation } from "@/lib/allocation/schemas";
import { airportTimeZone } from "@/lib/cases/airports";
import { loadCase } from "@/lib/cases/load";
import { localDate } from "@/lib/cases/stay";
import { hotelName, providerHotelId } from "./hotel-refs";
import { type Ctx, transaction } from "@/lib/context";
import { newUrn } from "@/lib/ids";
import { pendingSuccessor } from "./successor-row";
import type { Provider } from "@/lib/vocabulary";
import { LIVE_STATUSES } from "./live";
import { clientReference } from "./plan";
import { BOOKING_LIMITS } from "./retry";

export type StayCandidate = {
  /** 1 = the same hotel (a continuation); 2… = the next-ranked compliant hotels (a replacement) */
  rank: number;
  kind: StayChange;
  hotelUrn: string;
  hotelName: string | null;
  provider: Provider;
  providerOfferId: string;
  providerHotelId: string;
  /** the hotel's local dates, YYYY-MM-DD */
  checkIn: string;
  checkOut: string;
  /** ours, per (stay, generation, hotel, dates): every retry sends the same one, so a provider never books it twice */
  clientReference: string;
};

/** What the re-booking steps work from; memoised by the job runner, so it holds no personal data. */
export type StayChangePlan = {
  tenant: string;
  caseUrn: string;
  airport: string;
  timeZone: string;
  groupId: string;
  /** the stay that cannot be modified */
  previousUrn: string;
  /** the PENDING reservation that becomes the continuation or the replacement */
  reservationUrn: string;
  rooms: number;
  candidates: StayCandidate[];
  /** why the group moves, for the audit of the confirmed replacement (default: the next flight moved) */
  reason?: string;
};

export type StayChangePlanned = { kind: "book"; plan: StayChangePlan } | { kind: "skipped"; why: string };

/**
 * The re-booking's first step (spec 4.1: "queues re-booking for groups whose plan no longer
 * fits"), for a CONFIRMED stay whose provider cannot move its check-out to `checkOut`: the missing
 * nights at the same hotel first (a CONTINUATION from the stay's check-out), then the whole stay at
 * each next-ranked compliant hotel of the group's allocation (a REPLACEMENT; the old stay is
 * released only after it is confirmed). Claims a PENDING reservation under the one-live-successor
 * index, or takes over the PENDING one an earlier run left, so a repeated patch or a retried step
 * books nothing twice.
 */
export async function planStayChange(ctx: Ctx, input: { reservationUrn: string; checkOut: string }): Promise<StayChangePlanned> {
  return transaction(ctx, async (tx) => {
    const [row] = await tx.db.select().from(reservations).where(and(eq(reservations.urn, input.reservationUrn), eq(reservations.tenant, tx.principal.tenant))).limit(1);
    if (!row || row.status !== "CONFIRMED") return { kind: "skipped" as const, why: `the reservation is ${row?.status ?? "missing"}` };
    const caseRow = await loadCase(tx, row.caseUrn, { forUpdate: true });
    if (caseRow.status === "CLOSED") return { kind: "skipped" as const, why: "the case is closed" };
    const [live] = await tx.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.previousUrn, row.urn), inArray(reservations.status, [...LIVE_STATUSES])))
      .limit(1)
      .for("update");
    if (live && live.status !== "PENDING") return { kind: "skipped" as const, why: `the stay is already ${live.stayChange === "REPLACEMENT" ? "replaced" : "continued"} by ${live.urn}` };

    const timeZone = await airportTimeZone(tx, caseRow.airport);
    const history = await tx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(reservations)
      .where(and(eq(reservations.previousUrn, row.urn), inArray(reservations.status, ["FAILED", "CANCELLED"])));
    const generation = String(history[0]?.n ?? 0);
    const candidates = await candidatesFor(tx, row, input.checkOut, timeZone, generation);

    let reservationUrn = live?.urn ?? null;
    if (!reservationUrn) {
      reservationUrn = newUrn("reservation");
      const first = candidates[0];
      try {
        await tx.db.transaction(async (sp) => {
          await sp.insert(reservations).values(pendingSuccessor(row, first, { urn: reservationUrn!, timeZone, stayChange: first.kind, bookingRun: "reaccommodate" }));
        });
      } catch (err) {
        if (!isUniqueViolation(err, "reservations_previous_idx")) throw err;
        return { kind: "skipped" as const, why: "another run is re-booking this stay" };
      }
    }
    return {
      kind: "book" as const,
      plan: { tenant: row.tenant, caseUrn: row.caseUrn, airport: caseRow.airport, timeZone, groupId: row.groupId, previousUrn: row.urn, reservationUrn, rooms: row.rooms, candidates },
    };
  });
}

/** The same hotel for the missing nights, then (for a first stay only) up to 3 next-ranked hotels of the group's allocation for the whole stay. */
async function candidatesFor(ctx: Ctx, row: ReservationRow, checkOut: string, timeZone: string, generation: string): Promise<StayCandidate[]> {
  const ref = (kind: StayChange, hotelUrn: string, checkIn: string) => clientReference(row.tenant, row.urn, "stay-change", generation, kind, hotelUrn, checkIn, checkOut);
  const from = localDate(row.checkOut, timeZone);
  const out: StayCandidate[] = [
    {
      rank: 1,
      kind: "CONTINUATION",
      hotelUrn: row.hotelUrn,
      hotelName: row.hotelName,
      provider: row.provider,
      providerOfferId: row.providerOfferId ?? "",
      providerHotelId: await providerHotelId(ctx, row.hotelUrn, row.provider),
      checkIn: from,
      checkOut,
      clientReference: ref("CONTINUATION", row.hotelUrn, from),
    },
  ];
  // a continuation's own stay is one link of a chain: moving only its nights elsewhere would split
  // the group's stay over two hotels behind the passengers' backs; a person decides instead
  if (row.stayChange === "CONTINUATION") return out;
  const allocation = await allocationOf(ctx, row.waveUrn, row.groupId);
  if (!allocation) return out;
  const since = localDate(row.checkIn, timeZone);
  const ranked = [
    { hotelUrn: allocation.hotelUrn, provider: allocation.provider, providerOfferId: allocation.providerOfferId },
    ...allocation.fallbacks.map((f) => ({ hotelUrn: f.hotelUrn, provider: f.provider, providerOfferId: f.providerOfferId })),
  ].filter((h, i, all) => h.hotelUrn !== row.hotelUrn && all.findIndex((x) => x.hotelUrn === h.hotelUrn) === i);
  for (const h of ranked.slice(0, BOOKING_LIMITS.maxFallbacks)) {
    const provider = h.provider as Provider;
    out.push({
      rank: out.length + 1,
      kind: "REPLACEMENT",
      hotelUrn: h.hotelUrn,
      hotelName: await hotelName(ctx, h.hotelUrn),
      provider,
      providerOfferId: h.providerOfferId,
      providerHotelId: await providerHotelId(ctx, h.hotelUrn, provider),
      checkIn: since,
      checkOut,
      clientReference: ref("REPLACEMENT", h.hotelUrn, since),
    });
  }
  return out;
}

/** The group's allocation, unnested in the database: a wave of thousands of groups is not read whole. */
export async function allocationOf(ctx: Ctx, waveUrn: string, groupId: string): Promise<Allocation | null> {
  const result = await ctx.db.execute(sql`
    SELECT a.value AS allocation FROM allocation_waves w CROSS JOIN LATERAL jsonb_array_elements(w.allocations) a
    WHERE w.urn = ${waveUrn} AND a.value->>'groupId' = ${groupId} LIMIT 1`);
  const [found] = (result as unknown as { rows: { allocation: unknown }[] }).rows;
  const parsed = found ? Allocation.safeParse(typeof found.allocation === "string" ? JSON.parse(found.allocation) : found.allocation) : null;
  return parsed?.success ? parsed.data : null;
}


import { and, eq, inArray, sql } from "drizzle-orm";
import { airports, hotels, messages, reservations, rideVouchers, type RideVoucherRow } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { caseFacts } from "@/lib/case-facts";
import { touchCaseAtCommit } from "@/lib/cases/load";
import { type Ctx, transaction } from "@/lib/context";
import { caseSystems } from "@/lib/peers/case-systems";
import { emit } from "@/lib/events/emit";
import { RetryAfterError } from "@/lib/jobs/define";
import { type IssueOutcome, RidesUnavailable } from "@/lib/peers/rides/client";
import { rideVoucherSettings } from "@/lib/peers/rides/settings";
import type { RideVoucherRequest } from "@/lib/peers/rides/wire";
import { maskedRide } from "./masked";

export type IssueRideOutcome = { urn: string; status: RideVoucherRow["status"] | "SKIPPED"; detail: string };

/** Why a voucher waits when the case has no ride provider. */
export const NO_RIDE_PROVIDER = "no ride provider is configured (RIDES_URL)";

/**
 * One PENDING ride voucher asked of the case's ride provider (a drill's: the drills' sandbox) with
 * its URN as the Idempotency-Key, so a retried step gets the same voucher, never a second:
 * ISSUED with the code and link (audited, "ride/issued" emitted in the same transaction); a
 * refusal → FAILED with the provider's words; no provider → stays PENDING, lastError naming
 * RIDES_URL. A provider that fails (5xx, timeout, 429) throws after noting the attempt: the job's
 * step retries (after Retry-After for a 429).
 */
export async function issueRideVoucher(ctx: Ctx, voucher: string | RideVoucherRow): Promise<IssueRideOutcome> {
  // a row the caller has just read is not read again (the update below still requires PENDING)
  const urn = typeof voucher === "string" ? voucher : voucher.urn;
  const [row] = typeof voucher === "string" ? await ctx.db.select().from(rideVouchers).where(and(eq(rideVouchers.urn, urn), eq(rideVouchers.tenant, ctx.principal.tenant))).limit(1) : [voucher];
  if (!row) return { urn, status: "SKIPPED", detail: "missing" };
  const [outcome] = await issueRideVouchers(ctx, [row]);
  if (outcome.unavailable) {
    const err = outcome.unavailable;
    if (err.retryAfterSeconds) throw new RetryAfterError(err.message, err.retryAfterSeconds * 1000, { cause: err });
    throw err;
  }
  return outcome;
}

/** An issue that reached no decision because the provider said "not now" (noted on the voucher): ask again. */
export type IssuedRide = IssueRideOutcome & { unavailable?: RidesUnavailable };

/**
 * The same for a stay's PENDING ride vouchers at once (rows of one case; the passenger's flow: both legs): asked of
 * the provider side by side, and what it answered recorded in one transaction, so the ride step
 * pays one commit, one case revision and one read of the stay for them all. A provider that says
 * "not now" does not stop the others: its voucher is answered `unavailable`.
 */
export async function issueRideVouchers(ctx: Ctx, rows: RideVoucherRow[]): Promise<IssuedRide[]> {
  const mine = rows.filter((r) => r.tenant === ctx.principal.tenant && r.status === "PENDING");
  const skipped = rows.filter((r) => !mine.includes(r)).map((r): IssuedRide => ({ urn: r.urn, status: "SKIPPED", detail: r.tenant === ctx.principal.tenant ? r.status : "missing" }));
  if (!mine.length) return skipped;
  const provider = await (await caseSystems(ctx, mine[0].caseUrn)).rides();
  if (!provider) {
    for (const row of mine) await note(ctx, row.urn, NO_RIDE_PROVIDER);
    return [...skipped, ...mine.map((r): IssuedRide => ({ urn: r.urn, status: "PENDING", detail: NO_RIDE_PROVIDER }))];
  }
  const places = await placesOf(ctx, mine);
  type Answer = { row: RideVoucherRow; outcome: IssueOutcome; unaccepted: string | null } | { row: RideVoucherRow; unavailable: RidesUnavailable };
  const answers = await Promise.all(
    mine.map(async (row): Promise<Answer> => {
      try {
        let outcome: IssueOutcome = await provider.issue(requestOf(row, places.get(row.reservationUrn)!));
        let unaccepted: string | null = null;
        // a wheelchair user's voucher that any car could take is no ride for them: the desk arranges one (the group keeps its van meanwhile)
        if (row.accessible && outcome.ok && !outcome.voucher.accessible) [unaccepted, outcome] = [outcome.voucher.id, { ok: false as const, code: "not_accessible", message: "the provider did not confirm a wheelchair-accessible car" }];
        return { row, outcome, unaccepted };
      } catch (err) {
        if (!(err instanceof RidesUnavailable)) throw err;
        await note(ctx, row.urn, err.message);
        return { row, unavailable: err };
      }
    }),
  );
  const answered = answers.flatMap((a) => ("outcome" in a ? [a] : []));
  const recorded = answered.length ? await record(ctx, answered) : new Map<string, RideVoucherRow>();
  const out: IssuedRide[] = [...skipped];
  for (const a of answers) {
    if (!("outcome" in a)) {
      out.push({ urn: a.row.urn, status: "PENDING", detail: a.unavailable.message, unavailable: a.unavailable });
      continue;
    }
    // the provider's ordinary voucher we did not take must not stay usable
    if (a.unaccepted) await provider.cancel(a.unaccepted, a.row.urn);
    const done = recorded.get(a.row.urn);
    if (!done) {
      // cancelled meanwhile: the provider's voucher must not stay usable
      if (a.outcome.ok) await provider.cancel(a.outcome.voucher.id, a.row.urn);
      out.push({ urn: a.row.urn, status: "SKIPPED", detail: "changed meanwhile" });
      continue;
    }
    out.push({ urn: a.row.urn, status: done.status, detail: done.status === "ISSUED" ? (done.code ?? "") : (done.lastError ?? "") });
  }
  return out;
}

/** The provider's answers in one transaction; answers the rows that were still PENDING, as they are now. */
async function record(ctx: Ctx, answered: { row: RideVoucherRow; outcome: IssueOutcome }[]): Promise<Map<string, RideVoucherRow>> {
  return transaction(ctx, async (tx) => {
    const done = new Map<string, RideVoucherRow>();
    const told = new Map<string, boolean>();
    for (const { row, outcome } of answered) {
      // the race: the reservation was cancelled (and this voucher with it) while the provider answered
      const [after] = await tx.db
        .update(rideVouchers)
        .set(
          outcome.ok
            ? { status: "ISSUED", providerRef: outcome.voucher.id, code: outcome.voucher.code, link: outcome.voucher.link, issuedAt: new Date(), lastError: null, attempts: sql`${rideVouchers.attempts} + 1` }
            : { status: "FAILED", lastError: `${outcome.code}: ${outcome.message}`, attempts: sql`${rideVouchers.attempts} + 1` },
        )
        .where(and(eq(rideVouchers.urn, row.urn), eq(rideVouchers.status, "PENDING")))
        .returning();
      if (!after) continue;
      const airport = (await caseFacts(tx.db, after.caseUrn))?.airport ?? null;
      await writeAudit(tx, { entity: "ride-voucher", entityUrn: after.urn, airport, action: outcome.ok ? "issue" : "fail", reason: outcome.ok ? `ride provider issued ${after.providerRef}` : after.lastError, before: maskedRide(row), after: maskedRide(after) });
      // told by a message of its own only when the stay's messages have left (else they carry it: the passenger's flow)
      if (outcome.ok) {
        if (!told.has(after.reservationUrn)) told.set(after.reservationUrn, await stayTold(tx, after.reservationUrn));
        if (told.get(after.reservationUrn)) await emit(tx, "ride/issued", { tenant: after.tenant, caseUrn: after.caseUrn, rideVoucherUrn: after.urn });
      }
      done.set(after.urn, after);
    }
    for (const caseUrn of new Set([...done.values()].map((r) => r.caseUrn))) await touchCaseAtCommit(tx, caseUrn);
    return done;
  });
}

/** Has the stay been sent any message yet (its voucher, above all)? One indexed read; lib/messages decides what to tell. */
export async function stayTold(ctx: Ctx, reservationUrn: string): Promise<boolean> {
  const [row] = await ctx.db.select({ urn: messages.urn }).from(messages).where(eq(messages.relatedUrn, reservationUrn)).limit(1);
  return Boolean(row);
}

/** An attempt that reached no decision: counted, and why, for the desk (the voucher stays PENDING). */
async function note(ctx: Ctx, urn: string, error: string): Promise<void> {
  await ctx.db
    .update(rideVouchers)
    .set({ lastError: error, attempts: sql`${rideVouchers.attempts} + 1` })
    .where(and(eq(rideVouchers.urn, urn), eq(rideVouchers.status, "PENDING")));
}

type Places = { airport: RideVoucherRequest["pickup"]; hotel: RideVoucherRequest["pickup"] };

/** The hotel and airport of each stay the vouchers are for, in one read. */
async function placesOf(ctx: Ctx, rows: RideVoucherRow[]): Promise<Map<string, Places>> {
  const stays = await ctx.db
    .select({ urn: reservations.urn, hotelName: hotels.name, hotelAddress: hotels.address, lat: hotels.latitude, lon: hotels.longitude, airport: airports.iata, airportName: airports.name, alat: airports.latitude, alon: airports.longitude })
    .from(reservations)
    .innerJoin(hotels, eq(hotels.urn, reservations.hotelUrn))
    .innerJoin(airports, eq(airports.iata, hotels.airport))
    .where(inArray(reservations.urn, [...new Set(rows.map((r) => r.reservationUrn))]));
  return new Map(
    stays.map((s) => [s.urn, { airport: { lat: s.alat, lon: s.alon, name: `${s.airport} ${s.airportName}`.slice(0, 300) }, hotel: { lat: s.lat, lon: s.lon, name: `${s.hotelName}, ${s.hotelAddress}`.slice(0, 300) } }]),
  );
}

function requestOf(row: RideVoucherRow, { airport, hotel }: Places): RideVoucherRequest {
  const toHotel = row.direction === "AIRPORT_TO_HOTEL";
  return {
    pickup: toHotel ? airport : hotel,
    dropoff: toHotel ? hotel : airport,
    pickupAfter: row.pickupAt.toISOString(),
    expiresAt: new Date(row.pickupAt.getTime() + rideVoucherSettings().validHours * 3_600_000).toISOString(),
    maxAmount: row.maxAmount,
    currency: row.currency,
    passengers: Math.min(8, row.passengers),
    reference: row.urn,
    ...(row.accessible ? { accessible: true } : {}),
  };
}

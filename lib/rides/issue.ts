import { and, eq, sql } from "drizzle-orm";
import { airports, hotels, messages, reservations, rideVouchers, type RideVoucherRow } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { caseFacts } from "@/lib/case-facts";
import { touchCase } from "@/lib/cases/load";
import { type Ctx, transaction } from "@/lib/context";
import { caseSystems } from "@/lib/peers/case-systems";
import { emit } from "@/lib/events/emit";
import { RetryAfterError } from "@/lib/jobs/define";
import { RidesUnavailable } from "@/lib/peers/rides/client";
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
  const [row] =
    typeof voucher === "string" ? await ctx.db.select().from(rideVouchers).where(and(eq(rideVouchers.urn, urn), eq(rideVouchers.tenant, ctx.principal.tenant))).limit(1) : voucher.tenant === ctx.principal.tenant ? [voucher] : [];
  if (!row || row.status !== "PENDING") return { urn, status: "SKIPPED", detail: row?.status ?? "missing" };
  const provider = await (await caseSystems(ctx, row.caseUrn)).rides();
  if (!provider) {
    await note(ctx, row.urn, NO_RIDE_PROVIDER);
    return { urn, status: "PENDING", detail: NO_RIDE_PROVIDER };
  }
  let outcome;
  let unaccepted: string | null = null;
  try {
    outcome = await provider.issue(await requestOf(ctx, row));
    // a wheelchair user's voucher that any car could take is no ride for them: the desk arranges one (the group keeps its van meanwhile)
    if (row.accessible && outcome.ok && !outcome.voucher.accessible) [unaccepted, outcome] = [outcome.voucher.id, { ok: false as const, code: "not_accessible", message: "the provider did not confirm a wheelchair-accessible car" }];
  } catch (err) {
    if (!(err instanceof RidesUnavailable)) throw err;
    await note(ctx, row.urn, err.message);
    if (err.retryAfterSeconds) throw new RetryAfterError(err.message, err.retryAfterSeconds * 1000, { cause: err });
    throw err;
  }
  const done = await transaction(ctx, async (tx) => {
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
    if (!after) return null;
    const airport = (await caseFacts(tx.db, after.caseUrn))?.airport ?? null;
    await writeAudit(tx, { entity: "ride-voucher", entityUrn: after.urn, airport, action: outcome.ok ? "issue" : "fail", reason: outcome.ok ? `ride provider issued ${after.providerRef}` : after.lastError, before: maskedRide(row), after: maskedRide(after) });
    await touchCase(tx, after.caseUrn);
    // told by a message of its own only when the stay's messages have left (else they carry it: the passenger's flow)
    if (outcome.ok && (await stayTold(tx, after.reservationUrn))) await emit(tx, "ride/issued", { tenant: after.tenant, caseUrn: after.caseUrn, rideVoucherUrn: after.urn });
    return after;
  });
  // the provider's ordinary voucher we did not take must not stay usable
  if (unaccepted) await provider.cancel(unaccepted, row.urn);
  if (!done) {
    // cancelled meanwhile: the provider's voucher must not stay usable
    if (outcome.ok) await provider.cancel(outcome.voucher.id, row.urn);
    return { urn, status: "SKIPPED", detail: "changed meanwhile" };
  }
  return { urn, status: done.status, detail: done.status === "ISSUED" ? (done.code ?? "") : (done.lastError ?? "") };
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

async function requestOf(ctx: Ctx, row: RideVoucherRow): Promise<RideVoucherRequest> {
  const [stay] = await ctx.db
    .select({ hotelName: hotels.name, hotelAddress: hotels.address, lat: hotels.latitude, lon: hotels.longitude, airport: airports.iata, airportName: airports.name, alat: airports.latitude, alon: airports.longitude })
    .from(reservations)
    .innerJoin(hotels, eq(hotels.urn, reservations.hotelUrn))
    .innerJoin(airports, eq(airports.iata, hotels.airport))
    .where(eq(reservations.urn, row.reservationUrn))
    .limit(1);
  const airport = { lat: stay.alat, lon: stay.alon, name: `${stay.airport} ${stay.airportName}`.slice(0, 300) };
  const hotel = { lat: stay.lat, lon: stay.lon, name: `${stay.hotelName}, ${stay.hotelAddress}`.slice(0, 300) };
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

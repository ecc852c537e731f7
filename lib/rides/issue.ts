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
import { boundedMap } from "@/lib/chunks";
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
  return { urn: outcome.urn, status: outcome.status, detail: outcome.detail };
}

/** An issue that reached no decision because the provider said "not now" (noted on the voucher): ask again. */
export type IssuedRide = IssueRideOutcome & { unavailable?: RidesUnavailable; /** the voucher as this call recorded it */ row?: RideVoucherRow };

/** Vouchers asked of the ride provider at once by one call (a chunk's legs: up to 64). */
const ISSUES_AT_ONCE = 8;

/**
 * The same for PENDING ride vouchers of one case at once (the passenger's flow: every owed leg of a
 * chunk's stays): asked of the provider side by side (ISSUES_AT_ONCE), and what it answered recorded
 * in one transaction of a few statements whatever their number (one update per outcome, one read of
 * which stays were told, one case revision). A provider that says "not now" does not stop the
 * others: its voucher is answered `unavailable` (the attempts noted in one statement).
 */
export async function issueRideVouchers(ctx: Ctx, rows: RideVoucherRow[]): Promise<IssuedRide[]> {
  const mine = rows.filter((r) => r.tenant === ctx.principal.tenant && r.status === "PENDING");
  const skipped = rows.filter((r) => !mine.includes(r)).map((r): IssuedRide => ({ urn: r.urn, status: "SKIPPED", detail: r.tenant === ctx.principal.tenant ? r.status : "missing" }));
  if (!mine.length) return skipped;
  const provider = await (await caseSystems(ctx, mine[0].caseUrn)).rides();
  if (!provider) {
    await note(ctx, mine.map((r) => [r.urn, NO_RIDE_PROVIDER]));
    return [...skipped, ...mine.map((r): IssuedRide => ({ urn: r.urn, status: "PENDING", detail: NO_RIDE_PROVIDER }))];
  }
  const places = await placesOf(ctx, mine);
  type Answer = { row: RideVoucherRow; outcome: IssueOutcome; unaccepted: string | null } | { row: RideVoucherRow; unavailable: RidesUnavailable };
  const answers = await boundedMap(mine, ISSUES_AT_ONCE, async (row): Promise<Answer> => {
      try {
        let outcome: IssueOutcome = await provider.issue(requestOf(row, places.get(row.reservationUrn)!));
        let unaccepted: string | null = null;
        // a wheelchair user's voucher that any car could take is no ride for them: the desk arranges one (the group keeps its van meanwhile)
        if (row.accessible && outcome.ok && !outcome.voucher.accessible) [unaccepted, outcome] = [outcome.voucher.id, { ok: false as const, code: "not_accessible", message: "the provider did not confirm a wheelchair-accessible car" }];
        return { row, outcome, unaccepted };
      } catch (err) {
        if (!(err instanceof RidesUnavailable)) throw err;
        return { row, unavailable: err };
      }
  });
  await note(ctx, answers.flatMap((a) => ("unavailable" in a ? [[a.row.urn, a.unavailable.message] as [string, string]] : [])));
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
    out.push({ urn: a.row.urn, status: done.status, detail: done.status === "ISSUED" ? (done.code ?? "") : (done.lastError ?? ""), row: done });
  }
  return out;
}

/** The provider's answers in one transaction; answers the rows that were still PENDING, as they are now. */
async function record(ctx: Ctx, answered: { row: RideVoucherRow; outcome: IssueOutcome }[]): Promise<Map<string, RideVoucherRow>> {
  return transaction(ctx, async (tx) => {
    const ok = answered.flatMap((a) => (a.outcome.ok ? [{ row: a.row, voucher: a.outcome.voucher }] : []));
    const refused = answered.flatMap((a) => (a.outcome.ok ? [] : [{ row: a.row, lastError: `${a.outcome.code}: ${a.outcome.message}` }]));
    // the race: the reservation was cancelled (and its vouchers with it) while the provider answered: only rows still PENDING change
    const issued = ok.length
      ? await tx.db
          .update(rideVouchers)
          .set({
            status: "ISSUED",
            providerRef: byUrn(ok.map((o) => [o.row.urn, o.voucher.id])),
            code: byUrn(ok.map((o) => [o.row.urn, o.voucher.code])),
            link: byUrn(ok.map((o) => [o.row.urn, o.voucher.link])),
            issuedAt: new Date(),
            lastError: null,
            attempts: sql`${rideVouchers.attempts} + 1`,
          })
          .where(and(inArray(rideVouchers.urn, ok.map((o) => o.row.urn)), eq(rideVouchers.status, "PENDING")))
          .returning()
      : [];
    const failed = refused.length
      ? await tx.db
          .update(rideVouchers)
          .set({ status: "FAILED", lastError: byUrn(refused.map((r) => [r.row.urn, r.lastError])), attempts: sql`${rideVouchers.attempts} + 1` })
          .where(and(inArray(rideVouchers.urn, refused.map((r) => r.row.urn)), eq(rideVouchers.status, "PENDING")))
          .returning()
      : [];
    const before = new Map(answered.map((a) => [a.row.urn, a.row]));
    const done = new Map<string, RideVoucherRow>();
    // told by a message of its own only when the stay's messages have left (else they carry it: the passenger's flow)
    const told = issued.length ? await toldStays(tx, issued.map((r) => r.reservationUrn)) : new Set<string>();
    for (const after of [...issued, ...failed]) {
      const airport = (await caseFacts(tx.db, after.caseUrn))?.airport ?? null;
      const isIssued = after.status === "ISSUED";
      await writeAudit(tx, { entity: "ride-voucher", entityUrn: after.urn, airport, action: isIssued ? "issue" : "fail", reason: isIssued ? `ride provider issued ${after.providerRef}` : after.lastError, before: maskedRide(before.get(after.urn)!), after: maskedRide(after) });
      if (isIssued && told.has(after.reservationUrn)) await emit(tx, "ride/issued", { tenant: after.tenant, caseUrn: after.caseUrn, rideVoucherUrn: after.urn });
      done.set(after.urn, after);
    }
    for (const caseUrn of new Set([...done.values()].map((r) => r.caseUrn))) await touchCaseAtCommit(tx, caseUrn);
    return done;
  });
}

/** One value per voucher in one statement: `CASE urn WHEN … THEN … END`. */
function byUrn(pairs: [string, string][]) {
  return sql`CASE ${rideVouchers.urn} ${sql.join(pairs.map(([urn, v]) => sql`WHEN ${urn} THEN ${v}`), sql` `)} END`;
}

/** Has the stay been sent any message yet (its voucher, above all)? One indexed read; lib/messages decides what to tell. */
export async function stayTold(ctx: Ctx, reservationUrn: string): Promise<boolean> {
  return (await toldStays(ctx, [reservationUrn])).has(reservationUrn);
}

/** The stays of these that have been sent a message, in one read. */
async function toldStays(ctx: Ctx, reservationUrns: string[]): Promise<Set<string>> {
  const rows = await ctx.db
    .selectDistinct({ relatedUrn: messages.relatedUrn })
    .from(messages)
    .where(inArray(messages.relatedUrn, [...new Set(reservationUrns)]));
  return new Set(rows.map((r) => r.relatedUrn).filter((u): u is string => u !== null));
}

/** Attempts that reached no decision: counted, and why, for the desk (the vouchers stay PENDING), in one statement. */
async function note(ctx: Ctx, notes: [string, string][]): Promise<void> {
  if (!notes.length) return;
  await ctx.db
    .update(rideVouchers)
    .set({ lastError: byUrn(notes), attempts: sql`${rideVouchers.attempts} + 1` })
    .where(and(inArray(rideVouchers.urn, notes.map(([urn]) => urn)), eq(rideVouchers.status, "PENDING")));
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

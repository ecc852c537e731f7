import { stayRatings } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { requirePermission } from "@/lib/auth/require";
import { loadReservation } from "@/lib/booking/load";
import { type Ctx, transaction } from "@/lib/context";
import { DomainError } from "@/lib/errors";
import { emit } from "@/lib/events/emit";
import { newUrn } from "@/lib/ids";
import { parseInput } from "@/lib/validation";
import { ProblemBody, type StayRating } from "./schemas";
import { toRating } from "./to-record";

/**
 * POST /booking/reservations/{reservationUrn}/problems (AIRPORT_OPERATOR, OPS_SUPERVISOR, ADMIN):
 * an operator records what went wrong at the hotel (a refused voucher, no shuttle, an unsafe
 * room) as an OPERATOR rating of the reservation, counted in the hotel's score. Several per
 * reservation are allowed: each is a separate incident. A CONFIRMED, CHECKED_OUT or CANCELLED
 * stay can have one (a walked stay, or one the desk cancelled because the hotel refused the
 * voucher, is exactly such a case); one still PENDING or FAILED never reached the hotel: 409
 * INVALID_TRANSITION.
 */
export async function reportProblem({ ctx, input: raw }: { ctx: Ctx; input: ProblemBody & { reservationUrn: string } }): Promise<StayRating> {
  requirePermission(ctx, "hotel:problem", "record a problem with a hotel");
  const { reservationUrn, ...body } = raw;
  const input = parseInput(ProblemBody, body);
  return transaction(ctx, async (tx) => {
    const { row: r, caseRow } = await loadReservation(tx, reservationUrn);
    if (r.status === "PENDING" || r.status === "FAILED") throw new DomainError(409, "INVALID_TRANSITION", `Reservation ${r.urn} is ${r.status}: the hotel never held it, so there is no stay to report a problem with.`);
    const [row] = await tx.db
      .insert(stayRatings)
      .values({ urn: newUrn("rating"), tenant: r.tenant, reservationUrn: r.urn, hotelUrn: r.hotelUrn, source: "OPERATOR", score: input.score, tags: input.tags, comment: input.note ?? null, createdBy: tx.principal.sub })
      .returning();
    // the audit is append-only and erasure cannot reach it: it says a note was given, never its text
    // (the note may name guests; it lives on the rating row, which erasure clears)
    await writeAudit(tx, { entity: "reservation", entityUrn: r.urn, action: "quality.report_problem", airport: caseRow.airport, after: { rating: row.urn, score: row.score, tags: row.tags, note: row.comment ? "(given)" : null } });
    await emit(tx, "stay/rated", { tenant: r.tenant, ratingUrn: row.urn, reservationUrn: r.urn, hotelUrn: r.hotelUrn, source: "OPERATOR" });
    return toRating(row);
  });
}

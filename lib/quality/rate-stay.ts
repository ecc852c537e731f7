import { and, eq } from "drizzle-orm";
import { stayRatings } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { transaction } from "@/lib/context";
import { DomainError, notFound } from "@/lib/errors";
import { emit } from "@/lib/events/emit";
import { newUrn } from "@/lib/ids";
import type { PassengerLink } from "@/lib/passenger/link";
import { parseInput } from "@/lib/validation";
import { stayHasBegun } from "./passenger";
import { RatingBody } from "./schemas";
import { toRating } from "./to-record";
import type { StayRating } from "./schemas";

/**
 * POST /passenger/{token}/rating: the passengers rate the stay their link shows (the current
 * stay: a walked or replaced one's successor), once per reservation. The link is the credential
 * (lib/passenger/link.ts), so there is no role to check. A stay can be rated once it has begun:
 * its check-in time has passed, the hotel recorded the check-in, or it is over; before that a
 * 409 STAY_NOT_BEGUN. A stay cancelled without replacement (declined, cancelled by the desk) has
 * nothing to rate: 404 as for the other actions. A second rating is a 409 ALREADY_RATED; two at
 * once meet the unique index (one PASSENGER row per reservation) and the loser gets the same 409.
 */
export async function rateStay(link: PassengerLink, raw: RatingBody, now = new Date()): Promise<StayRating> {
  const { ctx, reservation: r, caseRow } = link;
  if (r.status === "CANCELLED") throw notFound("The reservation of this link");
  if (r.status !== "CONFIRMED" && r.status !== "CHECKED_OUT") throw new DomainError(409, "INVALID_TRANSITION", "This stay is still being booked: there is nothing to rate yet.");
  if (!stayHasBegun(r, now.getTime())) throw new DomainError(409, "STAY_NOT_BEGUN", `Your stay begins at ${r.checkIn.toISOString()}: you can rate it from then.`);
  const input = parseInput(RatingBody, raw);
  const comment = input.comment ? input.comment : null;
  return transaction(ctx, async (tx) => {
    const [row] = await tx.db
      .insert(stayRatings)
      .values({ urn: newUrn("rating"), tenant: r.tenant, reservationUrn: r.urn, hotelUrn: r.hotelUrn, source: "PASSENGER", score: input.score, tags: input.tags, comment, createdBy: tx.principal.sub })
      // the partial unique index (reservation, source) for PASSENGER: the second rating, or the loser of two at once, inserts nothing
      .onConflictDoNothing()
      .returning();
    if (!row) {
      const [first] = await tx.db.select({ at: stayRatings.createdAt }).from(stayRatings).where(and(eq(stayRatings.reservationUrn, r.urn), eq(stayRatings.source, "PASSENGER"))).limit(1);
      throw new DomainError(409, "ALREADY_RATED", `This stay was already rated${first ? ` on ${first.at.toISOString()}` : ""}: one rating per stay.`);
    }
    // the audit keeps the score and tags, never the comment (free text may hold personal data; erasure clears it from the row)
    await writeAudit(tx, { entity: "reservation", entityUrn: r.urn, action: "passenger.rate_stay", airport: caseRow.airport, after: { score: row.score, tags: row.tags, comment: row.comment ? "(given)" : null } });
    await emit(tx, "stay/rated", { tenant: r.tenant, ratingUrn: row.urn, reservationUrn: r.urn, hotelUrn: r.hotelUrn, source: "PASSENGER" });
    return toRating(row);
  });
}

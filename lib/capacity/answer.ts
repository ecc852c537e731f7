import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { capacityCallAnswers } from "@/db/schema";
import { loadScopedHotel } from "@/lib/hotels/scope";
import { requirePermission } from "@/lib/auth/require";
import { writeAudit } from "@/lib/audit/write";
import { type Ctx, transaction } from "@/lib/context";
import { DomainError } from "@/lib/errors";
import { writeHotelNight } from "@/lib/extranet/write-night";
import { Urn } from "@/lib/primitives";
import { parseInput } from "@/lib/validation";
import { loadScopedCall, capacityCallRecord } from "./record";
import { CapacityAnswerBody, type CapacityCall } from "./schemas";

const AnswerInput = CapacityAnswerBody.extend({ callUrn: Urn("capacity") });
export type AnswerInput = z.input<typeof AnswerInput>;

/**
 * POST /capacity-calls/{callUrn}/answers: a hotel the call went to says how many rooms (and at what
 * rate) it offers that night. One answer per call and hotel, a later one replacing it; the same
 * transaction sets the hotel's inventory for the call's night through writeHotelNight (the
 * extranet's one writer: its rules, e.g. a night already over or a rate above ten times the
 * contract's, refuse the answer with a 422 and nothing written; its own hotel audit entry beside
 * the call's), which the DIRECT source offers to the next wave. A HOTEL user answers for the hotels
 * of its claim only (403 outside); staff within their airports. A hotel the call did not go to is a 422.
 */
export async function answerCapacityCall({ ctx, input }: { ctx: Ctx; input: AnswerInput }): Promise<CapacityCall> {
  requirePermission(ctx, "hotel:extranet", "answer a capacity call");
  const { callUrn, hotelUrn, rooms, nightlyRate = null } = parseInput(AnswerInput, input);
  const hotel = await loadScopedHotel(ctx, hotelUrn);
  const call = await loadScopedCall(ctx, callUrn);
  if (!call.hotelUrns.includes(hotel.urn)) {
    throw new DomainError(422, "NOT_CALLED", `The capacity call did not go to ${hotel.name}.`, [{ path: "hotelUrn", message: "not a hotel of this call" }]);
  }
  const by = ctx.principal.sub;
  await transaction(ctx, async (tx) => {
    const [before] = await tx.db
      .select({ rooms: capacityCallAnswers.rooms, nightlyRate: capacityCallAnswers.nightlyRate })
      .from(capacityCallAnswers)
      .where(and(eq(capacityCallAnswers.callUrn, call.urn), eq(capacityCallAnswers.hotelUrn, hotel.urn)));
    await tx.db
      .insert(capacityCallAnswers)
      .values({ callUrn: call.urn, hotelUrn: hotel.urn, rooms, nightlyRate, answeredBy: by })
      .onConflictDoUpdate({ target: [capacityCallAnswers.callUrn, capacityCallAnswers.hotelUrn], set: { rooms, nightlyRate, answeredBy: by, updatedAt: new Date() } });
    await writeHotelNight(tx, hotel, { date: call.date, rooms, nightlyRate }, `answer to capacity call ${call.urn}`);
    await writeAudit(tx, {
      entity: "capacity",
      entityUrn: call.urn,
      action: "answer",
      airport: call.airport,
      before: before ? { hotelUrn: hotel.urn, ...before } : { hotelUrn: hotel.urn },
      after: { hotelUrn: hotel.urn, rooms, nightlyRate, date: call.date },
    });
  });
  return capacityCallRecord(ctx, call);
}

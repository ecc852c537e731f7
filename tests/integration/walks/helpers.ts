import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "@/db/client";
import { reservations } from "@/db/schema";
import { allocateOnApproval } from "@/inngest/functions/allocate";
import { bookGroup, bookWave } from "@/inngest/functions/book";
import { passengerFlow } from "@/inngest/functions/passenger-flow";
import { messagesOnReservationCancelled, messagesOnVoucherIssued } from "@/inngest/functions/messages";
import { dropTransportOnCancelled } from "@/inngest/functions/plan-transport";
import { rehouseWalked } from "@/inngest/functions/rehouse-walked";
import type { Allocation } from "@/lib/allocation/schemas";
import { createRunner } from "@/lib/jobs/runner";
import { allocate, approvedCase, bookingTenant, reservationsOf, setAllocation, steerAll, waveOf } from "../booking/helpers";

export type Sandboxed = "EXPEDIA_RAPID" | "HOTELBEDS";

/** Every job a walk sets going: the rehousing, the new stay's voucher and messages, the rides dropped and planned. */
export function walkRunner(db: Db) {
  return createRunner({
    db,
    jobs: [allocateOnApproval, bookWave, bookGroup, passengerFlow, messagesOnVoucherIssued, messagesOnReservationCancelled, dropTransportOnCancelled, rehouseWalked],
    retryBaseMs: 1,
  });
}

/**
 * A case booked for real at one sandbox provider, each group's next-ranked hotel (its allocation's
 * fallback) at the other when `fallbackAt` is given (none otherwise), with its rides planned.
 */
export async function bookedCase(db: Db, provider: Sandboxed, fallbackAt?: Sandboxed, over: Record<string, unknown> = {}) {
  const { tenant, token } = await bookingTenant(db, over);
  const { caseUrn } = await approvedCase(token);
  await allocate(db);
  await steerAll(db, tenant, caseUrn, provider);
  if (fallbackAt) {
    const wave = await waveOf(db, caseUrn);
    const offers = wave.rankingInputs as { tier: string; provider: string; hotelUrn: string; providerOfferId: string; roomsAvailable: number }[];
    for (const a of wave.allocations) {
      const next = offers.find((o) => o.tier === a.tier && o.provider === fallbackAt && o.roomsAvailable >= a.rooms && o.hotelUrn !== a.hotelUrn)!;
      await setAllocation(db, wave.urn, a.groupId, (x: Allocation) => ({ ...x, fallbacks: [{ hotelUrn: next.hotelUrn, provider: fallbackAt, providerOfferId: next.providerOfferId, score: 0.5 }] }));
    }
  }
  await walkRunner(db).tick();
  const rows = await reservationsOf(db, caseUrn, "CONFIRMED");
  expect(rows.length).toBeGreaterThan(0);
  return { tenant, token, caseUrn, rows };
}

export const successorOf = async (db: Db, urn: string) => (await db.select().from(reservations).where(and(eq(reservations.previousUrn, urn)))).sort((a, b) => a.urn.localeCompare(b.urn));

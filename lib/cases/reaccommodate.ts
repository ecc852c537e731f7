import { eq, sql } from "drizzle-orm";
import { cases } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import { writeAudit } from "@/lib/audit/write";
import { type Ctx, transaction } from "@/lib/context";
import { invalid } from "@/lib/errors";
import { emit } from "@/lib/events";
import { ownKeyMap } from "@/lib/primitives";
import { parseInput } from "@/lib/validation";
import type { OperationalStatus } from "@/lib/vocabulary";
import { airportTimeZone } from "./airports";
import { readCaseRecord } from "./get";
import { loadOpenCase } from "./load";
import { movePassengers } from "./passenger-transitions";
import { ReaccommodateInput } from "./inputs";
import type { Case } from "./records";
import { computeStay } from "./stay";

/** Passengers without a reservation yet: these follow the stay plan; booked ones wait for the booking job. */
const NOT_YET_BOOKED: OperationalStatus[] = ["AWAITING_ALLOCATION", "ALLOCATED", "HELD"];

/**
 * PATCH /cases/{caseUrn}/reaccommodate: the passengers' next flight changed. Recomputes the stay
 * (nights in the airport's time zone). With no overnight gap left (the next flight leaves on the
 * disruption's local calendar day) passengers not yet booked become LOCAL_RESIDENT; when a later
 * change brings an overnight gap back, LOCAL_RESIDENT passengers await allocation again.
 * Reservations are left to the booking job, which "case/reaccommodated" wakes.
 */
export async function reaccommodateCase({ ctx, input: raw }: { ctx: Ctx; input: ReaccommodateInput }): Promise<Case> {
  requirePermission(ctx, "case:reaccommodate", "re-accommodate cases");
  const input = parseInput(ReaccommodateInput, raw);
  return transaction(ctx, async (tx) => {
    const current = await loadOpenCase(tx, input.caseUrn);
    const next = input.nextFlight;
    if (Date.parse(next.scheduledDeparture) <= Date.parse(current.flight.scheduledDeparture)) {
      throw invalid("The next flight must leave after the disrupted flight.", [
        { path: "nextFlight.scheduledDeparture", message: `must be after ${current.flight.scheduledDeparture}` },
      ]);
    }
    const timeZone = await airportTimeZone(tx, current.airport);
    const before = computeStay(current.flight, current.nextFlight ?? null, timeZone);
    const stay = computeStay(current.flight, next, timeZone)!;

    const [from, to]: [OperationalStatus[], OperationalStatus] = stay.overnight ? [["LOCAL_RESIDENT"], "AWAITING_ALLOCATION"] : [NOT_YET_BOOKED, "LOCAL_RESIDENT"];
    const moved = await movePassengers(tx.db, { caseUrn: current.urn, to, from, skipOthers: true });
    const [updated] = await tx.db
      .update(cases)
      .set({ nextFlight: next, revision: sql`${cases.revision} + 1` })
      .where(eq(cases.urn, current.urn))
      .returning();

    await writeAudit(tx, {
      entity: "case",
      entityUrn: current.urn,
      action: "reaccommodate",
      airport: current.airport,
      reason: input.reason ?? null,
      before: {
        nextFlight: current.nextFlight ?? null,
        stay: before && { nights: before.nights, overnight: before.overnight },
        operationalStatus: ownKeyMap(moved.map((p) => [p.passengerId, p.from] as const)),
      },
      after: {
        nextFlight: next,
        stay: { nights: stay.nights, overnight: stay.overnight },
        operationalStatus: ownKeyMap(moved.map((p) => [p.passengerId, to] as const)),
      },
    });
    await emit(tx, "case/reaccommodated", {
      tenant: tx.principal.tenant,
      caseUrn: current.urn,
      previousNextFlight: current.nextFlight ?? null,
      nextFlight: next,
      nights: stay.nights,
      overnight: stay.overnight,
    });
    return readCaseRecord(tx, updated);
  });
}

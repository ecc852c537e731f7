"use server";

import { airportTimeZones } from "@/lib/cases/airports";
import { findCases } from "@/lib/cases/find-cases";
import { findPassengers } from "@/lib/cases/find-passengers";
import { consoleAction } from "@/lib/console/action-result";

/**
 * The command palette's lookup: cases by flight or PNR and passengers by name, PNR, id, email or
 * phone, with the same verbs, permission and airport scope as any case read. Each case comes with
 * its airport's zone, so its departure reads in local time like everywhere else.
 */
export async function findAction(q: string) {
  return consoleAction(async (ctx) => {
    const [cases, passengers] = await Promise.all([findCases({ ctx, input: { q } }), findPassengers({ ctx, input: { q } })]);
    const zones = await airportTimeZones(ctx, cases.map((c) => c.airport));
    return { cases, passengers, zones };
  });
}

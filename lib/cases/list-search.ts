import { sql, type SQL } from "drizzle-orm";
import { cases, passengerGroups, passengers } from "@/db/schema";

/** `50%_off` matches itself, not "50 anything off": LIKE's wildcards in the text are escaped. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/**
 * GET /cases?q=: a case whose flight number, external event id, a PNR or a passenger's name
 * ("Amélie Martin" or "Martin Amélie") contains the text, case-insensitively.
 *
 * No migration adds a trigram index for this (issue 12 forbids one here): the PNR and name tests
 * are EXISTS probes through the (case_urn, …) indexes of passenger_groups and passengers, so the
 * cost is the passengers of the cases the other filters and the page limit leave to examine —
 * fine for thousands of cases; a pg_trgm GIN index on the names is the step past that.
 */
export function matchesText(q: string): SQL {
  const pattern = containsPattern(q);
  return sql`(
    ${cases.flight}->>'number' ilike ${pattern}
    or ${cases.externalEventId} ilike ${pattern}
    or exists (select 1 from ${passengerGroups} where ${passengerGroups.caseUrn} = ${cases.urn} and ${passengerGroups.pnr} ilike ${pattern})
    or exists (
      select 1 from ${passengers} where ${passengers.caseUrn} = ${cases.urn}
      and (coalesce(${passengers.firstName}, '') || ' ' || coalesce(${passengers.lastName}, '') ilike ${pattern}
        or coalesce(${passengers.lastName}, '') || ' ' || coalesce(${passengers.firstName}, '') ilike ${pattern})
    )
  )`;
}

import { type AnyColumn, and, eq, isNull, or, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { type CaseRow, policies } from "@/db/schema";
import { airportFacts } from "@/lib/airport-facts";
import type { Ctx } from "@/lib/context";
import { toPolicy } from "./record";
import type { Policy } from "./schemas";
import { selectPolicy } from "./select";

export { matchLevel, selectPolicy, type Candidate, type MatchQuery } from "./select";

export type PolicyContextQuery = {
  tenant: string;
  airport: string | null;
  airline: string | null;
  /** the airport's country when omitted */
  country?: string | null;
};

function dbOf(dbOrCtx: DbOrTx | Ctx): DbOrTx {
  return "principal" in dbOrCtx ? dbOrCtx.db : dbOrCtx;
}

/** Contract part 4: a case's airport is flight.origin, its airline the flight number's designator, its country the airport's. */
export function caseContext(row: Pick<CaseRow, "tenant" | "airport" | "airline">): PolicyContextQuery {
  return { tenant: row.tenant, airport: row.airport, airline: row.airline };
}

async function countryOf(db: DbOrTx, airport: string | null): Promise<string | null> {
  if (!airport) return null;
  const row = await airportFacts(db, airport);
  return row?.country ?? null;
}

/**
 * The ACTIVE policy that applies to each tier in one context (null where none does). One read of
 * the candidates that could match, then the pure selection per tier.
 */
export async function matchPolicies(dbOrCtx: DbOrTx | Ctx, q: PolicyContextQuery & { tiers: readonly string[] }): Promise<Map<string, Policy | null>> {
  const db = dbOf(dbOrCtx);
  const country = q.country !== undefined ? q.country : await countryOf(db, q.airport);
  const anyOr = (col: AnyColumn, v: string | null) => (v ? or(isNull(col), eq(col, v))! : isNull(col));
  const rows = q.tiers.length
    ? await db
        .select()
        .from(policies)
        .where(
          and(
            eq(policies.tenant, q.tenant),
            eq(policies.status, "ACTIVE"),
            anyOr(policies.airport, q.airport),
            anyOr(policies.airline, q.airline),
            anyOr(policies.country, country),
            or(...q.tiers.map((t) => sql`${policies.tiers} @> ${JSON.stringify([t])}::jsonb`)),
          ),
        )
    : [];
  const result = new Map<string, Policy | null>();
  for (const tier of q.tiers) {
    const row = selectPolicy(rows, { airport: q.airport, airline: q.airline, country, tier });
    result.set(tier, row ? toPolicy(row) : null);
  }
  return result;
}

/** The ACTIVE policy that applies to one tier in one context, first match wins; null if none. */
export async function matchPolicy(dbOrCtx: DbOrTx | Ctx, q: PolicyContextQuery & { tier: string }): Promise<Policy | null> {
  return (await matchPolicies(dbOrCtx, { ...q, tiers: [q.tier] })).get(q.tier) ?? null;
}

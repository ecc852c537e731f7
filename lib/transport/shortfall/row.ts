import { and, eq, sql } from "drizzle-orm";
import { type FleetShortfallRow, fleetShortfalls } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import type { ShortfallKey } from "./key";

/**
 * The shortfall row of an airport's night, created if missing and locked for the caller's
 * transaction: two cases' refusals arriving together wait for each other here, so there is one
 * row, one review item and one capacity request per vehicle type, never two. The caller's case is
 * added to the row's cases (first case first).
 */
export async function lockShortfall(tx: Ctx, key: ShortfallKey, caseUrn: string): Promise<FleetShortfallRow> {
  await tx.db.insert(fleetShortfalls).values({ ...key, caseUrns: [caseUrn] }).onConflictDoNothing();
  const [row] = await tx.db
    .select()
    .from(fleetShortfalls)
    .where(whereKey(key))
    .for("update");
  if (row.caseUrns.includes(caseUrn)) return row;
  const [updated] = await tx.db
    .update(fleetShortfalls)
    .set({ caseUrns: sql`${fleetShortfalls.caseUrns} || ${JSON.stringify([caseUrn])}::jsonb` })
    .where(whereKey(key))
    .returning();
  return updated;
}

export function whereKey(key: ShortfallKey) {
  return and(eq(fleetShortfalls.tenant, key.tenant), eq(fleetShortfalls.airport, key.airport), eq(fleetShortfalls.night, key.night), eq(fleetShortfalls.mode, key.mode));
}

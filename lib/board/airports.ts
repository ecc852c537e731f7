import { and, desc, eq, ne, sql } from "drizzle-orm";
import { airports, cases } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import { airportFilter } from "@/lib/auth/scope";
import type { Ctx } from "@/lib/context";

/**
 * The airports the board offers, the first being the default: a scoped user's own airports; for
 * someone who covers every airport, those with open live cases (busiest first) and then the demo
 * airports, so the night shift lands where the work is.
 */
export async function boardAirports({ ctx }: { ctx: Ctx }): Promise<string[]> {
  requirePermission(ctx, "read", "read the operations board");
  const scoped = airportFilter(ctx.principal);
  if (scoped) return scoped;
  const [busy, demo] = await Promise.all([
    ctx.db
      .select({ airport: cases.airport })
      .from(cases)
      .where(and(eq(cases.tenant, ctx.principal.tenant), eq(cases.mode, "LIVE"), ne(cases.status, "CLOSED")))
      .groupBy(cases.airport)
      .orderBy(desc(sql`count(*)`), cases.airport),
    ctx.db.select({ iata: airports.iata }).from(airports).where(eq(airports.demo, true)).orderBy(airports.iata),
  ]);
  return [...new Set([...busy.map((r) => r.airport), ...demo.map((r) => r.iata)])];
}

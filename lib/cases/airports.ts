import { inArray } from "drizzle-orm";
import { airports } from "@/db/schema";
import { airportFacts } from "@/lib/airport-facts";
import type { Ctx } from "@/lib/context";
import { type FieldError, invalid } from "@/lib/errors";

/** Contract part 4: every IATA airport is known; a code that is not is a 422 naming its field. */
export async function assertKnownAirports(ctx: Ctx, codes: { path: string; code: string }[]): Promise<void> {
  const wanted = [...new Set(codes.map((c) => c.code))];
  const rows = await ctx.db.select({ iata: airports.iata }).from(airports).where(inArray(airports.iata, wanted));
  const known = new Set(rows.map((r) => r.iata));
  const errors: FieldError[] = codes
    .filter((c) => !known.has(c.code))
    .map((c) => ({ path: c.path, message: `unknown IATA airport code ${c.code}` }));
  if (errors.length) throw invalid("The flight names an unknown airport.", errors);
}

/** The airport's IANA time zone, which stay nights are counted in; UTC if the airport is unknown. */
export async function airportTimeZone(ctx: Ctx, code: string): Promise<string> {
  return (await airportFacts(ctx.db, code))?.timeZone ?? "UTC";
}

/** Several airports' zones at once (a page of rows from different airports), by IATA code. */
export async function airportTimeZones(ctx: Ctx, codes: readonly (string | null | undefined)[]): Promise<Record<string, string>> {
  const wanted = [...new Set(codes.filter((c): c is string => Boolean(c)))];
  return Object.fromEntries(await Promise.all(wanted.map(async (c) => [c, await airportTimeZone(ctx, c)] as const)));
}


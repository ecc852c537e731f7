import { and, desc, eq, inArray, or } from "drizzle-orm";
import { fleetShortfalls, reviewItems } from "@/db/schema";
import { airportTimeZone } from "@/lib/cases/airports";
import { nightOf, nightUnderWay } from "@/lib/cases/stay";
import type { Ctx } from "@/lib/context";
import { shortfallFigures } from "@/lib/transport/shortfall/figures";
import type { BoardFleetShortfall } from "./schemas";

/**
 * The airport's fleet shortfalls for the board (lib/transport/shortfall): tonight's (the night
 * under way, or today's once past the cutoff, as the capacity call reads it) and any other night's
 * whose review item is still open, with their numbers read live. Live cases only. Usually one row;
 * a night with nothing short and its item resolved drops off.
 */
export async function boardFleetShortfalls(ctx: Ctx, airport: string, now: Date): Promise<BoardFleetShortfall[]> {
  const timeZone = await airportTimeZone(ctx, airport);
  const tonight = [...new Set([nightUnderWay(now, timeZone), nightOf(now, timeZone)])];
  const rows = await ctx.db
    .select({ row: fleetShortfalls, itemState: reviewItems.state })
    .from(fleetShortfalls)
    .leftJoin(reviewItems, eq(reviewItems.urn, fleetShortfalls.reviewItemUrn))
    .where(
      and(
        eq(fleetShortfalls.tenant, ctx.principal.tenant),
        eq(fleetShortfalls.airport, airport),
        eq(fleetShortfalls.mode, "LIVE"),
        or(inArray(fleetShortfalls.night, tonight), inArray(reviewItems.state, ["OPEN", "CLAIMED"])),
      ),
    )
    .orderBy(desc(fleetShortfalls.night))
    .limit(5);
  const out = await Promise.all(
    rows.map(async ({ row, itemState }) => {
      const f = await shortfallFigures(ctx, row);
      const open = itemState === "OPEN" || itemState === "CLAIMED";
      return {
        night: row.night,
        tonight: tonight.includes(row.night),
        rides: f.rides,
        seats: f.seats,
        byType: f.byType,
        taxi: f.taxi,
        capacity: row.capacityAsks.map((a) => ({ vehicleType: a.vehicleType, asked: a.asked, granted: a.granted })),
        cases: row.caseUrns.length,
        reviewItemUrn: open ? row.reviewItemUrn : null,
        openItems: open ? 1 : 0,
      };
    }),
  );
  return out.filter((s) => s.rides > 0 || s.openItems > 0);
}

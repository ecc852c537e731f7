import { requirePermission } from "@/lib/auth/require";
import { airportFilter } from "@/lib/auth/scope";
import type { Ctx } from "@/lib/context";
import { loadSettings } from "@/lib/tenants/load-settings";
import { careSection, computeCareCompliance } from "./care-compliance";
import { computeBases } from "./compute";
import { bodyOf } from "./figures";
import { weekContaining } from "./period";
import type { Report } from "./schemas";

/** The urn the console and the report view give the week so far: it is computed on each read, never kept. */
export const WEEK_SO_FAR = "this-week";

/**
 * The week so far (Monday 00:00 in the tenant's zone until `now`), computed on the read and not
 * kept: the Monday run keeps last week's report, and a duty manager at night wants this week's
 * figures, tonight's cases included. The reader's airports only, as a kept report shows them
 * (toReport): a principal of some airports gets the figures of those airports alone.
 */
export async function weekSoFar({ ctx, now = new Date() }: { ctx: Ctx; now?: Date }): Promise<Report> {
  requirePermission(ctx, "read", "read reports");
  const timeZone = (await loadSettings(ctx)).timeZone ?? "UTC";
  const { from } = weekContaining(now, timeZone);
  const airports = airportFilter(ctx.principal);
  const [bases, care] = await Promise.all([computeBases(ctx, { from, to: now }), computeCareCompliance(ctx, { from, to: now, airports, now })]);
  const body = bodyOf(airports ? bases.filter((b) => airports.includes(b.airport)) : bases);
  return {
    urn: WEEK_SO_FAR,
    periodStart: from.toISOString(),
    periodEnd: now.toISOString(),
    timeZone,
    generatedBy: ctx.principal.sub,
    generatedAt: now.toISOString(),
    ...body,
    careCompliance: careSection(care.rows, airports),
    // stay quality is the kept report's: scored over every stay, not a week's
    worstHotels: [],
  };
}

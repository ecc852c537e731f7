import { inArray } from "drizzle-orm";
import { hotels } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import type { Ctx } from "@/lib/context";

export type HotelLabel = { name: string; phone: string | null; stars: number | null };

/** Names and phone numbers of hotels by URN, so the console shows (and an operator can call) the hotel. */
export async function hotelLabels({ ctx, input }: { ctx: Ctx; input: { urns: string[] } }): Promise<Record<string, HotelLabel>> {
  requirePermission(ctx, "read", "read hotel labels");
  const urns = [...new Set(input.urns.filter(Boolean))];
  if (urns.length === 0) return {};
  // hotels are shared reference data (not tenant records): a URN the caller already holds names one
  const rows = await ctx.db.select({ urn: hotels.urn, name: hotels.name, phone: hotels.phone, stars: hotels.stars }).from(hotels).where(inArray(hotels.urn, urns));
  return Object.fromEntries(rows.map((r) => [r.urn, { name: r.name, phone: r.phone, stars: r.stars }]));
}

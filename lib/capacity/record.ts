import { and, eq, inArray, sql } from "drizzle-orm";
import { capacityCallAnswers, capacityCalls, type CapacityCallRow, directContracts, hotels } from "@/db/schema";
import { isHotelUser } from "@/lib/hotels/scope";
import { requirePermission } from "@/lib/auth/require";
import { assertAirport } from "@/lib/auth/scope";
import type { Ctx } from "@/lib/context";
import { notFound } from "@/lib/errors";
import { Urn } from "@/lib/primitives";
import { parseInput } from "@/lib/validation";
import type { CapacityCall } from "./schemas";

/**
 * A capacity call of the caller's tenant, as its reader may see it: staff within their airports
 * (403 OUT_OF_SCOPE outside), a HOTEL user only a call that went to one of its hotels (404
 * otherwise), and then only its own hotels and their answers (it sees nothing of another hotel).
 */
export async function loadScopedCall(ctx: Ctx, callUrn: string): Promise<CapacityCallRow> {
  const [row] = await ctx.db
    .select()
    .from(capacityCalls)
    .where(and(eq(capacityCalls.urn, callUrn), eq(capacityCalls.tenant, ctx.principal.tenant)))
    .limit(1);
  if (!row) throw notFound(`Capacity call ${callUrn}`);
  if (isHotelUser(ctx.principal)) {
    if (!row.hotelUrns.some((h) => ctx.principal.hotels?.includes(h))) throw notFound(`Capacity call ${callUrn}`);
  } else {
    assertAirport(ctx.principal, row.airport);
  }
  return row;
}

/** GET /capacity-calls/{callUrn}. */
export async function getCapacityCall({ ctx, input }: { ctx: Ctx; input: { callUrn: string } }): Promise<CapacityCall> {
  requirePermission(ctx, "capacity:read", "read a capacity call");
  const callUrn = parseInput(Urn("capacity"), input.callUrn);
  return capacityCallRecord(ctx, await loadScopedCall(ctx, callUrn));
}

/** The call with its hotels (by name, reachable by e-mail or not) and its answers, cut to a HOTEL reader's own hotels. */
export async function capacityCallRecord(ctx: Ctx, call: CapacityCallRow): Promise<CapacityCall> {
  const visible = isHotelUser(ctx.principal) ? call.hotelUrns.filter((h) => ctx.principal.hotels?.includes(h)) : call.hotelUrns;
  const [hotelRows, [answers]] = await Promise.all([
    visible.length
      ? ctx.db
          .select({ hotelUrn: hotels.urn, hotelName: hotels.name, contactEmail: directContracts.contactEmail })
          .from(hotels)
          .leftJoin(directContracts, and(eq(directContracts.hotelUrn, hotels.urn), eq(directContracts.tenant, call.tenant)))
          .where(inArray(hotels.urn, visible))
      : [],
    ctx.db
      .select({ count: sql<number>`count(*)::int`, rooms: sql<number>`coalesce(sum(${capacityCallAnswers.rooms}), 0)::int` })
      .from(capacityCallAnswers)
      .where(and(eq(capacityCallAnswers.callUrn, call.urn), visible.length ? inArray(capacityCallAnswers.hotelUrn, visible) : sql`false`)),
  ]);
  const byUrn = new Map(hotelRows.map((h) => [h.hotelUrn, h]));
  return {
    urn: call.urn,
    airport: call.airport,
    date: call.date,
    reason: call.reason,
    roomsShort: call.roomsShort,
    automatic: call.createdBy.startsWith("system"),
    createdAt: call.createdAt.toISOString(),
    hotels: visible.map((h) => ({ hotelUrn: h, hotelName: byUrn.get(h)?.hotelName ?? h, reachable: Boolean(byUrn.get(h)?.contactEmail) })),
    answers: { count: answers?.count ?? 0, rooms: answers?.rooms ?? 0 },
  };
}
